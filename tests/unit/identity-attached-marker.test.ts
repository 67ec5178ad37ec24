// The attached marker's file (READING-NOTES §"The attached marker"): named by a hash of the
// real path, a stale one recognised by its dead pid, only this process's own removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { AttachedMarkers, liveMarkerFor, markerPathFor, markersDir } from '../../core/identity/attached-marker.ts';

process.env.METABOB_HOME = tempDir('metabob-marker-home-');
const markers = new AttachedMarkers({ sessionId: 'test-session', vesselIdFor: () => undefined });
const writeAttachedMarkers = markers.write.bind(markers);
const removeAttachedMarkers = markers.removeAll.bind(markers);

test('a symlinked path and its real path name the same marker', () => {
  const real = tempDir('metabob-ws-');
  const link = join(tempDir(), 'link');
  symlinkSync(real, link);
  assert.equal(markerPathFor(link), markerPathFor(real));
  assert.match(markerPathFor(real), new RegExp(`^${markersDir()}/[0-9a-f]{16}\\.json$`));
});

test('writes for the workspace and the launch directory, never a plugin folder; removes only its own', () => {
  const ws = tempDir('metabob-ws-');
  const launch = tempDir('metabob-launch-');
  const plugin = tempDir('metabob-plugin-');
  writeAttachedMarkers(ws, launch, false, () => false);
  assert.equal(JSON.parse(readFileSync(markerPathFor(launch), 'utf8')).workspace, ws);
  assert.equal(liveMarkerFor(ws)?.pid, process.pid);
  writeAttachedMarkers(ws, plugin, true, (p) => p === plugin);
  assert.ok(!existsSync(markerPathFor(plugin)));
  assert.ok(!existsSync(markerPathFor(launch)), 'the launch marker moved away with the decision');
  assert.equal(liveMarkerFor(ws)?.attached, true);
  // Another server took the place since: its marker is not ours to remove.
  const other = { ...JSON.parse(readFileSync(markerPathFor(ws), 'utf8')), pid: process.ppid };
  writeFileSync(markerPathFor(ws), JSON.stringify(other));
  removeAttachedMarkers();
  assert.ok(existsSync(markerPathFor(ws)));
});

test('a marker whose pid is dead is stale', () => {
  const ws = tempDir('metabob-ws-');
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  mkdirSync(markersDir(), { recursive: true });
  writeFileSync(
    markerPathFor(ws),
    JSON.stringify({ workspace: ws, pid: Number(dead.stdout), session_id: 's', vessel_id: null, attached: false, written_at: new Date().toISOString() }),
  );
  assert.equal(liveMarkerFor(ws), undefined);
});
