// The local store over stdio: where it lives, WAL, schema_version_at_index, the drift
// warning, and a store that cannot open named in every answer that needed it while the
// server keeps serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { tempDir } from '../helpers/git.ts';
import { startClient, metaOf, textOf } from '../helpers/client.ts';
import { capabilityProbe } from '../helpers/probe.ts';
import { SCHEMA_VERSION } from '../../core/ledger/schema-version.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

test("the store is one WAL file in the metabob directory, scoped by workspace; schema_version_at_index follows the workspace's rows", async () => {
  const home = tempDir('metabob-store-');
  const one = repoWithHistory().repo;
  const two = repoWithHistory().repo;
  const a = await startLedgerServer(one, { METABOB_HOME: home });
  const b = await startLedgerServer(two, { METABOB_HOME: home });
  try {
    const before = await a.call('get_metrics', {});
    // The store is open but this workspace has no rows: not applicable, so absent.
    assert.equal(before.meta.schema_version_at_index, undefined);
    assert.equal(before.meta.binary_drift_warning, null);
    await a.record({ files: ['src/a.ts'], summary: 'only in workspace one' });
    const after = await a.call('get_metrics', {});
    assert.equal(after.meta.schema_version_at_index, SCHEMA_VERSION);
    // The other workspace sees none of it.
    const other = await b.call('get_problems', {});
    assert.match(other.text, /^Open findings: 0 \(0 in the local store; /);
    assert.equal(other.meta.schema_version_at_index, undefined);
  } finally {
    await a.close();
    await b.close();
  }
  const db = new Database(join(home, 'metabob.db'), { readonly: true });
  try {
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.deepEqual(db.prepare('SELECT version FROM schema_version').all(), [{ version: 1 }]);
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM seeds').get() as { n: number }).n, 1);
  } finally {
    db.close();
  }
});

test('the default store is ~/.metabob/metabob.db under HOME', async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-home-');
  const { client, close } = await startClient({ cwd: repo, env: { HOME: home } });
  try {
    const r = await client.callTool({ name: 'record_finding', arguments: { files: ['src/a.ts'], summary: 's', severity: 'LOW', category: 'c' } });
    assert.match(textOf(r), /^Recorded finding: agf_/);
  } finally {
    await close();
  }
  const db = new Database(join(home, '.metabob', 'metabob.db'), { readonly: true });
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM seeds').get() as { n: number }).n, 1);
  db.close();
});

test('a store that cannot open is named in every answer that needed it, and the server keeps serving', async () => {
  const { repo } = repoWithHistory();
  const notADir = join(tempDir(), 'a-file');
  writeFileSync(notADir, 'not a directory');
  const s = await startLedgerServer(repo, { METABOB_HOME: notADir });
  try {
    const cause = `store_unavailable: the local findings store ${notADir}/metabob.db could not be opened (`;
    const rec = await s.call('record_finding', { files: ['src/a.ts'], summary: 's', severity: 'LOW', category: 'c' });
    assert.equal(rec.isError, true);
    assert.ok(rec.text.startsWith(cause), rec.text);
    assert.ok(rec.text.endsWith('; nothing was recorded'), rec.text);
    assert.equal(rec.text.split('\n').length, 1);
    assert.equal(rec.meta.empty_reason, 'store_unavailable');
    assert.equal(rec.meta.diagnosis_v2[0].code, 'store_unavailable');

    const problems = await s.call('get_problems', {});
    assert.ok(problems.text.startsWith(`Open findings: unknown (local store not read: ${cause}`), problems.text);
    assert.match(problems.text, /\nThe local store could not be read: store_unavailable: /);
    assert.equal(problems.meta.empty_reason, 'store_unavailable');

    for (const [name, args] of [
      ['mark_complete', { problem_id: 'agf_0123456789abcdef' }],
      ['annotate_component', { problem_id: 'agf_0123456789abcdef' }],
    ] as const) {
      const r = await s.call(name, args);
      assert.equal(r.isError, true, name);
      assert.ok(r.text.startsWith(cause), `${name}: ${r.text}`);
      assert.equal(r.meta.empty_reason, 'store_unavailable', name);
    }
    const metrics = await s.call('get_metrics', {});
    assert.match(metrics.text, /\nOpen findings in the local store: not read \(store_unavailable: /);
    const ctx = await s.call('get_analysis_context', {});
    assert.match(ctx.text, /\nlocal store: not read \(store_unavailable: /);
    // Never opened: the store's envelope fields do not apply.
    assert.equal(ctx.meta.binary_drift_warning, undefined);

    const { tools } = await s.client.listTools();
    assert.equal(tools.length, UNATTACHED_TOOLS.length);
  } finally {
    await s.close();
  }
});

capabilityProbe('binary_drift_warning', async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-store-');
  const first = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    await first.record({ files: ['src/a.ts'], summary: 'written before a newer binary migrated the store' });
  } finally {
    await first.close();
  }
  // A newer binary migrated the file past this one.
  const db = new Database(join(home, 'metabob.db'));
  db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(SCHEMA_VERSION + 1, Date.now());
  db.close();
  const s = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const r = await s.call('get_problems', {});
    assert.ok(metaOf(r.result).capabilities.includes('binary_drift_warning'));
    assert.deepEqual(r.meta.binary_drift_warning, {
      stored_version: SCHEMA_VERSION + 1,
      running_version: SCHEMA_VERSION,
      remediation: `the local store ${join(home, 'metabob.db')} was migrated by a newer metabob-mcp; upgrade this one (npm i -g @metabob/mcp) and restart it`,
    });
    // The rows written before are still read.
    assert.match(r.text, /written before a newer binary migrated the store/);
  } finally {
    await s.close();
  }
});
