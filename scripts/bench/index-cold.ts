// `npm run bench -- index-cold` (or `node --import tsx scripts/bench/index-cold.ts`): the cold
// `metabob-mcp index` against one thread parsing the same files, in one run, on Django and on a
// TypeScript tree of 500+ files (effect's and rxjs's sources from node_modules, copied side by
// side into a temp folder). Each round runs, in turn: the parse-only pass (a fresh process: read
// + parse + free, grammars loaded first and timed apart), this build's index, and, with
// BENCH_BASELINE=<another built checkout>, that build's index; the order rotates every round, so
// every side sees the same minutes of this shared machine. Prints medians of BENCH_ROUNDS (5):
// the index / parse-only ratio (target <= 1.0, stretch 0.8), and each index's split by phase:
// process start-up, the scan, the parse and extraction (grammar loads included, in the
// workers), the resolution, the rest of the run, and what follows it until the process exits;
// and, from one more run per build and round with the warm-start cache on, what its write adds.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scanWorkspace, normalizeExtensions, DEFAULT_EXCLUDE } from '../../core/index/scan-workspace.ts';
import { grammarForPath, parserFor } from '../../core/index/extract/grammar-loader.ts';
import { median } from './support/node-lines.ts';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET = 1.0;
const STRETCH = 0.8;

if (process.env.BENCH_COLD_CHILD) {
  // The parse-only pass, in this fresh process: grammars first (timed apart), then every file.
  const root = process.env.BENCH_COLD_CHILD;
  const files = scanWorkspace(root, normalizeExtensions(undefined), DEFAULT_EXCLUDE).files.map((f) => f.file);
  const grammarStarted = performance.now();
  for (const file of files) await parserFor(grammarForPath(file)!.grammar);
  const grammarMs = performance.now() - grammarStarted;
  const started = performance.now();
  for (const file of files) {
    const parser = await parserFor(grammarForPath(file)!.grammar);
    parser.parse(readFileSync(join(root, file), 'utf8'))?.delete();
  }
  console.log(JSON.stringify({ grammarMs, parseMs: performance.now() - started, files: files.length }));
  process.exit(0);
}

interface Phases {
  wall: number;
  total: number;
  start: number;
  scan: number;
  parse: number;
  resolve: number;
  rest: number;
  after: number;
  rss: number;
  user: number;
}

function parseOnly(root: string): { grammarMs: number; parseMs: number; files: number } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_COLD_CHILD: root },
  });
  if (run.status !== 0) throw new Error(`parse-only child failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim());
}

/**
 * One cold `index`: with no warm-start cache at all, or, given `cacheHome` (an empty folder),
 * with the cache on and empty, so the run writes it as a first launch does (after its output:
 * in "after").
 */
function coldIndex(cli: string, root: string, cacheHome?: string): Phases {
  const started = performance.now();
  const env = cacheHome ? { ...process.env, METABOB_CACHE: undefined, XDG_CACHE_HOME: cacheHome } : { ...process.env, METABOB_CACHE: 'off' };
  const run = spawnSync(process.execPath, [cli, 'index', root, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const wall = performance.now() - started;
  if (run.status !== 0) throw new Error(`${cli} index ${root} failed: ${run.stderr}`);
  const t = JSON.parse(run.stdout).timing as Record<string, number | undefined>;
  const total = t.total_ms!;
  // A build before the scan and start marks: its start-up and scan are left in "rest".
  const start = t.start_ms ?? NaN;
  const scan = t.scan_ms ?? NaN;
  const known = t.parse_ms! + t.resolve_ms! + (Number.isNaN(scan) ? 0 : scan);
  return {
    wall,
    total,
    start,
    scan,
    parse: t.parse_ms!,
    resolve: t.resolve_ms!,
    rest: total - known,
    after: Number.isNaN(start) ? wall - total : wall - start - total,
    rss: t.peak_rss_mb!,
    user: t.user_cpu_ms ?? NaN,
  };
}

function tsCorpus(): string | undefined {
  const sources = ['effect/src', 'rxjs/src'].map((s) => join(ROOT, 'node_modules', s));
  if (!sources.every(existsSync)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-index-cold-'));
  for (const s of sources) cpSync(s, join(dir, s.split('/').slice(-2, -1)[0]!), { recursive: true });
  return dir;
}

const ts = tsCorpus();
const corpora = [
  { label: 'Django', path: '/usr/lib/python3/dist-packages/django' },
  { label: 'effect+rxjs (TS)', path: ts },
].filter((c): c is { label: string; path: string } => c.path !== undefined && existsSync(c.path));
const baseline = process.env.BENCH_BASELINE;
const builds = [
  { label: 'this build', cli: join(ROOT, 'dist/cli.js') },
  ...(baseline && existsSync(join(baseline, 'dist/cli.js')) ? [{ label: 'baseline', cli: join(baseline, 'dist/cli.js') }] : []),
];

const fmt = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0));
console.log(
  `cold index against one-thread parse-only, ${ROUNDS} rotated rounds; ${builds.map((b) => `${b.label} ${b.cli}`).join(', ')}; load average at start ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  for (const corpus of corpora) {
    const parses: Array<{ grammarMs: number; parseMs: number; files: number }> = [];
    const runs = new Map(builds.map((b) => [b.label, [] as Phases[]]));
    const written = new Map(builds.map((b) => [b.label, [] as Phases[]]));
    const withCacheWrite = (b: { label: string; cli: string }) => {
      const home = mkdtempSync(join(tmpdir(), 'bench-index-cold-cache-'));
      try {
        written.get(b.label)!.push(coldIndex(b.cli, corpus.path, home));
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    };
    const sides = [
      () => parses.push(parseOnly(corpus.path)),
      ...builds.map((b) => () => runs.get(b.label)!.push(coldIndex(b.cli, corpus.path))),
      ...builds.map((b) => () => withCacheWrite(b)),
    ];
    for (let i = 0; i < ROUNDS; i++) for (let k = 0; k < sides.length; k++) sides[(i + k) % sides.length]!();
    const parse = median(parses.map((p) => p.parseMs));
    const grammar = median(parses.map((p) => p.grammarMs));
    console.log(
      `\n${corpus.label}: ${parses[0]!.files} files; parse-only ${parse.toFixed(0)} ms (all: ${parses.map((p) => p.parseMs.toFixed(0)).join(', ')}), its grammar load apart ${grammar.toFixed(0)} ms; load average now ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('  build       | index ms | / parse-only | wall ms | start | scan | parse+extract | resolve | rest | after (exit) | user CPU ms | RSS MB');
    for (const b of builds) {
      const r = runs.get(b.label)!;
      const m = (f: (p: Phases) => number) => median(r.map(f));
      const ratio = m((p) => p.total) / parse;
      const verdict = ratio <= STRETCH ? 'stretch met' : ratio <= TARGET ? 'met' : 'MISSED';
      console.log(
        `  ${b.label.padEnd(11)} | ${fmt(m((p) => p.total)).padStart(8)} | ${ratio.toFixed(2)}x ${verdict.padEnd(7)} | ${fmt(m((p) => p.wall)).padStart(7)} | ${fmt(m((p) => p.start)).padStart(5)} | ${fmt(m((p) => p.scan)).padStart(4)} | ${fmt(m((p) => p.parse)).padStart(13)} | ${fmt(m((p) => p.resolve)).padStart(7)} | ${fmt(m((p) => p.rest)).padStart(4)} | ${fmt(m((p) => p.after)).padStart(12)} | ${fmt(m((p) => p.user)).padStart(11)} | ${Math.max(...r.map((p) => p.rss))}`,
      );
      const w = written.get(b.label)!;
      const after = median(w.map((p) => p.after));
      console.log(
        `    all index totals: ${r.map((p) => p.total).join(', ')} ms; with the warm-start cache on (written after the output): index ${median(w.map((p) => p.total)).toFixed(0)} ms, after ${after.toFixed(0)} ms, so the cache write adds ${(after - m((p) => p.after)).toFixed(0)} ms to the process`,
      );
    }
  }
} finally {
  if (ts) rmSync(ts, { recursive: true, force: true });
}
