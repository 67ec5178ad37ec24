// The built CLI run without blocking this process (the substrate emulator runs in it), its
// stdout read as JSON when it is: the cell commands (`task pull`, `finding close`) answer
// `--json`, and their tests read both the exit code and the answer.
import { execFile } from 'node:child_process';
import { CLI } from './client.ts';

export interface JsonCliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

export function runCliJson(args: string[], env: Record<string, string>, cwd: string): Promise<JsonCliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      let json: any;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr, json });
    });
  });
}
