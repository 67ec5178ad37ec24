// path_activity's read cache through the services (SPEC §path_activity "Read"): the boundary and
// the tool in this process with the real attachment against the emulator, and the services'
// clock moved by the test: fresh for 5 minutes, stale with one background refresh to 30, then
// a read the caller waits for; the emulator's gap store counts the reads.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { tempDir, writeFiles } from '../helpers/git.ts';
import { lazyAttachment } from '../../core/services/lazy-attachment.ts';
import { startEmulator } from '../substrate/emulator.ts';
import { waitFor } from '../substrate/server-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

test('fresh, stale with one background refresh, then a waited read, on the services clock', async () => {
  const e = await startEmulator({
    switches: {
      gaps: [{ id: 'g1', status: 'open', category: 'other', classification_metadata: { edit_site: 'repos/v/a.ts' }, updated_at: new Date().toISOString() }],
    },
  });
  cleanups.push(() => e.stop());
  const ws = tempDir('metabob-gap-cache-');
  writeFiles(ws, { 'repos/v/a.ts': '' });
  let now = Date.now();
  const s = await startInProcess({
    env: { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, WORKSPACE_PATH: ws },
    cwd: ws,
    clock: { now: () => now },
    attachment: lazyAttachment,
  });
  cleanups.push(() => s.close());
  const reads = () => e.switches.calls.filter((c) => c.shape === 'substrateGap').length;
  const call = async () => textOf(await s.client.callTool({ name: 'path_activity', arguments: { paths: ['repos/v/a.ts'] } }));

  assert.match(await call(), /repos\/v\/a\.ts: 1 open gap\(s\)/);
  assert.equal(reads(), 1);
  now += 4 * 60_000;
  assert.doesNotMatch(await call(), /served stale/);
  assert.equal(reads(), 1, 'fresh for 5 minutes');

  now += 2 * 60_000;
  e.setSwitch('latencyMs', { substrateGap: 300 });
  e.switches.gaps.push({
    id: 'g2',
    status: 'open',
    category: 'other',
    classification_metadata: { edit_site: 'repos/v/a.ts' },
    updated_at: new Date().toISOString(),
  });
  const stale = await Promise.all([call(), call(), call()]);
  for (const text of stale) {
    assert.match(text, /served stale while a refresh runs/);
    assert.match(text, /1 open gap\(s\)/);
  }
  // Stale callers meanwhile share the one refresh in flight; once it lands the read is fresh.
  await waitFor(async () => (/2 open gap\(s\)/.test(await call()) ? true : undefined), 10_000, 'the background refresh');
  assert.equal(reads(), 2, 'one background refresh for every stale caller');
  assert.doesNotMatch(await call(), /served stale/);

  now += 31 * 60_000;
  const waited = await call();
  assert.doesNotMatch(waited, /served stale/);
  assert.equal(reads(), 3, 'past 30 minutes the caller waits for a new read');
});
