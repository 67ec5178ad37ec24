// Test fixtures: spawn the built server (dist/cli.js) and drive it over stdio with the MCP
// SDK client, as an MCP host does (STYLE: playwright-mcp's startClient()). The client speaks
// the protocol era METABOB_TEST_ERA names, so the one end-to-end suite runs under both
// (docs/protocol-eras.md): `legacy` (the default) opens with the 2025 `initialize` handshake,
// `modern` pins the stateless 2026-07-28 revision, `auto` probes with server/discover first.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tempDir } from './temp-dirs.ts';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** How the client opens the connection (the SDK client's versionNegotiation). */
export type ClientEra = 'legacy' | 'modern' | 'auto';

const ERAS: Record<ClientEra, { mode: 'legacy' | 'auto' | { pin: string } }> = {
  legacy: { mode: 'legacy' },
  modern: { mode: { pin: '2026-07-28' } },
  auto: { mode: 'auto' },
};

/** The era of this test run: METABOB_TEST_ERA, else the 2025 handshake every host sends today. */
export const TEST_ERA: ClientEra = testEra(process.env.METABOB_TEST_ERA);

function testEra(value: string | undefined): ClientEra {
  if (value === undefined || value === '') return 'legacy';
  if (value in ERAS) return value as ClientEra;
  throw new Error(`METABOB_TEST_ERA=${value}: expected one of ${Object.keys(ERAS).join(', ')}`);
}

export interface StartOptions {
  cwd?: string;
  /** Arguments after dist/cli.js (none: a server start). */
  args?: string[];
  /**
   * The era to open with, when a test is about one (TEST_ERA otherwise). A test that gives
   * `roots` is about the 2025 era, which alone has them, and opens with it.
   */
  era?: ClientEra;
  env?: Record<string, string | undefined>;
  /** The name the client gives in `clientInfo` (a host's own, `codex-mcp-client`, `claude-code`); `metabob-test` otherwise. */
  clientName?: string;
  /** Declare the roots capability and answer roots/list with these directories. */
  roots?: string[];
  /** Collect stderr lines here. */
  stderr?: string[];
  /**
   * Called with the new tool list on each notifications/tools/list_changed: a handler in the 2025
   * era, a subscriptions/listen stream the client opens in the 2026-07-28 one (the SDK client's
   * `listChanged` option).
   */
  onToolsChanged?: (tools: Array<{ name: string }>) => void;
}

/** A fresh HOME so no test reads the machine's ~/.substrate or ~/.metabob. */
export function tempHome(): string {
  return tempDir('metabob-home-');
}

/**
 * Environment for a spawned server: the parent's PATH and a temp HOME, none of the
 * configuration variables of the machine running the tests.
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (
      /^(METABOB_|SUBSTRATE_|DISCOVERY_|IDENTITY_|WORKSPACE_PATH|PLUGIN_ROOT|VESSEL_ID|SESSION_ID|MB_OPERATOR_ID|HTTPS?_PROXY|https?_proxy|NO_PROXY|no_proxy)/.test(
        k,
      )
    )
      continue;
    env[k] = v;
  }
  env.HOME = tempHome();
  // A cache directory of its own, outside HOME: the start-up code and index caches of one test
  // never serve another, and HOME stays what the test wrote into it.
  env.XDG_CACHE_HOME = tempDir('metabob-cache-');
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export async function startClient(options: StartOptions = {}): Promise<{ client: Client; close: () => Promise<void>; stderr: string[] }> {
  const stderr = options.stderr ?? [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...(options.args ?? [])],
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const era = options.roots ? 'legacy' : (options.era ?? TEST_ERA);
  const client = new Client(
    { name: options.clientName ?? 'metabob-test', version: '1.0.0' },
    {
      capabilities: options.roots ? { roots: { listChanged: true } } : {},
      versionNegotiation: ERAS[era] as never,
      ...(options.onToolsChanged
        ? {
            listChanged: {
              tools: {
                autoRefresh: true,
                debounceMs: 0,
                onChanged: (error: Error | null, tools: Array<{ name: string }> | null) => {
                  if (!error && tools) options.onToolsChanged!(tools);
                },
              },
            },
          }
        : {}),
    },
  );
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler('roots/list', async () => ({
      roots: roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir })),
    }));
  }
  await client.connect(transport);
  return { client, close: () => client.close(), stderr };
}

/** The text of a tools/call result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}

/**
 * Every `warnings_v2` / `diagnosis_v2` entry of an envelope is `{code, severity, message, data}`,
 * `data` an object (META-ENVELOPE §warnings_v2, frozen shape): throws naming the first that is not.
 */
export function assertNoticeShape(meta: Record<string, any>, label = 'the answer'): void {
  for (const field of ['warnings_v2', 'diagnosis_v2']) {
    const entries = meta[field];
    if (entries === undefined) continue;
    assert.ok(Array.isArray(entries), `${label}: ${field} is not an array`);
    for (const entry of entries) {
      const shown = `${label}: ${field} entry ${JSON.stringify(entry).slice(0, 300)}`;
      assert.deepEqual(Object.keys(entry).sort(), ['code', 'data', 'message', 'severity'], shown);
      assert.match(entry.code, /^[a-z][a-z0-9_]*$/, shown);
      assert.ok(['info', 'warning', 'error'].includes(entry.severity), shown);
      assert.ok(typeof entry.message === 'string' && entry.message.length > 0, shown);
      assert.ok(entry.data !== null && typeof entry.data === 'object' && !Array.isArray(entry.data), shown);
    }
  }
}

/** The `_meta` envelope of a tools/call result; its notices are held to their shape on every read. */
export function metaOf(result: unknown): Record<string, any> {
  const meta = ((result as { _meta?: Record<string, any> })._meta ?? {}) as Record<string, any>;
  assertNoticeShape(meta);
  return meta;
}
