// Test fixtures: spawn the built server (dist/cli.js) and drive it over stdio with the MCP
// SDK client, as an MCP host does (STYLE: playwright-mcp's startClient()).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface StartOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Declare the roots capability and answer roots/list with these directories. */
  roots?: string[];
  /** Collect stderr lines here. */
  stderr?: string[];
}

/** A fresh HOME so no test reads the machine's ~/.substrate or ~/.metabob. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'metabob-home-'));
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
    args: [CLI],
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const client = new Client({ name: 'metabob-test', version: '1.0.0' }, { capabilities: options.roots ? { roots: { listChanged: true } } : {} });
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
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

/** The `_meta` envelope of a tools/call result. */
export function metaOf(result: unknown): Record<string, any> {
  return ((result as { _meta?: Record<string, any> })._meta ?? {}) as Record<string, any>;
}
