// The local store under load (target: "store operations stay under 5 ms p95 with 10,000
// findings"): p95 of record (insert), a get_problems-style query, the duplicate check and
// mark_complete's store part, on a real SQLite file in a temp metabob directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './support/percentile.ts';

const home = mkdtempSync(join(tmpdir(), 'metabob-bench-store-'));
process.env.METABOB_HOME = home;
const { LocalStoreService } = await import('../../core/ledger/local-store.ts');
const stores = new LocalStoreService(process.env);
const { findOpenDuplicate } = await import('../../core/ledger/duplicate-finding.ts');
const { openFindingsPage } = await import('../../core/ledger/open-findings-page.ts');

const FINDINGS = 10_000;
const SAMPLES = 300;
const WORKSPACE = '/bench/workspace';
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
const WORDS = 'cache token race null bound index leak retry loop query parse header buffer lock queue timer socket config path user'.split(' ');

let seq = 0;
function summary(): string {
  seq++;
  return Array.from({ length: 6 }, (_, i) => WORDS[(seq * (i + 3) + i * 7) % WORDS.length]).join(' ') + ` case ${seq}`;
}
function seed(i: number, now: number) {
  const id = `agf_${(1e15 + i).toString(16)}`;
  return {
    id,
    workspace: WORKSPACE,
    repo: 'github.com/bench/repo',
    file: `src/module${i % 500}.ts`,
    line_start: null,
    line_end: null,
    severity: SEVERITIES[i % 5],
    category: `cat${i % 12}`,
    summary: summary(),
    details: null,
    status: 'open',
    finding_group: id,
    recorded_by: null,
    session: 'bench',
    created_at: now - i * 1000,
  };
}

const p95 = (samples: number[]): number => percentile(samples, 95);
/** CPU time of each sample too: on a loaded machine wall time also counts waiting for a core. */
const cpu: Record<string, number[]> = {};
let current = '';
function time(fn: () => void): number {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(c);
  (cpu[current] ??= []).push((used.user + used.system) / 1000);
  return wall;
}

const opened = await stores.open();
if (!opened.ok) throw new Error(opened.cause);
const store = opened.store;
const now = Date.now();
const fill = performance.now();
store.db.transaction(() => {
  for (let i = 0; i < FINDINGS; i++) store.insertFinding([seed(i, now)]);
})();
console.log(`filled ${FINDINGS} findings in ${(performance.now() - fill).toFixed(0)} ms (${store.path})`);

const results: Record<string, number[]> = { record: [], get_problems: [], get_problems_file_path: [], duplicate_check: [], mark_complete_store: [] };
for (let s = 0; s < SAMPLES; s++) {
  const i = FINDINGS + s;
  current = 'record';
  results.record.push(time(() => store.insertFinding([seed(i, now)])));
  current = 'get_problems';
  results.get_problems.push(time(() => openFindingsPage(store, WORKSPACE, {}, 10)));
  current = 'get_problems_file_path';
  results.get_problems_file_path.push(time(() => openFindingsPage(store, WORKSPACE, { filePath: `module${s % 500}.ts` }, 10)));
  current = 'duplicate_check';
  results.duplicate_check.push(time(() => findOpenDuplicate(store, WORKSPACE, [`src/module${s % 500}.ts`], summary())));
  const target = `agf_${(1e15 + s * 7).toString(16)}`;
  current = 'mark_complete_store';
  results.mark_complete_store.push(
    time(() => {
      const found = store.seedById(target)!;
      const ids = store.siblings(found).map((x) => x.id);
      store.retireStale(ids, 'verdict: endorsed\nfix: commit bench');
    }),
  );
}

let failed = false; // any p95 over the 5 ms target
for (const [name, samples] of Object.entries(results)) {
  const value = p95(samples);
  const ok = value < 5;
  failed ||= !ok;
  const median = [...samples].sort((a, b) => a - b)[samples.length >> 1];
  console.log(
    `${name.padEnd(24)} p95 ${value.toFixed(3)} ms  median ${median.toFixed(3)} ms  cpu p95 ${p95(cpu[name]).toFixed(3)} ms  (${samples.length} samples, ${FINDINGS}+ findings)  ${ok ? 'under 5 ms' : 'OVER 5 ms'}`,
  );
}
stores.close();
rmSync(home, { recursive: true, force: true });
const { loadavg, cpus } = await import('node:os');
// p95 on a shared machine measures its load as much as the store: say what the load was.
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores${failed ? '; a p95 over 5 ms under this load is reported, not failed' : ''}`,
);
