// `npm run bench`: the local index on two real corpora that install offline:
// Django from Debian's python3-django and zod's TypeScript sources. First the full index under
// each Node line side by side (support/node-lines.ts; interleaved runs, so every line sees the
// same minutes of this machine), then, under this Node: the full index through the
// built CLI in a fresh process (wall time including grammar load, peak RSS, files/s, MB/s),
// single-threaded parse-only time over the same files (fresh processes too, taken between the
// index runs), single-threaded extraction (the floor two lanes can reach), and a re-index after
// editing one file.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LocalIndex } from '../../core/index/local-index.ts';
import { scanWorkspace, normalizeExtensions, DEFAULT_EXCLUDE } from '../../core/index/scan-workspace.ts';
import { grammarForPath, parserFor } from '../../core/index/extract/grammar-loader.ts';
import { extractFile } from '../../core/index/extract/extract-file.ts';
import { engineFlagsFor } from '../../core/engine-flags.ts';
import { median, nodeLines, type NodeLine } from './support/node-lines.ts';

const ENGINE_FLAGS = engineFlagsFor();

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CLI = join(ROOT, 'dist/cli.js');
const CORPORA = [
  { label: 'Django', path: '/usr/lib/python3/dist-packages/django', targetMs: 1500, targetRssMb: 350 },
  { label: 'zod/src', path: join(ROOT, 'node_modules/zod/src') },
];

async function parseOnlyMs(root: string, files: string[]): Promise<number> {
  // Grammar load first (the index pays it too, inside its wall time), then read + parse only.
  for (const file of files) await parserFor(grammarForPath(file)!.grammar);
  const started = performance.now();
  for (const file of files) {
    const parser = await parserFor(grammarForPath(file)!.grammar);
    const tree = parser.parse(readFileSync(join(root, file), 'utf8'));
    tree?.delete();
  }
  return performance.now() - started;
}

/**
 * What one index lane does to every file (read, parse, collect definitions, imports and calls),
 * all in this one thread, timed like parse-only: grammars loaded first, JIT cold. Half of it is
 * the least that two lanes can take, before the resolution pass: the floor under the index time.
 */
async function extractOnlyMs(root: string, files: string[]): Promise<number> {
  for (const file of files) await parserFor(grammarForPath(file)!.grammar);
  const started = performance.now();
  for (const file of files) await extractFile(root, file);
  return performance.now() - started;
}

async function reindexAfterEditMs(root: string, file: string): Promise<{ ms: number; cpuMs: number; full: number }> {
  const copy = mkdtempSync(join(tmpdir(), 'bench-index-'));
  cpSync(root, copy, { recursive: true });
  try {
    const index = new LocalIndex(copy);
    const t0 = performance.now();
    await index.run({ budgetMs: Number.POSITIVE_INFINITY });
    const full = performance.now() - t0;
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 7; i++) {
      const path = join(copy, file);
      writeFileSync(path, readFileSync(path, 'utf8') + `\n# edit ${i}\n`.replace('#', file.endsWith('.py') ? '#' : '//'));
      const later = new Date(Date.now() + (i + 1) * 1000);
      utimesSync(path, later, later);
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await index.run({ budgetMs: Number.POSITIVE_INFINITY });
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (!result.ok || result.report.parsed !== 1) throw new Error(`re-index parsed ${result.ok ? result.report.parsed : result.cause}`);
    }
    return { ms: median(times), cpuMs: median(cpu), full };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * A single-threaded pass over a corpus (parse-only, or extraction with `pass`), in a fresh
 * process like the index it is compared with: with V8's default settings (the limit the index
 * is held against, which lets V8 tier the parser up as a long run would), or with the bin's
 * engine flags (core/engine-flags.ts), under which the parser stays on V8's baseline code.
 * Taken between the index runs, best of 3 like
 * them, so both sides of the ratio see the same minutes of this machine's drifting speed.
 */
function passInChildMs(root: string, nodeFlags: string[], pass: 'parse' | 'extract' = 'parse'): number {
  const run = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', new URL(import.meta.url).pathname], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_CHILD_ROOT: root, BENCH_CHILD_PASS: pass },
  });
  if (run.status !== 0) throw new Error(`${pass}-only child failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

if (process.env.BENCH_CHILD_ROOT) {
  const root = process.env.BENCH_CHILD_ROOT;
  const files = scanWorkspace(root, normalizeExtensions(undefined), DEFAULT_EXCLUDE).files.map((f) => f.file);
  const pass = process.env.BENCH_CHILD_PASS === 'extract' ? extractOnlyMs : parseOnlyMs;
  console.log((await pass(root, files)).toFixed(1));
  process.exit(0);
}

const LINE_RUNS = Number(process.env.BENCH_LINE_RUNS ?? 5);

/**
 * A cold `metabob-mcp index` (no warm-start cache) of each corpus under each Node line, LINE_RUNS
 * rounds with the lines interleaved: medians of the in-process total and the process wall, the
 * highest peak RSS, and whatever a run printed on stderr (a plain index prints nothing there).
 */
function indexPerNodeLine(lines: NodeLine[]): void {
  console.log(
    `\nindex per Node line (${lines.map((l) => `${l.label} ${l.version}`).join(', ')}; ${LINE_RUNS} interleaved runs each; ratios against the lowest line):`,
  );
  for (const corpus of CORPORA) {
    if (!existsSync(corpus.path)) continue;
    const runs = new Map(lines.map((l) => [l.label, [] as Array<{ total: number; wall: number; rss: number; stderr: string }>]));
    for (let i = 0; i < LINE_RUNS; i++) {
      for (const line of lines) {
        const started = performance.now();
        // Cold every time: with the warm-start cache on, whichever line ran first paid the one
        // cold run, and its peak RSS was held against the others' warm ones.
        const run = spawnSync(line.bin, [CLI, 'index', corpus.path, '--json'], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, METABOB_CACHE: 'off' },
        });
        const wall = performance.now() - started;
        if (run.status !== 0) throw new Error(`index under ${line.label} failed: ${run.stderr}`);
        const out = JSON.parse(run.stdout);
        runs.get(line.label)!.push({ total: out.timing.total_ms, wall, rss: out.timing.peak_rss_mb, stderr: run.stderr });
      }
    }
    const base = lines[lines.length - 1];
    const figure = (label: string) => {
      const r = runs.get(label)!;
      return {
        total: median(r.map((x) => x.total)),
        wall: median(r.map((x) => x.wall)),
        rss: Math.max(...r.map((x) => x.rss)),
        stderr: r.map((x) => x.stderr).filter(Boolean),
      };
    };
    const baseline = figure(base.label);
    console.log(`  ${corpus.label}:`);
    for (const line of lines) {
      const f = figure(line.label);
      const ratio = `${(f.total / baseline.total).toFixed(2)}x time, ${(f.rss / baseline.rss).toFixed(2)}x RSS`;
      const within = line === base ? '' : f.total <= baseline.total * 1.15 && f.rss <= baseline.rss * 1.15 ? ' (within 1.15x: met)' : ' (within 1.15x: MISSED)';
      const stderr = f.stderr.length ? `; stderr: ${JSON.stringify(f.stderr[0].slice(0, 120))}` : '; stderr empty';
      console.log(
        `    ${line.label.padEnd(7)} ${f.total.toFixed(0).padStart(5)} ms in-process, ${f.wall.toFixed(0).padStart(5)} ms wall, peak RSS ${String(f.rss).padStart(4)} MB; ${line === base ? 'baseline' : ratio}${within}${stderr}`,
      );
    }
  }
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
indexPerNodeLine(nodeLines());
if (process.env.BENCH_LINES_ONLY) process.exit(0);
for (const corpus of CORPORA) {
  if (!existsSync(corpus.path)) {
    console.log(`\n${corpus.label}: skipped, ${corpus.path} is absent (Django comes from Debian's python3-django)`);
    continue;
  }
  const scan = scanWorkspace(corpus.path, normalizeExtensions(undefined), DEFAULT_EXCLUDE);
  const files = scan.files.map((f) => f.file);
  const bytes = scan.files.reduce((sum, f) => sum + f.size, 0);
  const mb = bytes / 1024 / 1024;

  const runs: Array<{ wall: number; total: number; parse: number; resolve: number; rss: number }> = [];
  const parseOnlyRuns: number[] = [];
  const parseOnlyBinRuns: number[] = [];
  const extractOnlyRuns: number[] = [];
  const extractOnlyDefaultRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    parseOnlyRuns.push(passInChildMs(corpus.path, []));
    parseOnlyBinRuns.push(passInChildMs(corpus.path, ENGINE_FLAGS));
    extractOnlyRuns.push(passInChildMs(corpus.path, ENGINE_FLAGS, 'extract'));
    extractOnlyDefaultRuns.push(passInChildMs(corpus.path, [], 'extract'));
    const started = performance.now();
    // Cold: the warm-start cache is off here (scripts/bench/warm-start.ts measures it).
    const run = spawnSync(process.execPath, [CLI, 'index', corpus.path, '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, METABOB_CACHE: 'off' },
    });
    const wall = performance.now() - started;
    if (run.status !== 0) throw new Error(`index failed: ${run.stderr}`);
    const out = JSON.parse(run.stdout);
    runs.push({ wall, total: out.timing.total_ms, parse: out.timing.parse_ms, resolve: out.timing.resolve_ms, rss: out.timing.peak_rss_mb });
  }
  const best = runs.reduce((a, b) => (a.total <= b.total ? a : b));
  const parseOnly = Math.min(...parseOnlyRuns);
  const parseOnlyBin = Math.min(...parseOnlyBinRuns);
  // The floor takes the faster of the two engine settings, so it is not an artefact of the bin's.
  const extractOnly = Math.min(...extractOnlyRuns, ...extractOnlyDefaultRuns);
  const edited = files.find((f) => /models\/query\.py$|types\.ts$/.test(f)) ?? files[0];
  const reindex = await reindexAfterEditMs(corpus.path, edited);

  console.log(`\n${corpus.label}: ${files.length} files, ${mb.toFixed(2)} MB (${corpus.path})`);
  console.log(
    `  full index (metabob-mcp index, fresh process, best of 3): ${best.total.toFixed(0)} ms in-process incl. grammar load, ${best.wall.toFixed(0)} ms process wall; peak RSS ${best.rss} MB`,
  );
  console.log(
    `    of which extraction ${best.parse} ms, resolution ${best.resolve} ms, scan and the rest ${best.total - best.parse - best.resolve} ms; all 3 runs: ${runs.map((r) => r.total).join(', ')} ms`,
  );
  console.log(`  throughput: ${(files.length / (best.total / 1000)).toFixed(0)} files/s, ${(mb / (best.total / 1000)).toFixed(2)} MB/s`);
  const runsOf = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(
    `  single-threaded parse-only (read + parse, grammars preloaded; fresh process, best of 3 taken between the index runs): ${parseOnly.toFixed(0)} ms (${runsOf(parseOnlyRuns)}); index / parse-only = ${(best.total / parseOnly).toFixed(2)}`,
  );
  console.log(
    `    the same with the bin's engine flags (${ENGINE_FLAGS.join(' ') || 'none for this V8'}): ${parseOnlyBin.toFixed(0)} ms (${runsOf(parseOnlyBinRuns)}); index / that = ${(best.total / parseOnlyBin).toFixed(2)}`,
  );
  console.log(
    `  single-threaded extraction (read + parse + collect, what an index lane does per file; same timing): ${runsOf(extractOnlyRuns)} ms with the bin's engine flags, ${runsOf(extractOnlyDefaultRuns)} ms with V8's defaults`,
  );
  console.log(
    `    floor for two lanes (the faster half, plus this run's resolution; no scan, no worker start): ${(extractOnly / 2 + best.resolve).toFixed(0)} ms, against parse-only ${parseOnly.toFixed(0)} ms`,
  );
  console.log(
    `  re-index after editing ${edited}: ${reindex.ms.toFixed(1)} ms wall median of 7, ${reindex.cpuMs.toFixed(1)} ms CPU (in-process full index ${reindex.full.toFixed(0)} ms)`,
  );
  if (corpus.targetMs) {
    console.log(
      `  targets: full < ${corpus.targetMs} ms (${best.total < corpus.targetMs ? 'met' : 'MISSED'}), RSS < ${corpus.targetRssMb} MB (${best.rss < corpus.targetRssMb! ? 'met' : 'MISSED'}), index <= parse-only (${best.total <= parseOnly ? 'met' : 'MISSED'}), re-index < 100 ms (${reindex.ms < 100 ? 'met' : 'MISSED'})`,
    );
  }
}
