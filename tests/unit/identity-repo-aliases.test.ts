// SPEC §Repository identity: a super-repo and a vessel checkout share one ledger, both ways;
// repoIdentity on real repositories (origin, subdirectory workspace, basename fallback).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { mapFindingFiles, vesselAliases, checkoutShape, type CheckoutShape } from '../../core/identity/repo-aliases.ts';
import { repoIdentity } from '../../core/identity/repo-identity.ts';
import { git, tempDir, tempRepo } from '../helpers/git.ts';

const superRepo: CheckoutShape = {
  identity: 'github.com/acme/substrate',
  name: 'substrate',
  isSuperRepo: true,
  vesselName: 'substrate',
  vessels: new Map<string, string | undefined>([
    ['goal-host', 'github.com/acme/goal-host'],
    ['concept-db', undefined],
  ]),
};
const vessel: CheckoutShape = {
  identity: 'github.com/acme/goal-host',
  name: 'goal-host',
  isSuperRepo: false,
  vesselName: 'goal-host',
  vessels: new Map(),
};

test('a finding of this repository keeps its files, by identity or basename, any case', () => {
  assert.deepEqual(mapFindingFiles({ repo: 'GitHub.com/acme/goal-host', files: ['src/a.ts'] }, vessel), ['src/a.ts']);
  assert.deepEqual(mapFindingFiles({ repo: 'goal-host', files: ['src/a.ts'] }, vessel), ['src/a.ts']);
  assert.equal(mapFindingFiles({ repo: 'github.com/acme/other', files: ['src/a.ts'] }, vessel), null);
});

test('in a vessel checkout, a super-repo finding under repos/<name>/ is recalled with the prefix removed', () => {
  assert.deepEqual(mapFindingFiles({ repo: 'github.com/acme/substrate', files: ['repos/goal-host/src/walk.ts', 'repos/other/x.ts', 'README.md'] }, vessel), [
    'src/walk.ts',
  ]);
  // Matched by vessel name: a different super-repo with a repos/goal-host/ is read too.
  assert.deepEqual(mapFindingFiles({ repo: 'gitlab.com/else/mono', files: ['repos/goal-host/a.ts'] }, vessel), ['a.ts']);
  assert.equal(mapFindingFiles({ repo: 'github.com/acme/substrate', files: ['repos/concept-db/a.ts'] }, vessel), null);
});

test('in the super-repo, a vessel finding is recalled with repos/<name>/ added; an own checkout needs its exact identity', () => {
  assert.deepEqual(mapFindingFiles({ repo: 'github.com/acme/goal-host', files: ['src/walk.ts'] }, superRepo), ['repos/goal-host/src/walk.ts']);
  // repos/goal-host/ is its own checkout with an origin: a fork of the same name is not it.
  assert.equal(mapFindingFiles({ repo: 'github.com/fork/goal-host', files: ['src/walk.ts'] }, superRepo), null);
  // repos/concept-db/ has no origin: matched by name (the last segment of repo:).
  assert.deepEqual(mapFindingFiles({ repo: 'github.com/anyone/concept-db', files: ['db.ts'] }, superRepo), ['repos/concept-db/db.ts']);
  assert.equal(mapFindingFiles({ repo: 'github.com/acme/unknown', files: ['x.ts'] }, superRepo), null);
});

test('vesselAliases names the vessel and its super-repo prefix from its origin identity', () => {
  assert.deepEqual(vesselAliases('github.com/acme/Goal-Host'), { vesselName: 'goal-host', superRepoPrefix: 'repos/goal-host/' });
});

test('repoIdentity: origin normalized, a subdirectory workspace appends its lowercased subpath, basename without origin', async () => {
  const repo = tempRepo();
  git(repo, 'remote', 'add', 'origin', 'git@github.com:Acme/Mono.git');
  mkdirSync(join(repo, 'packages', 'API'), { recursive: true });
  assert.deepEqual(await repoIdentity(repo), { identity: 'github.com/acme/mono', name: basename(repo), source: 'origin', origin: 'github.com/acme/mono' });
  const sub = join(repo, 'packages', 'API');
  assert.equal((await repoIdentity(sub)).identity, 'github.com/acme/mono/packages/api');
  const plain = tempRepo();
  assert.deepEqual(await repoIdentity(plain), { identity: basename(plain), name: basename(plain), source: 'basename' });
  const notGit = tempDir('metabob-plain-');
  assert.equal((await repoIdentity(notGit)).identity, basename(notGit));
});

test("checkoutShape reads a super-repo's repos/ and each vessel's own origin", async () => {
  const root = tempRepo();
  git(root, 'remote', 'add', 'origin', 'https://github.com/acme/substrate.git');
  const own = join(root, 'repos', 'goal-host');
  mkdirSync(own, { recursive: true });
  git(own, 'init', '-q', '-b', 'main');
  git(own, 'remote', 'add', 'origin', 'git@github.com:acme/goal-host.git');
  mkdirSync(join(root, 'repos', 'concept-db'), { recursive: true });
  const shape = await checkoutShape(root);
  assert.equal(shape.isSuperRepo, true);
  assert.deepEqual([...shape.vessels].sort(), [
    ['concept-db', undefined],
    ['goal-host', 'github.com/acme/goal-host'],
  ]);
  const vesselShape = await checkoutShape(own);
  assert.equal(vesselShape.isSuperRepo, false);
  assert.equal(vesselShape.vesselName, 'goal-host');
});
