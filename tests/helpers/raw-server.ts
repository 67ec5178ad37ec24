// Spawns dist/cli.js and speaks raw JSON-RPC lines to it: for start-up timing and for
// inspecting the live process (its /proc maps), where the SDK client would add its own cost.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { CLI, cleanEnv } from './client.ts';

export interface RawServer {
  child: ChildProcessWithoutNullStreams;
  /** Sends a request and resolves with its response. */
  request(id: number, method: string, params?: unknown): Promise<any>;
  notify(method: string, params?: unknown): void;
  close(): Promise<number | null>;
}

/** `node`: another Node binary than this one (the startup bench compares Node lines); `spawnOptions`: e.g. a uid to run as. */
export function startRawServer(options: {
  cwd: string;
  env?: Record<string, string | undefined>;
  nodeArgs?: string[];
  cli?: string;
  node?: string;
  spawnOptions?: { uid?: number; gid?: number };
}): RawServer {
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), options.cli ?? CLI], {
    ...options.spawnOptions,
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const waiting = new Map<number, (msg: any) => void>();
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const msg = JSON.parse(line);
      waiting.get(msg.id)?.(msg);
    }
  });
  child.stderr.resume();
  return {
    child,
    request(id, method, params) {
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    },
    notify(method, params) {
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
    },
    close() {
      return new Promise((resolve) => {
        child.on('exit', (code) => resolve(code));
        child.stdin.end();
      });
    },
  };
}

export const INITIALIZE_PARAMS = {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
};

/** initialize, initialized, tools/list: the start-up handshake of every MCP client. */
export async function handshake(server: RawServer): Promise<any> {
  await server.request(1, 'initialize', INITIALIZE_PARAMS);
  server.notify('notifications/initialized');
  return server.request(2, 'tools/list');
}
