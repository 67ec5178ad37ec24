// The bin runs a server start through V8's code cache (core/cli-loader.ts): the build writes
// the cache; a start without one, or with one V8 refuses, compiles as usual, still serves, and
// leaves a good cache for the next start; a start that uses it leaves it alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/git.ts';
import { handshake, startRawServer } from '../helpers/raw-server.ts';
import { startsServer } from '../../core/cli/invocation.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** A copy of dist/ beside a link to the repository's node_modules, so the test may change its cache. */
function distCopy(): { root: string; cli: string; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'code-cache-'));
  cpSync(join(repo, 'dist'), join(root, 'dist'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, cli: join(root, 'dist/cli.js'), cache: join(root, 'dist/serve.cjs.cache') };
}

async function serveOnce(cli: string): Promise<void> {
  const server = startRawServer({ cwd: tempDir(), cli });
  const list = await handshake(server);
  assert.equal(list.result.tools.length, TOOL_REGISTRY.length);
  assert.equal(await server.close(), 0);
}

/** The path a cache was made for (its first line), and the V8 data after it. */
function cacheHeader(cache: string): string {
  const file = readFileSync(cache);
  return file.toString('utf8', 0, file.indexOf(10));
}

test('the build ships a code cache made for dist/serve.cjs, and a start that uses it leaves it as it is', async () => {
  const cache = join(repo, 'dist/serve.cjs.cache');
  assert.ok(existsSync(cache), 'dist/serve.cjs.cache is written by npm run build');
  assert.equal(cacheHeader(cache), join(repo, 'dist/serve.cjs'));
  const before = readFileSync(cache);
  const mtime = statSync(cache).mtimeMs;
  await serveOnce(join(repo, 'dist/cli.js'));
  assert.equal(statSync(cache).mtimeMs, mtime);
  assert.deepEqual(readFileSync(cache), before);
});

test('a cache made elsewhere, none, or one V8 refuses: a start still serves and writes a good cache for its own path', async (t) => {
  const { root, cli, cache } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const bundle = join(root, 'dist/serve.cjs');
  // Copied from the build: made for another path, whose name V8 would put in stack traces.
  await serveOnce(cli);
  assert.equal(cacheHeader(cache), bundle);
  const remade = statSync(cache).mtimeMs;
  await serveOnce(cli);
  assert.equal(statSync(cache).mtimeMs, remade, 'a cache for this path is used, not written again');

  rmSync(cache);
  await serveOnce(cli);
  assert.ok(existsSync(cache), 'a start without a cache wrote one');
  assert.ok(readFileSync(cache).length > 100_000);

  writeFileSync(cache, `${bundle}\nnot a code cache`);
  await serveOnce(cli);
  assert.equal(cacheHeader(cache), bundle);
  assert.ok(readFileSync(cache).length > 100_000, 'a refused cache is replaced');
});

test('the bin sends exactly the server starts through the cache, as runCli dispatches them', () => {
  for (const argv of [[], ['serve'], ['--api-key', 'k'], ['--endpoint', 'http://x'], ['serve', '--api-key', 'k']]) {
    assert.equal(startsServer(argv), true, argv.join(' '));
  }
  for (const argv of [
    ['--help'],
    ['-h'],
    ['help'],
    ['--version'],
    ['-v'],
    ['call', 'get_metrics'],
    ['index', '.'],
    ['doctor'],
    ['attach', '--check'],
    ['bogus'],
  ]) {
    assert.equal(startsServer(argv), false, argv.join(' '));
  }
});
