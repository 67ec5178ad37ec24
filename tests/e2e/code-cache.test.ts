// The bin runs a server start through V8's code cache (core/cli-loader.ts), kept in the user's
// cache directory, never in the package: an entry is named by the bundle's SHA-256, so an edit
// of the same length runs the edited code; entries are 0600 in 0700 folders and one another
// user could write is not used; old entries are pruned; with no usable cache directory a start
// compiles and serves all the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/git.ts';
import { handshake, startRawServer } from '../helpers/raw-server.ts';
import { startsServer } from '../../core/cli/invocation.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const posix = process.platform !== 'win32';

/** A copy of dist/ beside a link to the repository's node_modules, so the test may edit the bundle. */
function distCopy(): { root: string; cli: string; bundle: string } {
  const root = mkdtempSync(join(tmpdir(), 'code-cache-'));
  cpSync(join(repo, 'dist'), join(root, 'dist'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, cli: join(root, 'dist/cli.js'), bundle: join(root, 'dist/serve.cjs') };
}

async function serveOnce(cli: string, xdg: string): Promise<any> {
  const server = startRawServer({ cwd: tempDir(), cli, env: { XDG_CACHE_HOME: xdg } });
  const init = await server.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
  server.notify('notifications/initialized');
  const list = await server.request(2, 'tools/list');
  assert.equal(list.result.tools.length, UNATTACHED_TOOLS.length);
  assert.equal(await server.close(), 0);
  return init.result;
}

const entriesIn = (xdg: string) => readdirSync(join(xdg, 'metabob-mcp', 'code-cache')).map((name) => join(xdg, 'metabob-mcp', 'code-cache', name));

test('a start writes its cache 0600 in the user cache directory, and the next start uses it as it is', async (t) => {
  const { root, cli } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const xdg = tempDir('code-cache-xdg-');
  await serveOnce(cli, xdg);
  const [entry, ...more] = entriesIn(xdg);
  assert.deepEqual(more, []);
  assert.ok(readFileSync(entry).length > 100_000);
  if (posix) {
    assert.equal(statSync(entry).mode & 0o777, 0o600);
    assert.equal(statSync(join(xdg, 'metabob-mcp')).mode & 0o777, 0o700);
    assert.equal(statSync(join(xdg, 'metabob-mcp', 'code-cache')).mode & 0o777, 0o700);
  }
  const mtime = statSync(entry).mtimeMs;
  await serveOnce(cli, xdg);
  assert.equal(statSync(entry).mtimeMs, mtime, 'a good entry is used, not written again');
  assert.deepEqual(
    readdirSync(join(root, 'dist')).filter((n) => n.includes('cache')),
    [],
    'nothing is written beside the bundle',
  );
});

test('an edit of the bundle that keeps its length runs the edited code, not the cache of the old one', async (t) => {
  const { root, cli, bundle } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const xdg = tempDir('code-cache-xdg-');
  assert.equal((await serveOnce(cli, xdg)).serverInfo.title, 'metabob');
  const source = readFileSync(bundle, 'latin1');
  assert.ok(source.includes('title:"metabob"'));
  writeFileSync(bundle, source.replace('title:"metabob"', 'title:"metabox"'), 'latin1');
  assert.equal((await serveOnce(cli, xdg)).serverInfo.title, 'metabox');
  assert.equal(entriesIn(xdg).length, 2, 'the edited bundle has its own entry');
});

test('an entry another user could write, or one V8 refuses, is not used and is replaced; old entries are pruned', { skip: !posix }, async (t) => {
  const { root, cli } = distCopy();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const xdg = tempDir('code-cache-xdg-');
  await serveOnce(cli, xdg);
  const [entry] = entriesIn(xdg);
  writeFileSync(entry, 'not a code cache');
  chmodSync(entry, 0o664);
  await serveOnce(cli, xdg);
  assert.equal(statSync(entry).mode & 0o777, 0o600);
  assert.ok(readFileSync(entry).length > 100_000, 'the group-writable entry was replaced by a good one');
  writeFileSync(entry, 'not a code cache either');
  await serveOnce(cli, xdg);
  assert.ok(readFileSync(entry).length > 100_000, 'a refused entry is replaced');

  const folder = join(xdg, 'metabob-mcp', 'code-cache');
  for (let i = 0; i < 6; i++) {
    const old = join(folder, `serve-v0.${i}-x64-old.bin`);
    writeFileSync(old, 'x', { mode: 0o600 });
    utimesSync(old, new Date(2020, 0, 1 + i), new Date(2020, 0, 1 + i));
  }
  rmSync(entry);
  await serveOnce(cli, xdg);
  const left = readdirSync(folder).sort();
  assert.equal(left.length, 4, left.join(', '));
  assert.ok(left.includes(entry.split('/').pop()!), 'the fresh entry stays');
  assert.ok(left.includes('serve-v0.5-x64-old.bin') && !left.includes('serve-v0.0-x64-old.bin'), 'the oldest go first');
});

test('with no usable cache directory a start compiles and serves, and prints nothing about it', async () => {
  const notADir = join(tempDir('code-cache-xdg-'), 'file');
  writeFileSync(notADir, 'x');
  const server = startRawServer({ cwd: tempDir(), cli: join(repo, 'dist/cli.js'), env: { XDG_CACHE_HOME: notADir } });
  let stderr = '';
  server.child.stderr.on('data', (c) => (stderr += c));
  const list = await handshake(server);
  assert.equal(list.result.tools.length, UNATTACHED_TOOLS.length);
  assert.equal(await server.close(), 0);
  assert.doesNotMatch(stderr, /cache/i);
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
