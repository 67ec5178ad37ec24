// Parse-only vs extraction, on two real corpora that install offline:
//   - Django's source from Debian's python3-django (/usr/lib/python3/dist-packages/django)
//   - the TypeScript sources zod ships in node_modules/zod/src (.ts, without .d.ts)
// For each: files, MB; grammar load; single-threaded parse-only (read + parse + free, the
// limit the index is held against); extraction in one thread; extraction on the worker pool.
// The pooled run uses an esbuild bundle of core/index/extract built like dist/ (the worker is
// dist's `index-worker` entry), so workers start as they do in the shipped server rather than
// through tsx. Wall times are medians of RUNS; CPU is the whole process (all threads).
// Run: `npm run bench -- parse-only` or `node --import tsx scripts/bench/parse-only.ts`.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs module without types
import { bundleOptions } from '../bundle-options.mjs';
import { parserFor } from '../../core/index/extract/grammar-loader.ts';
import { extractFiles as extractFromSource } from '../../core/index/extract/index.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const repo = new URL('../../', import.meta.url).pathname;

interface Corpus {
  name: string;
  root: string;
  accept: (name: string) => boolean;
  grammar: 'python' | 'typescript';
}

const corpora: Corpus[] = [
  { name: 'django', root: '/usr/lib/python3/dist-packages/django', accept: (n) => n.endsWith('.py'), grammar: 'python' },
  {
    name: 'zod (node_modules/zod/src)',
    root: join(repo, 'node_modules/zod/src'),
    accept: (n) => n.endsWith('.ts') && !n.endsWith('.d.ts'),
    grammar: 'typescript',
  },
];

function listFiles(dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === '__pycache__' || name.startsWith('.')) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) listFiles(path, accept, out);
    else if (accept(name) && stat.size <= 200 * 1024) out.push(path);
  }
  return out;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function measure(fn: () => Promise<unknown> | unknown): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = cpuMs();
    const t = performance.now();
    await fn();
    walls.push(performance.now() - t);
    cpus.push(cpuMs() - c);
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { wall: median(walls), cpu: median(cpus) };
}

/** Bundles the extractor the way scripts/build.mjs bundles dist/, into a scratch folder in the repo. */
const out = join(repo, 'node_modules/.cache/metabob-bench-extract');

async function bundledExtractor(): Promise<typeof extractFromSource> {
  rmSync(out, { recursive: true, force: true });
  await build(
    bundleOptions({
      entryPoints: { extract: join(repo, 'core/index/extract/index.ts'), 'index-worker': join(repo, 'core/index/extract/worker.ts') },
      outdir: out,
    }),
  );
  const mod = await import(pathToFileURL(join(out, 'extract.js')).href);
  return mod.extractFiles;
}

function line(label: string, files: number, bytes: number, m: { wall: number; cpu: number }): string {
  const mb = bytes / 1024 / 1024;
  return (
    `  ${label.padEnd(34)} ${m.wall.toFixed(0).padStart(6)} ms wall  ${m.cpu.toFixed(0).padStart(6)} ms cpu  ` +
    `${(files / (m.wall / 1000)).toFixed(0).padStart(6)} files/s  ${(mb / (m.wall / 1000)).toFixed(2).padStart(6)} MB/s`
  );
}

console.log(
  `parse-only bench: node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, median of ${RUNS} runs`,
);
const pooledExtract = await bundledExtractor();

for (const corpus of corpora) {
  if (!existsSync(corpus.root)) {
    console.log(`\n${corpus.name}: not installed at ${corpus.root}; skipped`);
    continue;
  }
  const paths = listFiles(corpus.root, corpus.accept);
  const rel = paths.map((p) => relative(corpus.root, p));
  const bytes = paths.reduce((sum, p) => sum + statSync(p).size, 0);
  console.log(`\n${corpus.name}: ${paths.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB`);

  let t = performance.now();
  const parser = await parserFor(corpus.grammar);
  console.log(`  grammar load (runtime + ${corpus.grammar}, first in process) ${(performance.now() - t).toFixed(0)} ms`);

  const parseOnly = await measure(() => {
    for (const p of paths) parser.parse(readFileSync(p, 'utf8'))?.delete();
  });
  console.log(line('parse-only, 1 thread', paths.length, bytes, parseOnly));

  t = performance.now();
  await extractFromSource(corpus.root, rel.slice(0, 1), { workers: 0 }); // warms this corpus's handlers
  const inThread = await measure(() => extractFromSource(corpus.root, rel, { workers: 0 }));
  console.log(line('extraction, 1 thread', paths.length, bytes, inThread));

  let pool = { workers: 0, failed: 0, mainThreadFiles: 0 };
  const pooled = await measure(async () => {
    pool = (await pooledExtract(corpus.root, rel)).pool;
  });
  console.log(line(`extraction, ${pool.workers} worker(s)${pool.mainThreadFiles ? ' + main' : ''} (bundled)`, paths.length, bytes, pooled));
  console.log(`  (last pooled run: ${pool.mainThreadFiles} of ${paths.length} files extracted by the main thread's lane)`);
  if (pool.failed) console.log(`  ${pool.failed} worker(s) died; their files were redone in the main thread`);
  console.log(
    `  pooled extraction / parse-only wall: ${(pooled.wall / parseOnly.wall).toFixed(2)}` +
      ` (the pool includes worker start-up and grammar load in each worker; parse-only does not)`,
  );
}
rmSync(out, { recursive: true, force: true });
