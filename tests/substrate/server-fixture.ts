// A spawned server (dist/cli.js over stdio) with its own METABOB_HOME, and its loopback HTTP
// server found through the run file, as a local caller finds it: its URL, and the token that
// GET /health's full answer and /v1/* ask for.
import { readdirSync, readFileSync } from 'node:fs';
import { after, before } from 'node:test';
import { join } from 'node:path';
import { metaOf, startClient, textOf, type ClientEra } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { startEmulator, type Emulator } from './emulator.ts';

/** A tools/call answer as the tests read it. */
export interface ToolReply {
  text: string;
  isError: boolean;
  meta: any;
}

export interface ServerUnderTest {
  client: Awaited<ReturnType<typeof startClient>>['client'];
  /** One tools/call, read as its text, whether it is an error, and its `_meta`. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolReply>;
  stderr: string[];
  home: string;
  cwd: string;
  /** The loopback server's base URL, from the run file. */
  url: string;
  runFile: string;
  /** The run file's token; `get` and `waitForHealth` send it as `Authorization: Bearer`. */
  token: string;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  /** Polls /health until `predicate` holds (or fails after `ms`). */
  waitForHealth(predicate: (health: any) => boolean, ms?: number): Promise<any>;
  close(): Promise<void>;
}

export async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function fetchText(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function startServer(
  env: Record<string, string | undefined>,
  options: { cwd?: string; era?: ClientEra; onToolsChanged?: (tools: Array<{ name: string }>) => void } = {},
): Promise<ServerUnderTest> {
  const home = env.METABOB_HOME ?? tempDir('metabob-mhome-');
  const cwd = options.cwd ?? tempDir('metabob-ws-');
  const stderr: string[] = [];
  let started: Awaited<ReturnType<typeof startClient>>;
  try {
    started = await startClient({ cwd, env: { METABOB_HOME: home, ...env }, stderr, era: options.era, onToolsChanged: options.onToolsChanged });
  } catch (err) {
    throw new Error(`the server did not start (${(err as Error).message}); its stderr:\n${stderr.join('\n')}`);
  }
  const { client, close } = started;
  const runDir = join(home, 'run');
  // The server's own run file: one of a live process (a test may have planted a stale one,
  // which the server removes once its loopback server is up).
  const alive = (file: string) => {
    try {
      const { pid } = JSON.parse(readFileSync(join(runDir, file), 'utf8')) as { pid: number };
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const runFile = await waitFor(
    () => {
      const files = readdirSync(runDir).filter((f) => f.endsWith('.json') && alive(f));
      return files.length === 1 ? join(runDir, files[0]) : undefined;
    },
    10_000,
    'the run file',
  );
  const { url, token } = JSON.parse(readFileSync(runFile, 'utf8')) as { url: string; token: string };
  const bearer = { authorization: `Bearer ${token}` };
  const sut: ServerUnderTest = {
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      return { text: textOf(result), isError: Boolean(result.isError), meta: metaOf(result) };
    },
    stderr,
    home,
    cwd,
    url,
    runFile,
    token,
    get: (path, headers) => fetchText(url + path, { headers: { ...bearer, ...(headers ?? {}) } }),
    post: (path, body, headers) =>
      fetchText(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(headers ?? {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    waitForHealth: (predicate, ms = 10_000) =>
      waitFor(
        async () => {
          const health = (await fetchText(url + '/health', { headers: bearer })).json;
          return predicate(health) ? health : undefined;
        },
        ms,
        '/health',
      ),
    close,
  };
  return sut;
}

/** A server attached to the emulator with its full key (`env` adds to or overrides that), once /health says it is attached. */
export async function startAttachedServer(
  emulator: { discoveryUrl: string; key: string },
  env: Record<string, string | undefined> = {},
  options: { cwd?: string } = {},
): Promise<ServerUnderTest> {
  const server = await startServer({ DISCOVERY_ENDPOINT: emulator.discoveryUrl, METABOB_API_KEY: emulator.key, ...env }, options);
  await server.waitForHealth((h) => h.attached === true);
  return server;
}

/**
 * One emulator and one server attached to it for a whole test file: started before its tests
 * (`ready` receives them), stopped after them together with whatever the tests hand to the
 * returned `defer`, last in first out.
 */
export function attachedForFile(ready: (emulator: Emulator, server: ServerUnderTest) => void): (cleanup: () => Promise<void>) => void {
  const cleanups: Array<() => Promise<void>> = [];
  before(async () => {
    const emulator = await startEmulator();
    cleanups.push(() => emulator.stop());
    const server = await startAttachedServer(emulator);
    cleanups.push(() => server.close());
    ready(emulator, server);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}
