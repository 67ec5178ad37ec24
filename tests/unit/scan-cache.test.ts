// The scan's directory cache: a re-scan reads a directory again only when its entries changed,
// and sees every added, removed and renamed file and folder as a fresh scan does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXCLUDE, normalizeExtensions, scanWorkspace, type DirectoryCache } from '../../core/index/scan-workspace.ts';

const include = normalizeExtensions(undefined);
const files = (root: string, cache?: DirectoryCache) => scanWorkspace(root, include, DEFAULT_EXCLUDE, cache).files.map((f) => f.file);

test('a cached re-scan finds exactly what a fresh scan finds, after every kind of change', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'scan-cache-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'pkg/sub'), { recursive: true });
  writeFileSync(join(root, 'pkg/a.py'), 'x = 1\n');
  writeFileSync(join(root, 'pkg/sub/b.ts'), 'export const b = 1;\n');
  const cache: DirectoryCache = new Map();
  // Directories changed in the last 2 s are never cached (their mtime could repeat): age them.
  const age = () => {
    for (const dir of [root, join(root, 'pkg'), join(root, 'pkg/sub')]) utimesSync(dir, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
  };
  age();

  assert.deepEqual(files(root, cache), ['pkg/a.py', 'pkg/sub/b.ts']);
  assert.equal(cache.size, 3);
  const cachedSub = cache.get(join(root, 'pkg/sub'))!.entries;
  assert.deepEqual(files(root, cache), files(root));
  // Unchanged: the same listing object is reused, not read again.
  assert.equal(cache.get(join(root, 'pkg/sub'))!.entries, cachedSub);

  const changes: Array<[string, () => void]> = [
    ['a file added', () => writeFileSync(join(root, 'pkg/sub/c.js'), 'c()\n')],
    ['a file removed', () => rmSync(join(root, 'pkg/a.py'))],
    ['a file renamed', () => renameSync(join(root, 'pkg/sub/b.ts'), join(root, 'pkg/sub/d.ts'))],
    [
      'a folder added',
      () => {
        mkdirSync(join(root, 'new'));
        writeFileSync(join(root, 'new/e.py'), 'e = 1\n');
      },
    ],
    ['a file added in a new folder', () => writeFileSync(join(root, 'new/f.py'), 'f = 1\n')],
    ['a folder removed', () => rmSync(join(root, 'pkg/sub'), { recursive: true })],
  ];
  for (const [what, change] of changes) {
    change();
    assert.deepEqual(files(root, cache), files(root), what);
  }
  assert.deepEqual(files(root, cache), ['new/e.py', 'new/f.py']);
});

test('a directory changed in the last two seconds is read again on every scan, never cached', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'scan-racy-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'a.py'), 'a = 1\n');
  const cache: DirectoryCache = new Map();
  assert.deepEqual(files(root, cache), ['a.py']);
  assert.equal(cache.has(root), false);
  // Same mtime as before, as a coarse clock would give: still seen, since nothing was cached.
  const { mtime } = { mtime: new Date() };
  writeFileSync(join(root, 'b.py'), 'b = 1\n');
  utimesSync(root, mtime, mtime);
  assert.deepEqual(files(root, cache), ['a.py', 'b.py']);
});
