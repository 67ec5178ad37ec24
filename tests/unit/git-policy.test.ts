// core/git/git-policy.ts, the switches every git call runs with (README "Git in untrusted
// repositories"): the query's output read back, the repository's program keys overridden by
// the user's own value or a neutral one, the user's credential helpers and transports kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowedProtocols, gitPolicy, parseProgramKeys, type ConfigEntry } from '../../core/git/git-policy.ts';

const FIXED = [
  '--no-pager',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'log.showSignature=false',
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false',
  '-c',
  'submodule.recurse=false',
  '-c',
  'fetch.recurseSubmodules=false',
];

const local = (key: string, value?: string): ConfigEntry => ({ scope: 'local', key, value });
const global = (key: string, value?: string): ConfigEntry => ({ scope: 'global', key, value });

function policyOf(entries: ConfigEntry[], env: NodeJS.ProcessEnv = {}) {
  const built = gitPolicy(entries, env);
  assert.ok(built.ok, JSON.stringify(built));
  return built.policy;
}

/** The -c values after the fixed ones. */
function overrides(entries: ConfigEntry[], env: NodeJS.ProcessEnv = {}): string[] {
  const args = policyOf(entries, env).globalArgs;
  assert.deepEqual(args.slice(0, FIXED.length), FIXED);
  return args.slice(FIXED.length).filter((a) => a !== '-c');
}

test('the query output is read back per entry, scoped or not, a key written without = having no value', () => {
  assert.deepEqual(parseProgramKeys('local\0core.sshcommand\0global\0filter.A.b.clean\nx y\0', true), [
    { scope: 'local', key: 'core.sshcommand', value: undefined },
    { scope: 'global', key: 'filter.A.b.clean', value: 'x y' },
  ]);
  assert.deepEqual(parseProgramKeys('credential.helper\n\0', false), [{ scope: 'unknown', key: 'credential.helper', value: '' }]);
  assert.deepEqual(parseProgramKeys('', true), []);
});

test('with nothing set, every call still takes the fixed switches, no editor and the default transports', () => {
  const policy = policyOf([]);
  assert.deepEqual(policy.globalArgs, FIXED);
  assert.deepEqual(policy.env, { GIT_EDITOR: ':', GIT_SEQUENCE_EDITOR: ':', GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh' });
  assert.deepEqual(policy.subcommandArgs('status'), ['--ignore-submodules=dirty']);
  assert.deepEqual(policy.subcommandArgs('fetch'), []);
  assert.deepEqual(policy.subcommandArgs('log'), []);
});

test("each program key the repository sets gets the user's own value back, else one that runs nothing", () => {
  assert.deepEqual(
    overrides([
      global('core.askpass', '/usr/bin/user-askpass'),
      local('core.askpass', '/tmp/evil'),
      local('diff.external', '/tmp/evil'),
      local('diff.x.textconv', '/tmp/evil'),
      local('diff.x.command', '/tmp/evil'),
      local('merge.x.driver', '/tmp/evil'),
      local('gpg.program', '/tmp/evil'),
      local('gpg.x509.program', '/tmp/evil'),
      local('gpg.ssh.program', '/tmp/evil'),
      local('gpg.ssh.defaultkeycommand', '/tmp/evil'),
      local('core.alternaterefscommand', '/tmp/evil'),
    ]),
    [
      'core.askpass=/usr/bin/user-askpass',
      'diff.external=',
      'diff.x.textconv=',
      'diff.x.command=',
      'merge.x.driver=',
      'gpg.program=gpg',
      'gpg.x509.program=gpgsm',
      'gpg.ssh.program=ssh-keygen',
      'gpg.ssh.defaultkeycommand=',
      'core.alternaterefscommand=true',
    ],
  );
  // Only the repository's keys: the user's own are left to git.
  assert.deepEqual(overrides([global('core.askpass', '/usr/bin/user-askpass'), global('gpg.program', 'gpg2')]), []);
  // A worktree config and an include are the repository's too (the include has its includer's scope).
  assert.deepEqual(overrides([{ scope: 'worktree', key: 'core.askpass', value: '/tmp/evil' }]), ['core.askpass=']);
});

test("core.sshCommand falls back to the user's GIT_SSH, quoted for the shell, else ssh; never to empty", () => {
  assert.deepEqual(overrides([local('core.sshcommand', '/tmp/evil')]), ['core.sshcommand=ssh']);
  assert.deepEqual(overrides([local('core.sshcommand', '/tmp/evil')], { GIT_SSH: "/opt/it's ssh" }), [`core.sshcommand='/opt/it'\\''s ssh'`]);
  assert.deepEqual(overrides([global('core.sshcommand', 'ssh -i ~/.ssh/k'), local('core.sshcommand', '/tmp/evil')]), ['core.sshcommand=ssh -i ~/.ssh/k']);
});

test('an overridden filter is not required: an emptied filter passes content through instead of failing the command', () => {
  assert.deepEqual(overrides([local('filter.lfs.process', '/tmp/evil'), local('filter.lfs.required', 'true')]), [
    'filter.lfs.process=',
    'filter.lfs.required=false',
  ]);
  assert.deepEqual(
    overrides([
      global('filter.lfs.process', 'git-lfs filter-process'),
      global('filter.lfs.required', 'true'),
      local('filter.lfs.process', '/tmp/evil'),
      local('filter.lfs.clean', '/tmp/evil'),
    ]),
    ['filter.lfs.process=git-lfs filter-process', 'filter.lfs.clean=', 'filter.lfs.required=true'],
  );
});

test("the repository's credential helpers are emptied and the user's own listed again, in their order", () => {
  assert.deepEqual(
    overrides([
      { scope: 'system', key: 'credential.https://source.example.helper', value: 'system-helper' },
      global('credential.helper', 'cache'),
      local('credential.helper', '/tmp/evil'),
      local('credential.https://example.invalid.helper', '/tmp/evil'),
      { scope: 'command', key: 'credential.helper', value: 'store' },
    ]),
    ['credential.helper=', 'credential.https://source.example.helper=system-helper', 'credential.helper=cache', 'credential.helper=store'],
  );
  assert.deepEqual(overrides([global('credential.helper', 'cache')]), []);
});

test('a key -c cannot write (git splits it at the first =) refuses the call', () => {
  const built = gitPolicy([local('filter.a=b.clean', '/tmp/evil')], {});
  assert.deepEqual(built, { ok: false, line: `the repository's config sets "filter.a=b.clean", which git -c cannot override` });
});

test("upload-pack and receive-pack the repository names are replaced on the command line (their first value wins over -c); the user's are kept", () => {
  const policy = policyOf([local('remote.origin.uploadpack', '/tmp/evil'), local('remote.origin.receivepack', '/tmp/evil')]);
  for (const sub of ['fetch', 'clone', 'ls-remote', 'pull']) assert.deepEqual(policy.subcommandArgs(sub), ['--upload-pack=git-upload-pack']);
  assert.deepEqual(policy.subcommandArgs('push'), ['--receive-pack=git-receive-pack']);
  assert.deepEqual(policy.subcommandArgs('log'), []);
  const users = policyOf([global('remote.origin.uploadpack', '/opt/git/bin/git-upload-pack'), local('remote.origin.uploadpack', '/tmp/evil')]);
  assert.deepEqual(users.subcommandArgs('fetch'), []);
});

test("core.gitProxy the repository names is turned off by an empty GIT_PROXY_COMMAND, unless the user's environment sets one", () => {
  assert.equal(policyOf([local('core.gitproxy', '/tmp/evil')]).env.GIT_PROXY_COMMAND, '');
  assert.equal(policyOf([local('core.gitproxy', '/tmp/evil')], { GIT_PROXY_COMMAND: '/usr/bin/proxy' }).env.GIT_PROXY_COMMAND, undefined);
  assert.equal(policyOf([]).env.GIT_PROXY_COMMAND, undefined);
});

test("transports: git's defaults and the user's own allowances, never the repository's; a GIT_ALLOW_PROTOCOL already set is kept", () => {
  assert.equal(allowedProtocols([], {}), 'file:git:http:https:ssh');
  assert.equal(allowedProtocols([global('protocol.ext.allow', 'always'), global('protocol.fd.allow', 'user')], {}), 'file:git:http:https:ssh:ext:fd');
  assert.equal(allowedProtocols([global('protocol.allow', 'never'), global('protocol.https.allow', 'always')], {}), 'https');
  assert.equal(allowedProtocols([global('protocol.git.allow', 'never')], {}), 'file:http:https:ssh');
  // file is `user` by default: not when the user's environment says the call is not theirs.
  assert.equal(allowedProtocols([], { GIT_PROTOCOL_FROM_USER: '0' }), 'git:http:https:ssh');
  assert.equal(policyOf([local('protocol.ext.allow', 'always'), local('protocol.allow', 'always')]).env.GIT_ALLOW_PROTOCOL, 'file:git:http:https:ssh');
  assert.equal(policyOf([], { GIT_ALLOW_PROTOCOL: 'https' }).env.GIT_ALLOW_PROTOCOL, undefined);
});
