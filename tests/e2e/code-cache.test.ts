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
  assert.equal(list.result.tools.length, 30);
  assert.equal(await server.close(), 0);
}

test('the build ships a code cache, and a start that uses it leaves it as it is', async (t) => {
  const { root, cli, cache } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  assert.ok(existsSync(cache), 'dist/serve.cjs.cache is written by npm run build');
  const before = readFileSync(cache);
  const mtime = statSync(cache).mtimeMs;
  await serveOnce(cli);
  assert.equal(statSync(cache).mtimeMs, mtime);
  assert.deepEqual(readFileSync(cache), before);
});

test('without a cache, or with one V8 refuses, a start still serves and writes a good cache', async (t) => {
  const { root, cli, cache } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  rmSync(cache);
  await serveOnce(cli);
  assert.ok(existsSync(cache), 'the first start wrote a cache');
  const written = readFileSync(cache);
  assert.ok(written.length > 100_000, `${written.length} bytes`);

  writeFileSync(cache, 'not a code cache');
  await serveOnce(cli);
  assert.ok(readFileSync(cache).length > 100_000, 'a refused cache is replaced');
  // The replacement is taken by the next start: it is not written again.
  const mtime = statSync(cache).mtimeMs;
  await serveOnce(cli);
  assert.equal(statSync(cache).mtimeMs, mtime);
});

test('the bin sends exactly the server starts through the cache, as runCli dispatches them', () => {
  for (const argv of [[], ['serve'], ['--api-key', 'k'], ['--endpoint', 'http://x'], ['serve', '--api-key', 'k']]) {
    assert.equal(startsServer(argv), true, argv.join(' '));
  }
  for (const argv of [['--help'], ['-h'], ['help'], ['--version'], ['-v'], ['call', 'get_metrics'], ['index', '.'], ['doctor'], ['attach', '--check'], ['bogus']]) {
    assert.equal(startsServer(argv), false, argv.join(' '));
  }
});
