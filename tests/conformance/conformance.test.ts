// The official MCP conformance server suite (@modelcontextprotocol/conformance) against the
// built server, reached through tests/conformance/http-bridge.ts on 127.0.0.1. Every scenario
// that applies passes; the ones that do not are listed with their reason in
// tests/conformance/expected-failures.yml, and the suite itself fails the run on a scenario
// that fails unlisted or passes listed. The suite's CLI needs Node 22 or later: under an older
// Node it runs on $METABOB_NODE_LINES/<22 or 24>/bin/node when there is one, else it skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBridge } from './http-bridge.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const EXPECTED_FAILURES = fileURLToPath(new URL('./expected-failures.yml', import.meta.url));
const SUITE = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json'), '..', 'dist', 'index.js');

/** A Node the suite runs on: this one from 22 on, else one of the CI's Node lines. */
function suiteNode(): string | undefined {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const lines = process.env.METABOB_NODE_LINES ?? '/opt/node-lines';
  return ['24', '22'].map((major) => join(lines, major, 'bin', 'node')).find((node) => existsSync(node));
}
const NODE = suiteNode();

function run(node: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test(
  'the official conformance server suite: every scenario that applies passes',
  { skip: NODE ? false : 'the conformance CLI needs Node 22 or later, and no Node line is installed' },
  async () => {
    const bridge = await startBridge();
    try {
      const { code, output } = await run(NODE!, [
        SUITE,
        'server',
        '--url',
        bridge.url,
        '--expected-failures',
        EXPECTED_FAILURES,
        '--output-dir',
        // Its per-scenario reports, removed with the folder when the test's process exits.
        tempDir('metabob-conformance-'),
      ]);
      // The pass count, for whoever reads the test log (docs/protocol-eras.md).
      process.stderr.write(
        output
          .split('\n')
          .filter((l) => /passed|failed|Total|expected/i.test(l))
          .join('\n') + '\n',
      );
      assert.equal(code, 0, output);
    } finally {
      await bridge.close();
    }
  },
);
