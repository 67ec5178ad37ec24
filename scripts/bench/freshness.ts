// The stat-only freshness check every index answer makes (READING-NOTES "Staleness is
// reported, not repaired"): target at most 5 ms on 2000 indexed files. Builds a 2000-file
// workspace in 100 directories, indexes it, then times the check for an answer covering 50
// files and for one covering all 2000, clean and after an edit and an added file.
//   node scripts/run-bench.mjs freshness
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalIndex } from '../../core/index/local-index.ts';

const root = mkdtempSync(join(tmpdir(), 'metabob-fresh-'));
const files: string[] = [];
for (let d = 0; d < 100; d++) {
  mkdirSync(join(root, `pkg${d}`));
  for (let f = 0; f < 20; f++) {
    const rel = `pkg${d}/m${f}.ts`;
    writeFileSync(join(root, rel), `export function f${d}_${f}() { return ${f}; }\n`);
    files.push(rel);
  }
}
const index = new LocalIndex(root);
const run = await index.run();
if (!run.ok) throw new Error(run.cause);

function p(label: string, covered: string[], rounds = 200): void {
  const times: number[] = [];
  let stale = 0;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const s = index.staleness(covered);
    times.push(performance.now() - t);
    stale = s.changed.length + s.deleted.length + s.added.length;
  }
  times.sort((a, b) => a - b);
  const q = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))]!.toFixed(2);
  console.log(`${label.padEnd(44)} median ${q(0.5)} ms  p95 ${q(0.95)} ms  (${stale} stale)`);
}

console.log(`indexed ${run.report.scanned} files in 100 directories (target: a check within 5 ms)`);
p('clean, answer covers 50 files', files.slice(0, 50));
p('clean, answer covers all 2000 files', files);
appendFileSync(join(root, files[3]!), '// edited\n');
writeFileSync(join(root, 'pkg7/new.ts'), 'export const n = 1;\n');
p('1 edit + 1 added, covers 50 files', files.slice(0, 50));
p('1 edit + 1 added, covers all 2000 files', files);
rmSync(root, { recursive: true, force: true });
process.exit(0);
