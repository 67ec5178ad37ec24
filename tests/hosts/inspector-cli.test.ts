// The MCP Inspector's CLI (@modelcontextprotocol/inspector, `inspector --cli`) drives the built
// server over stdio in each protocol era it negotiates (docs/protocol-eras.md): the same tool
// list and the same answer in the 2025 era, auto, and the 2026-07-28 revision. The Inspector
// needs Node 22.19 or later and is a large install, so it lives with the hosts: .ci/run
// installs it into METABOB_HOSTS_BIN's folder; without `inspector` there the test is skipped.
// Run by `npm run test:hosts`, after `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { unattachedToolList } from '../helpers/tool-surface.ts';

const INSPECTOR = process.env.METABOB_HOSTS_BIN ? join(process.env.METABOB_HOSTS_BIN, 'inspector') : undefined;
const skip = INSPECTOR && existsSync(INSPECTOR) ? false : 'no inspector in METABOB_HOSTS_BIN (.ci/run installs @modelcontextprotocol/inspector there)';

/** The workspace every run is launched in, so the answers can be compared. */
const cwd = tempDir('inspector-ws-');

/** One `inspector --cli` run against dist/cli.js; its stdout parsed as JSON. */
function inspect(era: string, args: string[]): Promise<any> {
  const home = tempDir('inspector-home-');
  return new Promise((resolve, reject) => {
    execFile(
      INSPECTOR!,
      ['--cli', '--protocol-era', era, '--cwd', cwd, ...args, '--', process.execPath, CLI],
      { env: cleanEnv({ HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') }), timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`inspector --cli ${args.join(' ')} (${era}): ${err.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

test('the MCP Inspector CLI lists the same tools and gets the same answer in each protocol era', { skip }, async () => {
  // Nothing configured: the tools that answer without an attachment (docs/tool-surface.md).
  const expected = unattachedToolList() as Array<{ name: string; inputSchema: unknown }>;
  const texts = new Set<string>();
  for (const era of ['legacy', 'auto', 'modern']) {
    const { tools } = await inspect(era, ['--method', 'tools/list']);
    assert.deepEqual(
      tools.map((t: { name: string }) => t.name),
      expected.map((t: { name: string }) => t.name),
      era,
    );
    assert.deepEqual(
      tools.map((t: { inputSchema: unknown }) => t.inputSchema),
      expected.map((t: { inputSchema: unknown }) => t.inputSchema),
      era,
    );
    // The Inspector exits non-zero on an isError result, so the call is one that answers.
    const metrics = await inspect(era, ['--method', 'tools/call', '--tool-name', 'get_metrics']);
    assert.equal(metrics.isError, undefined, era);
    assert.equal(metrics._meta.complexity_tier, 'lite', era);
    texts.add(metrics.content[0].text.replace(/\d+/g, 'N'));
  }
  assert.equal(texts.size, 1, [...texts].join('\n---\n'));
});
