// `BENCH_BASELINE=<dir> npm run bench index-vs-baseline`: the cold full index of this build
// against another build of the package (a checkout of an earlier commit, built, with its own
// node_modules), in one run: `metabob-mcp index --json` of each corpus by each build in
// interleaved rounds, so both see the same minutes of this shared machine. Prints the median
// in-process total, the highest peak RSS and the ratios. Without BENCH_BASELINE it says so and
// measures nothing. Corpora: index.ts' two (Django, zod) and effect, whose TypeScript the
// grammar reads worst (parse-error recovery costs most there).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { median } from './support/node-lines.ts';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const baseline = process.env.BENCH_BASELINE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CORPORA = [
  { label: 'Django', path: '/usr/lib/python3/dist-packages/django' },
  { label: 'zod/src', path: join(ROOT, 'node_modules/zod/src') },
  { label: 'effect/src', path: join(ROOT, 'node_modules/effect/src') },
];

function indexOnce(cli: string, path: string): { total: number; rss: number } {
  const run = spawnSync(process.execPath, [cli, 'index', path, '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, METABOB_CACHE: 'off' },
  });
  if (run.status !== 0) throw new Error(`${cli} index ${path} failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { timing: { total_ms: number; peak_rss_mb: number } };
  return { total: out.timing.total_ms, rss: out.timing.peak_rss_mb };
}

if (!baseline || !existsSync(join(baseline, 'dist/cli.js'))) {
  console.log('index-vs-baseline: skipped; set BENCH_BASELINE to the root of another built checkout (with dist/cli.js and node_modules)');
  process.exit(0);
}
const builds = [
  { label: 'baseline', cli: join(baseline, 'dist/cli.js') },
  { label: 'this', cli: join(ROOT, 'dist/cli.js') },
];
console.log(`cold index (METABOB_CACHE=off), ${ROUNDS} interleaved rounds; baseline ${baseline}; figures on a shared 2-core machine`);
for (const corpus of CORPORA) {
  if (!existsSync(corpus.path)) {
    console.log(`  ${corpus.label}: skipped, ${corpus.path} is absent`);
    continue;
  }
  const runs = new Map(builds.map((b) => [b.label, [] as Array<{ total: number; rss: number }>]));
  for (let i = 0; i < ROUNDS; i++) for (const b of i % 2 ? [...builds].reverse() : builds) runs.get(b.label)!.push(indexOnce(b.cli, corpus.path));
  const figure = (label: string) => ({ total: median(runs.get(label)!.map((r) => r.total)), rss: Math.max(...runs.get(label)!.map((r) => r.rss)) });
  const base = figure('baseline');
  const now = figure('this');
  const ratio = now.total / base.total;
  const rssRatio = now.rss / base.rss;
  console.log(
    `  ${corpus.label}: baseline ${base.total.toFixed(0)} ms, ${base.rss} MB; this ${now.total.toFixed(0)} ms, ${now.rss} MB; ${ratio.toFixed(2)}x time, ${rssRatio.toFixed(2)}x RSS` +
      ` (within 1.1x: ${ratio <= 1.1 && rssRatio <= 1.1 ? 'met' : 'MISSED'}); all totals: baseline ${runs
        .get('baseline')!
        .map((r) => r.total)
        .join(', ')}, this ${runs
        .get('this')!
        .map((r) => r.total)
        .join(', ')}`,
  );
}
