// The user's cache directory (core/config/cache-dir.ts): where it is per platform, that it is
// made owner-only and refused when another user could reach it, and that writes are atomic 0600.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { cacheDir, ensurePrivateDir, writeFileAtomic0600 } from '../../core/config/cache-dir.ts';

const posix = process.platform !== 'win32';

test('cacheDir follows XDG_CACHE_HOME, then the platform folder', () => {
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/x/cache' }, '/home/u', 'linux'), join('/x/cache', 'metabob-mcp'));
  // The XDG spec ignores a relative value.
  assert.equal(cacheDir({ XDG_CACHE_HOME: 'rel' }, '/home/u', 'linux'), join('/home/u', '.cache', 'metabob-mcp'));
  assert.equal(cacheDir({}, '/home/u', 'linux'), join('/home/u', '.cache', 'metabob-mcp'));
  assert.equal(cacheDir({}, '/Users/u', 'darwin'), join('/Users/u', 'Library', 'Caches', 'metabob-mcp'));
  assert.equal(
    cacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'C:\\Users\\u', 'win32'),
    join('C:\\Users\\u\\AppData\\Local', 'metabob-mcp', 'Cache'),
  );
});

test('ensurePrivateDir creates 0700 and refuses a directory group or others can reach', { skip: !posix }, () => {
  const root = tempDir('metabob-cache-');
  const dir = join(root, 'a', 'b');
  assert.equal(ensurePrivateDir(dir), undefined);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  chmodSync(dir, 0o755);
  assert.match(ensurePrivateDir(dir) ?? '', /^cache_unavailable: .* mode 755/);
  const file = join(root, 'file');
  writeFileSync(file, 'x');
  assert.match(ensurePrivateDir(file) ?? '', /^cache_unavailable: /);
  assert.match(ensurePrivateDir(join(file, 'under')) ?? '', /^cache_unavailable: .*cannot be created/);
});

test('ensurePrivateDir refuses a directory another user owns', { skip: !posix || process.getuid?.() !== 0 }, () => {
  const dir = join(tempDir('metabob-cache-'), 'theirs');
  mkdirSync(dir, { mode: 0o700 });
  // Root can hand the directory to another uid, which is what a planted cache looks like.
  chownSync(dir, 12345, 12345);
  assert.match(ensurePrivateDir(dir) ?? '', /^cache_unavailable: .*owned by uid 12345/);
});

test('writeFileAtomic0600 writes the whole file 0600 and leaves no temp file', () => {
  const dir = tempDir('metabob-cache-');
  const path = join(dir, 'entry');
  assert.equal(writeFileAtomic0600(path, 'one'), undefined);
  assert.equal(writeFileAtomic0600(path, new Uint8Array([116, 119, 111])), undefined);
  assert.equal(readFileSync(path, 'utf8'), 'two');
  if (posix) assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.deepEqual(readdirSync(dir), ['entry']);
  assert.match(writeFileAtomic0600(join(dir, 'missing', 'entry'), 'x') ?? '', /^cache_unavailable: .*cannot be written \(ENOENT\)/);
  assert.deepEqual(readdirSync(dir), ['entry']);
});
