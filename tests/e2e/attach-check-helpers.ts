// Shared by the attach --check, doctor and configure end-to-end tests: run the built CLI
// without blocking this process (the substrate emulator runs in it), and run it in a real
// terminal under tmux, reading the screen as a person sees it.
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../helpers/client.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { env?: Record<string, string | undefined>; cwd?: string; home?: string } = {}): Promise<CliRun> {
  const env = cleanEnv(options.env);
  if (options.home) env.HOME = options.home;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env, cwd: options.cwd, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file under a directory, relative, for "it wrote nothing" assertions. */
export function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(`${prefix}${name}/`, ...filesUnder(path, `${prefix}${name}/`));
    else out.push(`${prefix}${name}`);
  }
  return out.sort();
}

function tmux(socket: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env, timeout: 10_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

export function tmuxAvailable(): boolean {
  try {
    return statSync('/usr/bin/tmux').isFile();
  } catch {
    return false;
  }
}

let sessions = 0;

export interface TmuxSession {
  /** The visible pane, as text (no colors). */
  capture(): Promise<string>;
  sendKeys(...keys: string[]): Promise<void>;
  /** Polls the pane until `pattern` shows, or fails after `timeoutMs` with the pane in the message. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill(): Promise<void>;
}

/**
 * Starts `command` (a shell command line) in a fresh tmux server of its own with a fixed
 * size; the line `EXIT=<code>` is printed when it ends, and the pane stays open to be read.
 */
export async function startTmux(command: string, options: { env: Record<string, string>; cwd: string; width?: number; height?: number }): Promise<TmuxSession> {
  const socket = `metabob-test-${process.pid}-${++sessions}`;
  const env: NodeJS.ProcessEnv = { ...options.env, TERM: 'xterm-256color' };
  delete env.CI;
  delete env.NO_COLOR;
  delete env.TMUX;
  await tmux(
    socket,
    [
      'new-session',
      '-d',
      '-s',
      'main',
      '-x',
      String(options.width ?? 110),
      '-y',
      String(options.height ?? 45),
      '-c',
      options.cwd,
      `${command}; echo "EXIT=$?"; sleep 600`,
    ],
    env,
  );
  const session: TmuxSession = {
    capture: () => tmux(socket, ['capture-pane', '-p', '-t', 'main']),
    async sendKeys(...keys) {
      await tmux(socket, ['send-keys', '-t', 'main', ...keys]);
    },
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let pane = '';
      while (Date.now() < deadline) {
        pane = await session.capture();
        if (pattern.test(pane)) return pane;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${pattern} in the pane:\n${pane}`);
    },
    async kill() {
      await tmux(socket, ['kill-server']).catch(() => undefined);
    },
  };
  return session;
}

/** A shell-quoted word. */
export function sh(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
