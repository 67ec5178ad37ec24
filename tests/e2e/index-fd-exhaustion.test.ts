// init_workspace in a server that has run out of file descriptors (core/index/fd-exhaustion.ts):
// the answer is fd_exhausted naming the fix, never a success over the files it could not open
// ("0 files parsed"), and the index works again once descriptors are free. The built server's
// own limit is lowered with prlimit(1) while it runs: below the descriptors it already holds,
// so every new open fails with EMFILE as it did under ~20,000 connections to its loopback port,
// while the stdio pipes it already has keep working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));
const skip = process.platform !== 'linux' || !prlimit ? 'needs Linux and prlimit(1) to lower a running process limit' : false;

/**
 * prlimit(1) on the server; when it fails (the server is gone), the error carries the server's
 * last stderr lines, which say why it went.
 */
function prlimitOn(s: ServerUnderTest, args: string[]): string {
  try {
    return execFileSync(prlimit!, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  } catch (err) {
    const tail = s.stderr.slice(-40).join('\n');
    throw new Error(`prlimit ${args.join(' ')} failed (${(err as Error).message.trim()}); the server's last stderr:\n${tail}`);
  }
}

/** Lowers the server's soft descriptor limit to 3 (only stdio fits under it); returns the undo. */
function exhaustDescriptors(s: ServerUnderTest, pid: number): () => void {
  const hard = prlimitOn(s, ['--pid', String(pid), '--nofile', '--raw', '--noheadings', '--output=HARD']).trim();
  prlimitOn(s, ['--pid', String(pid), `--nofile=3:${hard}`]);
  return () => void prlimitOn(s, ['--pid', String(pid), `--nofile=${hard}:${hard}`]);
}

async function serverWithWorkspace(): Promise<{ s: ServerUnderTest; ws: string; pid: number }> {
  // The tests ask the process whether it still answers with ping, a 2025-era request.
  const s = await startServer({}, { era: 'legacy' });
  const ws = s.cwd;
  mkdirSync(join(ws, 'src'), { recursive: true });
  for (let i = 0; i < 5; i++) writeFileSync(join(ws, 'src', `f${i}.ts`), `export function f${i}() { return ${i}; }\n`);
  writeFileSync(join(ws, 'src', 'g.py'), 'def g():\n    return 1\n');
  const { pid } = JSON.parse(readFileSync(s.runFile, 'utf8')) as { pid: number };
  return { s, ws, pid };
}

function assertFdExhausted(reply: { text: string; isError: boolean; meta: any }): void {
  assert.equal(reply.isError, true, reply.text);
  assert.match(reply.text, /^fd_exhausted\(EMFILE\): this process has no file descriptor free .*; the index run stopped .* Fix: .*ulimit -n.*init_workspace/);
  assert.doesNotMatch(reply.text, /files parsed|Indexed /);
  assert.equal(reply.meta.diagnosis_v2?.[0]?.code, 'fd_exhausted');
}

test('a first init_workspace without a free descriptor answers fd_exhausted, not "0 files parsed"; the next one indexes', { skip }, async () => {
  const { s, ws, pid } = await serverWithWorkspace();
  try {
    await s.client.ping();
    const restore = exhaustDescriptors(s, pid);
    try {
      assertFdExhausted(await s.call('init_workspace', { workspace_path: ws }));
      // The process is alive and its stdio answers.
      await s.client.ping();
      process.kill(pid, 0);
    } finally {
      restore();
    }
    // Nothing about the failure was remembered: not the parser (whose import failed as
    // "Cannot find module" while no descriptor was free), not an empty workspace.
    const indexed = await s.call('init_workspace', { workspace_path: ws });
    assert.equal(indexed.isError, false, indexed.text);
    assert.match(indexed.text, /^Indexed .*: 6 files parsed in /);
  } finally {
    await s.close();
  }
});

test('a re-index without a free descriptor answers fd_exhausted and keeps the changed file for the next call', { skip }, async () => {
  const { s, ws, pid } = await serverWithWorkspace();
  try {
    assert.match((await s.call('init_workspace', { workspace_path: ws })).text, /^Indexed .*: 6 files parsed/);
    writeFileSync(join(ws, 'src', 'f1.ts'), 'export function renamed() { return 1; }\n');
    const restore = exhaustDescriptors(s, pid);
    try {
      assertFdExhausted(await s.call('init_workspace', { workspace_path: ws }));
    } finally {
      restore();
    }
    const again = await s.call('init_workspace', { workspace_path: ws });
    assert.equal(again.isError, false, again.text);
    assert.match(again.text, /^Re-indexed .*: 1 changed or new file\(s\) parsed, 5 unchanged reused/);
    const found = await s.call('search_codebase', { query: 'renamed' });
    assert.match(found.text, /renamed/);
  } finally {
    await s.close();
  }
});
