// A database file in the metabob directory that is a symbolic link (metabob.db, its -wal, or
// sidecar.db) is refused before anything is opened, created or chmod-ed through it
// (core/ledger/owner-only-database.ts): the tools answer one store_unavailable line naming the
// file and the fix, doctor's store check fails with the same line, the link's target keeps its
// mode and content, and a dangling link's target is never created.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { tempHome } from '../helpers/client.ts';
import { runCli } from './attach-check-helpers.ts';
import { escapeRegExp, repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

const POSIX = { skip: process.platform === 'win32' && 'POSIX links and modes' };
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** The one line a refused store file is named by. */
const refusedLine = (what: string, file: string) =>
  new RegExp(
    `^store_unavailable: ${what} was not opened: ${escapeRegExp(file)} is a symbolic link, which is not followed; remove it, or set METABOB_HOME to a folder of your own`,
  );

/** A file elsewhere, 0644 with content, that a link in the metabob directory points at. */
function target(): { path: string; content: string } {
  const path = join(tempDir('metabob-link-target-'), 'elsewhere.db');
  const content = 'not a database, and not the server’s to change\n';
  writeFileSync(path, content);
  chmodSync(path, 0o644);
  return { path, content };
}

async function recordRefused(home: string, file: string): Promise<void> {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const r = await s.call('record_finding', { files: ['src/a.ts'], summary: 'kept nowhere', severity: 'HIGH', category: 'correctness' });
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, refusedLine('the local findings store', file));
    assert.equal(r.meta.empty_reason, 'store_unavailable');
    const problems = await s.call('get_problems', {});
    assert.match(problems.text, new RegExp(escapeRegExp(`${file} is a symbolic link, which is not followed`)));
  } finally {
    await s.close();
  }
}

async function doctorStore(home: string): Promise<{ status: string; cause: string; remedy: string }> {
  const out = await runCli(['doctor', '--json'], { env: { HOME: tempHome(), METABOB_HOME: home }, cwd: tempDir() });
  return JSON.parse(out.stdout).checks.find((c: { id: string }) => c.id === 'store');
}

test('metabob.db linked to an existing file: refused with the cause line; the target keeps its mode and content', POSIX, async () => {
  const home = tempDir('metabob-dir-');
  const elsewhere = target();
  const db = join(home, 'metabob.db');
  symlinkSync(elsewhere.path, db);
  await recordRefused(home, db);
  assert.equal(modeOf(elsewhere.path), '644', 'the target was not chmod-ed');
  assert.equal(readFileSync(elsewhere.path, 'utf8'), elsewhere.content, 'the target was not written');
  for (const side of ['-wal', '-shm']) assert.equal(existsSync(elsewhere.path + side), false, `no ${side} beside the target`);
  assert.ok(lstatSync(db).isSymbolicLink(), 'the link is left for the user to remove');

  const store = await doctorStore(home);
  assert.equal(store.status, 'fail');
  assert.match(store.cause, refusedLine('the local findings store', db));
  assert.equal(store.remedy, `move ${db} aside, or set METABOB_HOME to a folder of your own`);
  assert.equal(modeOf(elsewhere.path), '644', 'doctor did not open it either');
});

test('metabob.db linked to nothing: refused, and the missing target is not created', POSIX, async () => {
  const home = tempDir('metabob-dir-');
  const missing = join(tempDir('metabob-link-target-'), 'never-created.db');
  const db = join(home, 'metabob.db');
  symlinkSync(missing, db);
  await recordRefused(home, db);
  assert.equal(existsSync(missing), false, 'the dangling link’s target was not created');
  const store = await doctorStore(home);
  assert.equal(store.status, 'fail', 'doctor does not call a dangling link "no store yet"');
  assert.match(store.cause, refusedLine('the local findings store', db));
});

test('a linked metabob.db-wal beside a real store: refused, the target untouched', POSIX, async () => {
  const home = tempDir('metabob-dir-');
  const elsewhere = target();
  writeFileSync(join(home, 'metabob.db'), '');
  chmodSync(join(home, 'metabob.db'), 0o600);
  const wal = join(home, 'metabob.db-wal');
  symlinkSync(elsewhere.path, wal);
  await recordRefused(home, wal);
  assert.equal(modeOf(elsewhere.path), '644');
  assert.equal(readFileSync(elsewhere.path, 'utf8'), elsewhere.content);
});

test('sidecar.db linked to an existing file: pull_assigned_work names the refusal; the target keeps its mode', POSIX, async () => {
  const home = tempDir('metabob-dir-');
  const elsewhere = target();
  const sidecar = join(home, 'sidecar.db');
  symlinkSync(elsewhere.path, sidecar);
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const r = await s.call('pull_assigned_work', {});
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, refusedLine('the agent-resolver queue', sidecar));
  } finally {
    await s.close();
  }
  assert.equal(modeOf(elsewhere.path), '644');
  assert.equal(readFileSync(elsewhere.path, 'utf8'), elsewhere.content);
});
