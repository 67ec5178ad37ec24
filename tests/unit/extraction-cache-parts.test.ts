// The warm-start cache is read and written a part at a time (core/index/extraction-cache-file.ts):
// other work runs between its parts, a save that a later one overtakes writes nothing, and what
// is read back is exactly what was saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { ensurePrivateDir, writePrivateFileInParts } from '../../core/config/cache-dir.ts';
import { ExtractionCache } from '../../core/index/extraction-cache.ts';
import type { FileExtraction } from '../../core/index/extract-types.ts';
import { tempDir } from '../helpers/git.ts';
import { turnsDuring } from '../helpers/event-loop-turns.ts';

/** `n` extractions of `defs` definitions each, as a large workspace's would be. */
function extractions(n: number, defs: number, tag = ''): FileExtraction[] {
  return Array.from({ length: n }, (_, i) => ({
    file: `pkg${i % 50}/mod${i}.py`,
    language: 'python',
    definitions: Array.from({ length: defs }, (_, d) => ({
      kind: 'function',
      name: `f${d}${tag}`,
      startLine: d * 2 + 1,
      endLine: d * 2 + 2,
      parent: null,
      exported: true,
    })),
    imports: [],
    exports: [],
    calls: Array.from({ length: defs }, (_, d) => ({ callee: `g${d}`, line: d * 2 + 2, enclosing: d })),
    heritage: [],
    contentHash: `hash-${i}`,
  })) as FileExtraction[];
}

test('a large save and load each let the event loop turn many times, and load gives back what was saved', async () => {
  const root = tempDir('cache-parts-ws-');
  const cache = new ExtractionCache(tempDir('cache-parts-home-'), { ensurePrivateDir, writePrivateFileInParts }, 'test-version');
  const saved = extractions(3000, 40);
  const save = await turnsDuring(() => cache.save(root, saved));
  assert.equal(save.value, undefined);
  const size = statSync(cache.fileFor(root)).size;
  assert.ok(size > 8 * 1024 * 1024, `a cache of ${size} bytes`);
  assert.equal(statSync(cache.fileFor(root)).mode & 0o777, 0o600);
  assert.ok(save.turns >= 20, `the save let the loop turn ${save.turns} times`);

  const load = await turnsDuring(() => cache.load(root));
  assert.equal(load.value.cause, undefined);
  assert.ok(load.turns >= 20, `the load let the loop turn ${load.turns} times`);
  assert.equal(load.value.entries.size, saved.length);
  for (const e of saved) assert.deepEqual(load.value.entries.get(e.file), e);
});

test('saves queue one after another, and one overtaken before it starts writes nothing', async () => {
  const root = tempDir('cache-parts-ws-');
  const cache = new ExtractionCache(tempDir('cache-parts-home-'), { ensurePrivateDir, writePrivateFileInParts }, 'test-version');
  const first = cache.save(root, extractions(500, 20, 'first'));
  const second = cache.save(root, extractions(400, 20, 'second'));
  const third = cache.save(root, extractions(300, 20, 'third'));
  assert.deepEqual(await Promise.all([first, second, third]), [undefined, undefined, undefined]);
  await cache.flush();
  const text = readFileSync(cache.fileFor(root), 'utf8');
  assert.ok(text.includes('f0third') && !text.includes('f0second'), 'the last save is what is on disk');
  const load = await cache.load(root);
  assert.equal(load.entries.size, 300);
});

test('a save that cannot write (no file descriptor free) answers its cause and never rejects; the next save writes', async () => {
  const root = tempDir('cache-parts-ws-');
  let failWith: NodeJS.ErrnoException | undefined = Object.assign(new Error('EMFILE: too many open files, open'), { code: 'EMFILE' });
  const flaky = {
    ensurePrivateDir,
    writePrivateFileInParts: (path: string, write: Parameters<typeof writePrivateFileInParts>[1]) => {
      if (failWith) throw failWith;
      return writePrivateFileInParts(path, write);
    },
  };
  const cache = new ExtractionCache(tempDir('cache-parts-home-'), flaky, 'test-version');
  const failed = await cache.save(root, extractions(20, 3));
  assert.match(failed ?? '', /^cache_unavailable\(EMFILE\): the warm-start cache was not written/);
  failWith = undefined;
  assert.equal(await cache.save(root, extractions(20, 3)), undefined);
  assert.equal((await cache.load(root)).entries.size, 20);
});
