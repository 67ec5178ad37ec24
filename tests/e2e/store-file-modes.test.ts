// Every file the server writes in its metabob directory is owner-only (0600), whatever the
// directory's own mode: a pre-existing 0755 home, or a METABOB_HOME the server did not create,
// must not leave findings world-readable. doctor warns about such a home with the one-line fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { tempHome } from '../helpers/client.ts';
import { runCli } from './attach-check-helpers.ts';
import { markerPathFor } from '../../core/identity/attached-marker.ts';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** `name mode` of each file under dir. The server keeps writing while the test reads (the edit
 * news is written to a `.tmp` and renamed after every call), so a file gone between the listing
 * and its stat is skipped rather than failing the walk; every file that exists is counted. */
function fileModesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...fileModesUnder(path, `${prefix}${entry.name}/`));
    else {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat) out.push(`${prefix}${entry.name} ${(stat.mode & 0o777).toString(8)}`);
    }
  }
  return out.sort();
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(check(), `${what} did not appear`);
}

test(
  'in a 0755 home, the store, its -wal and -shm and every other file the server writes are 0600; doctor warns',
  { skip: process.platform === 'win32' && 'POSIX modes' },
  async () => {
    // The usual umask, whatever the machine running the tests has: the server inherits it.
    process.umask(0o022);
    const home = tempDir('metabob-dir-');
    chmodSync(home, 0o755);
    // A store an older binary left world-readable.
    const db = join(home, 'metabob.db');
    writeFileSync(db, '');
    chmodSync(db, 0o644);
    const { repo } = repoWithHistory();
    const env = { METABOB_HOME: home };
    const s = await startLedgerServer(repo, env);
    try {
      await s.record({ files: ['src/a.ts'], summary: 'a pasted token sk-live-0000 in the fixture' });
      await waitFor(() => existsSync(markerPathFor(repo, env)), 'the attached marker');
      const modes = fileModesUnder(home);
      const files = modes.map((m) => m.slice(0, m.lastIndexOf(' ')));
      for (const name of ['metabob.db', 'metabob.db-wal', 'metabob.db-shm']) assert.ok(files.includes(name), `${name} in ${files.join(', ')}`);
      assert.ok(
        files.some((f) => f.startsWith('markers/')),
        files.join(', '),
      );
      assert.deepEqual(
        modes,
        files.map((f) => `${f} 600`),
      );
    } finally {
      await s.close();
    }

    const doctorEnv = { HOME: tempHome(), METABOB_HOME: home };
    const out = await runCli(['doctor', '--json'], { env: doctorEnv, cwd: tempDir() });
    const store = JSON.parse(out.stdout).checks.find((c: { id: string }) => c.id === 'store');
    assert.equal(store.status, 'warn', store.detail);
    assert.equal(store.remedy, `chmod 700 ${home}`);
    assert.ok(store.detail.endsWith(`; the metabob directory ${home} is 0755, open to group or others`), store.detail);
    assert.equal(store.data.homeMode, '0755');

    chmodSync(home, 0o700);
    const fixed = await runCli(['doctor', '--json'], { env: doctorEnv, cwd: tempDir() });
    const after = JSON.parse(fixed.stdout).checks.find((c: { id: string }) => c.id === 'store');
    assert.equal(after.status, 'ok', after.detail);
    assert.equal(after.remedy ?? null, null);
  },
);

test(
  'a store the server creates in a 0755 METABOB_HOME it did not make is 0600 with its -wal and -shm',
  { skip: process.platform === 'win32' && 'POSIX modes' },
  async () => {
    process.umask(0o022);
    const home = tempDir('metabob-dir-');
    chmodSync(home, 0o755);
    const { repo } = repoWithHistory();
    const s = await startLedgerServer(repo, { METABOB_HOME: home });
    try {
      await s.record({ files: ['src/b.ts'], summary: 'created fresh' });
      const store = ['metabob.db', 'metabob.db-wal', 'metabob.db-shm'];
      assert.deepEqual(
        store.map((f) => `${f} ${modeOf(join(home, f))}`),
        store.map((f) => `${f} 600`),
      );
    } finally {
      await s.close();
    }
    // Closing checkpoints the WAL; whatever remains is still owner-only.
    for (const m of fileModesUnder(home)) assert.ok(m.endsWith(' 600'), m);
  },
);
