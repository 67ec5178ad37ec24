// The loopback server advertises itself nowhere (SPEC §impulse-shapes): local callers find
// its port in a run file, ~/.metabob/run/<pid>.json (METABOB_HOME names another directory),
// written 0600 in a 0700 directory and removed on clean shutdown. A file whose pid is dead is
// stale. It holds the token the loopback server asks of every caller (access.ts), so only this
// user can read it.
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metabobHome } from '../config/metabob-home.ts';

export interface RunFile {
  pid: number;
  port: number;
  url: string;
  session_id: string;
  version: string;
  started_at: string;
  /** The credential of GET /health's full answer and of /v1/*: `Authorization: Bearer <token>`. */
  token: string;
}

export function runFilePath(pid = process.pid, env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'run', `${pid}.json`);
}

/** Whether a process of that pid exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes run files left by servers that are gone (killed, crashed), so callers find only live ones. */
export function removeStaleRunFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  const dir = join(metabobHome(env), 'run');
  const removed: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = /^(\d+)\.json$/.exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !processAlive(Number(pid))) {
      rmSync(join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export function writeRunFile(content: RunFile, env: NodeJS.ProcessEnv = process.env): string {
  const path = runFilePath(content.pid, env);
  const dir = join(metabobHome(env), 'run');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // `mode` applies only to what is created: a directory or a file left by an older server
  // keeps its own, so both are set.
  chmodSync(dir, 0o700);
  removeStaleRunFiles(env);
  rmSync(path, { force: true });
  writeFileSync(path, JSON.stringify(content, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return path;
}

export function removeRunFile(path: string): void {
  rmSync(path, { force: true });
}
