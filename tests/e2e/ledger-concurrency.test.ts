// Two server processes on one store write and read at once without losing a row; a server
// killed with SIGKILL mid-write leaves a store that opens with every committed finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';

const PER_SERVER = 120;

type LedgerServer = Awaited<ReturnType<typeof startLedgerServer>>;

/** Two servers on one workspace and one store (one metabob directory), closed after `use`. */
async function withTwoServersOnOneStore(use: (a: LedgerServer, b: LedgerServer, home: string) => Promise<void>): Promise<void> {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-store-');
  const a = await startLedgerServer(repo, { METABOB_HOME: home });
  const b = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    await use(a, b, home);
  } finally {
    await a.close();
    await b.close();
  }
}

test('two servers on one workspace record concurrently and lose no row', () =>
  withTwoServersOnOneStore(async (a, b, home) => {
    const recordMany = async (s: LedgerServer, side: string) => {
      const ids: string[] = [];
      await Promise.all(
        Array.from({ length: PER_SERVER }, async (_, i) => {
          // Interleave reads with the writes, from both processes.
          if (i % 10 === 0) assert.equal((await s.call('get_problems', { limit: 5 })).isError, false);
          const r = await s.call('record_finding', {
            files: [i % 2 ? 'src/a.ts' : 'src/b.ts'],
            summary: `concurrent ${side} ${i} ${Math.random().toString(36).slice(2)}`,
            severity: 'LOW',
            category: `c${i % 3}`,
          });
          assert.equal(r.isError, false, r.text);
          ids.push(r.text.match(/agf_[0-9a-f]{16}/)![0]);
        }),
      );
      return ids;
    };
    const [idsA, idsB] = await Promise.all([recordMany(a, 'a'), recordMany(b, 'b')]);
    const metrics = await b.call('get_metrics', {});
    assert.match(metrics.text, new RegExp(`\nOpen findings in the local store: ${2 * PER_SERVER} \\(${2 * PER_SERVER} seeds\\)`));
    const db = new Database(join(home, 'metabob.db'), { readonly: true });
    try {
      const stored = new Set((db.prepare('SELECT id FROM seeds').all() as { id: string }[]).map((r) => r.id));
      assert.equal(stored.size, 2 * PER_SERVER);
      for (const id of [...idsA, ...idsB]) assert.ok(stored.has(id), id);
    } finally {
      db.close();
    }
  }));

test('two servers recording the same finding at once write it once', () =>
  withTwoServersOnOneStore(async (a, b) => {
    const args = { files: ['src/a.ts'], summary: 'Cache key ignores the tenant', severity: 'HIGH', category: 'security' };
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).call('record_finding', args)));
    const recorded = answers.filter((r) => r.text.startsWith('Recorded finding: '));
    const already = answers.filter((r) => r.text.startsWith('Already recorded (open): '));
    assert.equal(recorded.length, 1, answers.map((r) => r.text.split('\n')[0]).join('\n'));
    assert.equal(already.length, 15);
    const id = recorded[0].text.match(/agf_[0-9a-f]{16}/)![0];
    for (const r of already) assert.ok(r.text.startsWith(`Already recorded (open): ${id} — `));
  }));

test('SIGKILL mid-write leaves a store that opens with every committed finding intact', async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-store-');
  const child = spawn(process.execPath, [CLI], { cwd: repo, env: cleanEnv({ METABOB_HOME: home }), stdio: ['pipe', 'pipe', 'pipe'] });
  const acknowledged: string[] = [];
  const KILL_AFTER = 150;
  // Enough writes queued behind the 150th answer that the kill lands among them: a short queue
  // can be written out before the signal arrives, and the kill then tests nothing.
  const IN_FLIGHT = 200;
  let sent = 0;
  // Writes still queued in the pipe when the kill lands fail with EPIPE: that is the kill
  // working, not a fault of the server, so the stream's error is expected and dropped.
  child.stdin.on('error', () => {});
  const send = (msg: unknown) => child.stdin.write(JSON.stringify(msg) + '\n');
  const sendRecord = () => {
    sent++;
    send({
      jsonrpc: '2.0',
      id: sent,
      method: 'tools/call',
      params: {
        name: 'record_finding',
        arguments: {
          files: ['src/a.ts'],
          summary: `killed mid write ${sent} ${Math.random().toString(36).slice(2)}`,
          severity: 'MEDIUM',
          category: 'k',
          force: true,
        },
      },
    });
  };
  const done = new Promise<void>((resolve) => {
    let buffer = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = JSON.parse(line);
        if (msg.id === 0) for (let i = 0; i < IN_FLIGHT; i++) sendRecord();
        const text: string | undefined = msg.result?.content?.[0]?.text;
        const id = text?.match(/^Recorded finding: (agf_[0-9a-f]{16})/)?.[1];
        if (!id || killed) continue;
        acknowledged.push(id);
        if (acknowledged.length === KILL_AFTER) {
          // IN_FLIGHT writes are still queued behind this answer: kill the process among them.
          killed = true;
          child.kill('SIGKILL');
        } else sendRecord();
      }
    });
    child.on('exit', () => resolve());
    // Never hang the suite: a server that stops answering is killed, and the count below fails.
    setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
  });
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'kill', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await done;
  assert.equal(acknowledged.length, KILL_AFTER);

  const db = new Database(join(home, 'metabob.db'));
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    const stored = new Set((db.prepare('SELECT id FROM seeds').all() as { id: string }[]).map((r) => r.id));
    for (const id of acknowledged) assert.ok(stored.has(id), `acknowledged ${id} is in the store`);
    assert.ok(stored.size < sent, `the kill landed mid-run (${stored.size} of ${sent} sent were written)`);
  } finally {
    db.close();
  }
  // And a new server opens it and reads them.
  const s = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const metrics = await s.call('get_metrics', {});
    assert.match(metrics.text, /\nOpen findings in the local store: (\d+) /);
    const n = Number(metrics.text.match(/\nOpen findings in the local store: (\d+) /)![1]);
    assert.ok(n >= acknowledged.length);
  } finally {
    await s.close();
  }
});
