// The seeds table on a real SQLite file: migrations are applied once and survive a reopen,
// a concept id resolves to its local seed, a multi-file finding retires together, and the
// page/count queries count a multi-file finding once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { LocalStoreService } from '../../core/ledger/local-store.ts';
import { openFindingsPage } from '../../core/ledger/open-findings-page.ts';
import { findOpenDuplicate } from '../../core/ledger/duplicate-finding.ts';
import type { NewSeed } from '../../core/ledger/seed-table.ts';

process.env.METABOB_HOME = tempDir('metabob-unit-store-');
const stores = new LocalStoreService(process.env);

function finding(group: string, files: string[], extra: Partial<NewSeed> = {}): NewSeed[] {
  return files.map((file, i) => ({
    id: i === 0 ? group : `${group}_${i}`,
    workspace: '/ws',
    repo: 'github.com/o/r',
    file,
    line_start: null,
    line_end: null,
    severity: 'HIGH',
    category: 'correctness',
    summary: `summary of ${group}`,
    details: null,
    status: 'open',
    finding_group: group,
    recorded_by: null,
    session: 's',
    created_at: 1_000,
    ...extra,
  }));
}

test('migrations run once; reopening keeps the rows and the version', async () => {
  const first = await stores.open();
  assert.ok(first.ok);
  first.store.insertFinding(finding('agf_a', ['x.ts']));
  assert.equal(first.store.storedVersion(), 1);
  stores.close();
  const again = await stores.open();
  assert.ok(again.ok);
  assert.equal(again.store.storedVersion(), 1);
  assert.equal(again.store.seedById('agf_a')?.file, 'x.ts');
  assert.equal(again.store.path, join(process.env.METABOB_HOME!, 'metabob.db'));
  // Concurrent opens share one attempt and one connection.
  const [p, q] = await Promise.all([stores.open(), stores.open()]);
  assert.ok(p.ok && q.ok && p.store === q.store);
});

test('a concept id resolves to its local seed; siblings, retirement and counts treat a multi-file finding as one', async () => {
  const opened = await stores.open();
  assert.ok(opened.ok);
  const store = opened.store;
  store.insertFinding(finding('agf_m', ['a.ts', 'b.ts', 'c.ts'], { created_at: 5_000 }));
  store.insertFinding(finding('agf_t', ['a.ts'], { category: 'task', created_at: 6_000 }));
  store.setConceptRef(['agf_m', 'agf_m_1', 'agf_m_2'], 'concept_42');
  const seed = store.getSeedByConceptRef('concept_42')!;
  assert.equal(seed.id, 'agf_m');
  assert.deepEqual(
    store.siblings(store.seedById('agf_m_2')!).map((s) => s.id),
    ['agf_m', 'agf_m_1', 'agf_m_2'],
  );

  const page = openFindingsPage(store, '/ws', {}, 10);
  assert.equal(page.total, 2); // agf_a and agf_m; the task is apart
  assert.deepEqual(
    page.page.map((g) => g.seeds.map((s) => s.id)),
    [['agf_m', 'agf_m_1', 'agf_m_2'], ['agf_a']],
  );
  assert.deepEqual(
    page.tasks.map((g) => g.key),
    ['agf_t'],
  );
  const byFile = openFindingsPage(store, '/ws', { filePath: 'b.t' }, 10);
  assert.equal(byFile.total, 1);
  assert.deepEqual(
    byFile.page[0].seeds.map((s) => s.file),
    ['b.ts'],
  );
  assert.equal(openFindingsPage(store, '/ws', {}, 1).page.length, 1);
  assert.equal(openFindingsPage(store, '/other', {}, 10).total, 0);

  assert.equal(findOpenDuplicate(store, '/ws', ['c.ts'], 'Summary of agf_m!')?.id, 'agf_m_2');
  assert.equal(store.retireStale(['agf_m', 'agf_m_1', 'agf_m_2'], 'verdict: endorsed\nfix: commit abc'), 3);
  assert.equal(findOpenDuplicate(store, '/ws', ['c.ts'], 'Summary of agf_m!'), undefined);
  const counts = store.openCounts('/ws');
  assert.deepEqual(counts, {
    findings: 2,
    seeds: 2,
    agf: 2,
    bySeverity: { CRITICAL: 0, HIGH: 2, MEDIUM: 0, LOW: 0, INFO: 0 },
    topCategories: [
      ['correctness', 1],
      ['task', 1],
    ],
  });
  assert.deepEqual(store.closedSeeds('/ws', 'task', 5), []);
  assert.equal(store.deleteSeeds(['agf_t']), 1);
  assert.equal(store.workspaceSchemaVersion('/ws'), 1);
  assert.equal(store.workspaceSchemaVersion('/nowhere'), undefined);
});
