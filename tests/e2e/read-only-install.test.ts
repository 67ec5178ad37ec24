// Nothing writes into the installed package at run time (caches live in the user's cache
// directory, core/config/cache-dir.ts): the packed package, installed into a folder made
// read-only, runs `index`, `call` and the stdio server without failing, without a warning, and
// with the folder's listing, sizes and mtimes unchanged. Root ignores file modes, so as root
// the commands run twice: as root, where any write would succeed and show in the listing, and
// as `nobody`, for whom the folder really is read-only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { packTarball, ROOT } from '../helpers/pack.ts';
import { handshake, startRawServer } from '../helpers/raw-server.ts';
import { UNATTACHED_TOOLS } from '../helpers/tool-surface.ts';

const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** Whether nobody can read the repository's dependencies (a checkout under a 0700 folder hides them). */
function nobodyReadsDependencies(): boolean {
  const probe = join(ROOT, 'node_modules', 'web-tree-sitter', 'package.json');
  return spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(probe)})`], { uid: NOBODY, gid: NOBODY }).status === 0;
}

/** Every path under `dir` with its size and mtime (links not followed). */
function listing(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const st = lstatSync(path);
    out.push(`${path} ${st.size} ${st.mtimeMs} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) listing(path, out);
  }
  return out;
}

/** A folder the commands' user can write (handed to nobody when they run as nobody). */
function writable(prefix: string, asNobody: boolean): string {
  const dir = tempDir(prefix);
  if (asNobody) chownSync(dir, NOBODY, NOBODY);
  return dir;
}

test(
  'the installed package, read-only, runs index, call and the stdio server and nothing is written under it',
  { skip: process.platform === 'win32' },
  async (t) => {
    const install = tempDir('read-only-install-');
    const tarball = packTarball(install);
    const pkg = join(install, 'package');
    assert.equal(spawnSync('tar', ['xzf', tarball, '-C', install]).status, 0);
    // The dependencies an install would bring: the repository's, linked.
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    spawnSync('chmod', ['-R', 'a-w', install]);
    chmodSync(install, 0o555);
    const before = listing(install);

    // The pass as nobody, for whom the folder is really read-only, needs the linked dependencies
    // readable by nobody; where the checkout hides them, the root pass (which would see any
    // write in the listing) stands alone.
    const nobodyPass = asRoot && nobodyReadsDependencies();
    if (asRoot && !nobodyPass) t.diagnostic("the pass as nobody is skipped: nobody cannot read this checkout's node_modules");
    for (const asNobody of nobodyPass ? [false, true] : [false]) {
      const home = writable('read-only-home-', asNobody);
      const workspace = writable('read-only-ws-', asNobody);
      writeFileSync(join(workspace, 'a.ts'), "import { b } from './b';\nexport function a() { return b(); }\n");
      writeFileSync(join(workspace, 'b.ts'), 'export function b() { return 1; }\n');
      if (asNobody) for (const f of ['a.ts', 'b.ts']) chownSync(join(workspace, f), NOBODY, NOBODY);
      mkdirSync(join(home, 'cache'));
      if (asNobody) chownSync(join(home, 'cache'), NOBODY, NOBODY);
      const env = { PATH: process.env.PATH!, HOME: home, METABOB_HOME: join(home, '.metabob'), XDG_CACHE_HOME: join(home, 'cache') };
      const cli = join(pkg, 'dist', 'cli.js');
      const run = (args: string[]) =>
        spawnSync(process.execPath, [cli, ...args], {
          cwd: workspace,
          env,
          encoding: 'utf8',
          timeout: 60_000,
          ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
        });

      const index = run(['index', workspace]);
      assert.equal(index.status, 0, index.stderr);
      assert.match(index.stdout, /^Indexed .*: 2 files in /m);
      assert.equal(index.stderr, '');
      const call = run(['call', 'get_metrics']);
      assert.equal(call.status, 0, call.stderr);
      assert.doesNotMatch(call.stderr, /EACCES|EROFS|read-only|cannot be written/i);

      // The stdio server, twice: the first start writes its code cache, the second reads it.
      for (let i = 0; i < 2; i++) {
        const server = startRawServer({ cwd: workspace, cli, env, ...(asNobody ? { spawnOptions: { uid: NOBODY, gid: NOBODY } } : {}) });
        let stderr = '';
        server.child.stderr.on('data', (c) => (stderr += c));
        const list = await handshake(server);
        assert.equal(list.result.tools.length, UNATTACHED_TOOLS.length);
        const init = await server.request(3, 'tools/call', { name: 'init_workspace', arguments: {} });
        assert.equal(init.result.isError ?? false, false, JSON.stringify(init.result));
        assert.equal(await server.close(), 0);
        assert.doesNotMatch(stderr, /EACCES|EROFS|read-only|cannot be written/i);
      }
      assert.ok(readdirSync(join(home, 'cache', 'metabob-mcp', 'code-cache')).length > 0, 'the code cache went to the user cache directory');
    }
    assert.deepEqual(listing(install), before, 'nothing under the installed package changed');
    spawnSync('chmod', ['-R', 'u+w', install]);
  },
);
