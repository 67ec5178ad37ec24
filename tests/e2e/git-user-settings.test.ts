// README "Git in untrusted repositories": under the policy every git call runs with, the
// user's own settings still apply. A HOME whose .gitconfig names the user's ssh command and
// credential helper (logging scripts), a repository whose own config names others (markers
// that must not run): a fetch over ssh:// runs the user's ssh command, a fetch and a clone
// over http:// against a loopback server asking for Basic credentials run the user's helper.
// Real git through runGit; nothing leaves 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from '../../core/git/run-git.ts';
import { tempDir, tempRepo } from '../helpers/git.ts';
import { armRepository, markerBin, type MarkerBin } from '../helpers/hostile-git.ts';

/** The test process's environment with no git settings of its own, HOME at `home`. */
function userEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(GIT_|SSH_ASKPASS|XDG_CONFIG_HOME)/.test(k)) env[k] = v;
  return { ...env, HOME: home, ...extra };
}

function userHome(config: string[]): string {
  const home = tempDir('metabob-user-home-');
  writeFileSync(join(home, '.gitconfig'), config.join('\n') + '\n');
  return home;
}

/** A repository whose own config names a marker for every program key, with `remote` at `url`. */
function hostileRepo(repoBin: MarkerBin, url: string): string {
  const repo = tempRepo();
  armRepository(repo, repoBin);
  execFileSync('git', ['config', 'remote.there.url', url], { cwd: repo });
  return repo;
}

async function withBasicAuthServer(fn: (url: string) => Promise<void>): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="metabob-test"' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}/repo.git`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test("a fetch over ssh:// runs the user's core.sshCommand, and the user's GIT_SSH when only the repository names one", async () => {
  const user = markerBin('metabob-user-bin-');
  const repoBin = markerBin();
  const repo = hostileRepo(repoBin, 'ssh://git@127.0.0.1:1/repo.git');
  const home = userHome(['[core]', `\tsshCommand = ${user.script('user.sshCommand')}`]);
  const fetched = await runGit(repo, ['fetch', 'there'], { env: userEnv(home) });
  assert.equal(fetched.ok, false, 'the script answers nothing, so the fetch fails');
  assert.ok(user.fired().includes('user.sshCommand'), `the user's ssh command ran: ${user.fired()}`);
  assert.deepEqual(repoBin.fired(), []);

  const bare = userHome([]);
  const viaEnv = await runGit(repo, ['fetch', 'there'], { env: userEnv(bare, { GIT_SSH: user.script('user.GIT_SSH') }) });
  assert.equal(viaEnv.ok, false);
  assert.ok(user.fired().includes('user.GIT_SSH'), `the user's GIT_SSH ran: ${user.fired()}`);
  assert.deepEqual(repoBin.fired(), []);
});

test("a fetch and a clone over http:// asking for credentials run the user's credential helper, never the repository's", async () => {
  await withBasicAuthServer(async (url) => {
    const user = markerBin('metabob-user-bin-');
    const repoBin = markerBin();
    const repo = hostileRepo(repoBin, url);
    const home = userHome(['[credential]', `\thelper = ${user.script('user.credential.helper')}`]);
    const fetched = await runGit(repo, ['fetch', 'there'], { env: userEnv(home) });
    assert.equal(fetched.ok, false);
    assert.match(fetched.ok ? '' : fetched.stderr, /terminal prompts disabled|Authentication failed/);
    assert.deepEqual(user.fired(), ['user.credential.helper']);
    assert.deepEqual(repoBin.fired(), [], "the repository's helper and askpass did not run");

    // A clone made from inside the repository (task pull clones beside its work directory).
    const cloned = await runGit(repo, ['clone', '--quiet', '--', url, join(repo, 'cloned')], { env: userEnv(home) });
    assert.equal(cloned.ok, false);
    assert.deepEqual(user.fired(), ['user.credential.helper', 'user.credential.helper']);
    assert.deepEqual(repoBin.fired(), []);
  });
});
