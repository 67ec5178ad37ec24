// The real hosts (Claude Code, Codex) for tests/hosts/: where their binaries are, a command run
// to completion, and a headless agent session bounded in time whose whole process group is
// killed when it overruns or the test fails.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The folder holding `claude` and `codex` (.ci/run installs them); unset, the host tests skip. */
export const HOSTS_BIN = process.env.METABOB_HOSTS_BIN;
export const hostSkip = HOSTS_BIN ? false : 'METABOB_HOSTS_BIN is not set (the folder holding claude and codex)';

export function hostBin(name: string): string {
  const bin = join(HOSTS_BIN!, name);
  assert.ok(existsSync(bin), `no ${name} in METABOB_HOSTS_BIN (${HOSTS_BIN})`);
  return bin;
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a host command and fails the test, with its output, unless it exits 0. Asynchronously:
 * the local registry and the model mock answer in this process.
 */
export function run(bin: string, args: string[], options: { cwd: string; env: Record<string, string>; timeout?: number }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { ...options, encoding: 'utf8', timeout: options.timeout ?? 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      if (status === 0) resolve({ status, stdout, stderr });
      else reject(new Error(`${bin} ${args.join(' ')} exited ${status ?? err?.signal ?? err?.message}:\n${stdout}\n${stderr}`));
    });
  });
}

/**
 * One headless agent session: the host in a process group of its own (its MCP servers and hook
 * commands are its children), killed whole after `timeoutMs`. Resolves with its exit and output.
 */
export function runSession(
  bin: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<Ran & { timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (status) => {
      clearTimeout(timer);
      // What the host left running (an MCP server it did not stop) goes with it.
      killGroup();
      resolve({ status, stdout, stderr, timedOut });
    });
  });
}

export const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
