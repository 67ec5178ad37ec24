// SPEC §Repository identity `normalizeRemoteUrl`: every URL form the spec names, table-driven.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeRemoteUrl } from '../../core/identity/normalize-remote-url.ts';

const CASES: Array<[string, string, string]> = [
  ["the spec's scp example", 'git@github.com:Org/Repo.git', 'github.com/org/repo'],
  ["the spec's https example", 'https://github.com/org/repo', 'github.com/org/repo'],
  ['scheme dropped (http)', 'http://github.com/org/repo', 'github.com/org/repo'],
  ['scheme dropped (ssh)', 'ssh://github.com/org/repo.git', 'github.com/org/repo'],
  ['scheme dropped (git)', 'git://github.com/org/repo.git', 'github.com/org/repo'],
  ['scheme dropped (git+ssh)', 'git+ssh://git@github.com/org/repo.git', 'github.com/org/repo'],
  ['credentials dropped (user)', 'https://alice@github.com/org/repo.git', 'github.com/org/repo'],
  ['credentials dropped (user:token)', 'https://alice:ghp_secret123@github.com/org/repo.git', 'github.com/org/repo'],
  ['credentials with @ in the password', 'https://alice:p@ss@github.com/org/repo', 'github.com/org/repo'],
  ['port dropped (https)', 'https://gitlab.example.com:8443/group/repo.git', 'gitlab.example.com/group/repo'],
  ['port dropped (ssh with user)', 'ssh://git@gitlab.example.com:2222/group/sub/repo.git', 'gitlab.example.com/group/sub/repo'],
  ['query dropped', 'https://github.com/org/repo.git?ref=main', 'github.com/org/repo'],
  ['fragment dropped', 'https://github.com/org/repo#readme', 'github.com/org/repo'],
  ['trailing .git dropped (any case)', 'https://github.com/org/repo.GIT', 'github.com/org/repo'],
  ['trailing slash dropped', 'https://github.com/org/repo/', 'github.com/org/repo'],
  ['trailing slashes dropped', 'https://github.com/org/repo//', 'github.com/org/repo'],
  ['.git then slash', 'https://github.com/org/repo.git/', 'github.com/org/repo'],
  ['scp without user', 'github.com:org/repo.git', 'github.com/org/repo'],
  ['scp with a nested path', 'git@gitlab.com:group/sub/repo.git', 'gitlab.com/group/sub/repo'],
  ['scp with a trailing slash', 'git@github.com:org/repo/', 'github.com/org/repo'],
  ['lowercased', 'HTTPS://GitHub.COM/MyOrg/MyRepo', 'github.com/myorg/myrepo'],
  ['surrounding whitespace (git output)', '  git@github.com:org/repo.git\n', 'github.com/org/repo'],
  ['a local path remote', '/srv/git/Project.git', 'srv/git/project'],
  ['a file:// remote', 'file:///srv/git/project.git', 'srv/git/project'],
  ['a name containing .git inside', 'https://github.com/org/repo.github.io.git', 'github.com/org/repo.github.io'],
];

test('normalizeRemoteUrl: every form reduces to host/path, lowercased', () => {
  for (const [what, url, expected] of CASES) assert.equal(normalizeRemoteUrl(url), expected, `${what}: ${url}`);
});

test('every clone of one repository shares one identity', () => {
  const forms = [
    'git@github.com:Org/Repo.git',
    'https://github.com/org/repo',
    'https://token@github.com/Org/Repo.git/',
    'ssh://git@github.com:22/org/repo.git',
    'https://github.com:443/org/repo?x=1',
  ];
  assert.deepEqual(new Set(forms.map(normalizeRemoteUrl)), new Set(['github.com/org/repo']));
});
