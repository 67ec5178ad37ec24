// The package as a user gets it (SPEC §Runtime, the package smoke): the packed tarball,
// installed with npm into an empty folder from the configured registry (its dependencies
// fetched, better-sqlite3 compiled for this Node), serves over stdio (scripts/ci/smoke-mcp.mjs:
// initialize, tools/list, init_workspace, search_codebase, predict_cochanges, stdout only
// JSON-RPC); under a Node older than 20 the installed bin exits 1 with runtime_unsupported.
// It reads the build, so it runs after `npm run build`; it needs the registry (npm run test:hosts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { configuredRegistry, npmSandbox } from '../helpers/npm-sandbox.ts';
import { oldNode } from '../helpers/old-node.ts';
import { packTarball, ROOT } from '../helpers/pack.ts';
// @ts-expect-error: a plain .mjs module without types
import { makeSmokeWorkspace, smokeMcp } from '../../scripts/ci/smoke-mcp.mjs';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

test('the packed tarball installs with npm into an empty folder and its bin serves over stdio', { timeout: 900_000 }, async (t) => {
  const work = tempDir('metabob-packaged-');
  try {
    const tarball = packTarball(work);
    const { env } = npmSandbox(join(work, 'home'), { registry: configuredRegistry(), cache: join(work, 'npm-cache') });
    const app = join(work, 'app');
    mkdirSync(app);

    let started = Date.now();
    const install = spawnSync('npm', ['install', tarball], { cwd: app, env, encoding: 'utf8', timeout: 840_000 });
    assert.equal(install.status, 0, `npm install: ${install.stderr}`);
    t.diagnostic(`npm install of the tarball: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/@metabob/mcp/package.json'), 'utf8'));
    assert.equal(installed.version, VERSION);
    assert.ok(existsSync(join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')), 'better-sqlite3 was built for this Node');

    const bin = join(app, 'node_modules/.bin/metabob-mcp');
    const workspace = makeSmokeWorkspace(join(work, 'workspace'));
    started = Date.now();
    const { steps } = await smokeMcp({ command: bin, workspace, env, log: (line: string) => t.diagnostic(line) });
    t.diagnostic(`the stdio smoke: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.equal(steps.length, 6);

    const old = oldNode();
    if (!old) t.diagnostic('no Node older than 20 here (METABOB_OLD_NODE): the installed bin was not run under one');
    else {
      const refused = spawnSync(old.bin, [bin], { cwd: workspace, env, encoding: 'utf8', timeout: 30_000 });
      assert.equal(refused.status, 1);
      assert.equal(refused.stdout, '');
      assert.equal(refused.stderr, `runtime_unsupported: metabob-mcp needs Node.js 20 or later (this is ${old.version}); install Node 20+ and run it again\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
