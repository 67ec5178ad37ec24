// The loopback server advertises itself nowhere (SPEC §impulse-shapes): local callers find
// its port in a run file, ~/.metabob/run/<pid>.json (METABOB_HOME names another directory),
// written 0600 and removed on clean shutdown. A file whose pid is dead is stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metabobHome } from '../config/metabob-home.ts';

export interface RunFile {
  pid: number;
  port: number;
  url: string;
  session_id: string;
  version: string;
  started_at: string;
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
  mkdirSync(join(metabobHome(env), 'run'), { recursive: true, mode: 0o700 });
  removeStaleRunFiles(env);
  writeFileSync(path, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  return path;
}

export function removeRunFile(path: string): void {
  rmSync(path, { force: true });
}
