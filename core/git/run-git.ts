// The one way this server runs git (ARCHITECTURE: handlers never spawn git themselves).
// Every call has a timeout, and its failure is classified, so that a git call that timed out
// or failed is never read as "not a git checkout" (SPEC §mark_complete).
import { spawn } from 'node:child_process';

export const GIT_TIMEOUT_MS = 20_000;

export type GitResult =
  | { ok: true; stdout: string }
  | { ok: false; kind: 'not_a_repository' | 'git_missing' | 'timeout' | 'failed'; line: string; stderr: string; code?: number | null };

export interface GitOptions {
  timeoutMs?: number;
  /** Called per stdout chunk instead of buffering (git log streaming). */
  onData?: (chunk: string) => void;
  env?: NodeJS.ProcessEnv;
}

export function runGit(cwd: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const timeoutMs = options.timeoutMs ?? GIT_TIMEOUT_MS;
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (result: GitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const child = spawn('git', args, {
      cwd,
      env: { ...(options.env ?? process.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, kind: 'timeout', line: `git ${args[0]} did not answer within ${timeoutMs} ms`, stderr });
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.onData) options.onData(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') finish({ ok: false, kind: 'git_missing', line: 'git is not installed (not on PATH)', stderr: '' });
      else finish({ ok: false, kind: 'failed', line: `git ${args[0]} could not start: ${err.message}`, stderr });
    });
    child.on('close', (code) => {
      if (code === 0) return finish({ ok: true, stdout });
      if (/not a git repository/i.test(stderr)) {
        return finish({ ok: false, kind: 'not_a_repository', line: `${cwd} is not inside a git checkout`, stderr, code });
      }
      const first = stderr.trim().split('\n')[0] || `exit code ${code}`;
      finish({ ok: false, kind: 'failed', line: `git ${args[0]} failed: ${first}`, stderr, code });
    });
  });
}
