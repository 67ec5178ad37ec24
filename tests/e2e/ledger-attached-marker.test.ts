// The attached marker (READING-NOTES §"The attached marker"): written once the workspace is
// decided, moved with it, never for a plugin folder, removed on clean shutdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { markerPathFor, markersDir } from '../../core/identity/attached-marker.ts';
import { tempDir } from '../helpers/git.ts';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('a launch in a workspace writes its marker, and a clean shutdown removes it', async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-store-');
  const env = { METABOB_HOME: home };
  const path = markerPathFor(repo, env);
  const s = await startLedgerServer(repo, { ...env, VESSEL_ID: 'vessel-marker-1' });
  try {
    await waitFor(() => existsSync(path), 'the marker');
    const marker = JSON.parse(readFileSync(path, 'utf8'));
    const session = (await s.call('get_metrics', {})).meta.session_id;
    assert.deepEqual(Object.keys(marker), ['workspace', 'pid', 'session_id', 'vessel_id', 'attached', 'written_at']);
    assert.equal(marker.workspace, realpathSync(repo));
    assert.equal(typeof marker.pid, 'number');
    assert.notEqual(marker.pid, process.pid);
    process.kill(marker.pid, 0); // the server's own, alive
    assert.equal(marker.session_id, session);
    assert.equal(marker.vessel_id, 'vessel-marker-1');
    assert.equal(marker.attached, false);
    assert.ok(Math.abs(Date.parse(marker.written_at) - Date.now()) < 60_000);
  } finally {
    await s.close();
  }
  await waitFor(() => !existsSync(path), 'the marker to be removed');
});

test('a plugin folder never gets a marker; init_workspace writes it for the workspace and moves it', async () => {
  const plugin = tempDir('metabob-plugin-');
  const one = repoWithHistory().repo;
  const two = repoWithHistory().repo;
  const home = tempDir('metabob-store-');
  const env = { METABOB_HOME: home };
  const s = await startLedgerServer(plugin, { ...env, PLUGIN_ROOT: plugin });
  try {
    const refused = await s.call('get_problems', {});
    assert.match(refused.text, /^get_problems: workspace_undetermined: /);
    await sleep(300);
    assert.ok(!existsSync(markersDir(env)) || readdirSync(markersDir(env)).length === 0, 'no marker before the workspace is decided');

    const init = await s.call('init_workspace', { workspace_path: one });
    assert.equal(init.isError, false, init.text);
    await waitFor(() => existsSync(markerPathFor(one, env)), 'the marker for the first workspace');
    assert.ok(!existsSync(markerPathFor(plugin, env)), 'never for the plugin folder');

    await s.call('init_workspace', { workspace_path: two });
    await waitFor(() => existsSync(markerPathFor(two, env)), 'the marker for the second workspace');
    await waitFor(() => !existsSync(markerPathFor(one, env)), 'the first marker to be removed');
    assert.equal(JSON.parse(readFileSync(markerPathFor(two, env), 'utf8')).workspace, realpathSync(two));
    assert.deepEqual(readdirSync(markersDir(env)), [markerPathFor(two, env).split('/').pop()]);
  } finally {
    await s.close();
  }
  await waitFor(() => readdirSync(markersDir(env)).length === 0, 'every marker to be removed');
});
