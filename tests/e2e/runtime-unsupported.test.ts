// SPEC §Runtime: under a Node older than 20 the bin exits 1 with one runtime_unsupported line
// naming the fix, writes nothing to stdout (the MCP transport) and starts nothing, whatever the
// subcommand. Needs an old Node (tests/helpers/old-node.ts); without one it is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CLI, cleanEnv } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { oldNode, OLD_NODE_DEFAULT } from '../helpers/old-node.ts';

const old = oldNode();

test(
  'under Node older than 20, every invocation exits 1 with runtime_unsupported and an empty stdout',
  { skip: old ? false : `no Node older than 20 at METABOB_OLD_NODE or ${OLD_NODE_DEFAULT}` },
  () => {
    const cwd = tempDir('metabob-old-node-');
    for (const args of [[], ['serve'], ['--version'], ['doctor'], ['index', cwd]]) {
      const run = spawnSync(old!.bin, [CLI, ...args], { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 1, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stdout, '', args.join(' '));
      assert.equal(
        run.stderr,
        `runtime_unsupported: metabob-mcp needs Node.js 20 or later (this is ${old!.version}); install Node 20+ and run it again\n`,
        args.join(' '),
      );
    }
  },
);
