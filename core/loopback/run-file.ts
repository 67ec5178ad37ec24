// The loopback server advertises itself nowhere (SPEC §impulse-shapes): local callers find
// its port in a run file, ~/.metabob/run/<pid>.json (METABOB_HOME names another directory),
// written 0600 and removed on clean shutdown. A file whose pid is dead is stale.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metabobHome } from '../ledger/metabob-home.ts';

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

export function writeRunFile(content: RunFile, env: NodeJS.ProcessEnv = process.env): string {
  const path = runFilePath(content.pid, env);
  mkdirSync(join(metabobHome(env), 'run'), { recursive: true, mode: 0o700 });
  writeFileSync(path, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  return path;
}

export function removeRunFile(path: string): void {
  rmSync(path, { force: true });
}
