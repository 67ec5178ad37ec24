// The worker must start from the esbuild bundle, not only from source: dist/ holds the
// `index-worker` entry (scripts/build.mjs), and a bundle of the extractor built with the same
// options runs its pool with real workers (none dying and falling back to this thread) and
// gives exactly what the source gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs module without types
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { extractFiles } from '../../core/index/extract/index.ts';
import { listFiles } from '../helpers/git.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(repo, 'tests/fixtures/extract');

test('scripts/build.mjs bundles the worker as its own entry, dist/index-worker.js', () => {
  // The build takes its entry points from scripts/bundle-options.mjs, as the notices script does.
  assert.match(readFileSync(join(repo, 'scripts/bundle-options.mjs'), 'utf8'), /'index-worker': 'core\/index\/extract\/worker\.ts'/);
  assert.match(readFileSync(join(repo, 'scripts/build.mjs'), 'utf8'), /ESM_ENTRIES/);
  if (existsSync(join(repo, 'dist/cli.js'))) assert.ok(existsSync(join(repo, 'dist/index-worker.js')), 'dist/index-worker.js missing: run npm run build');
});

test('a bundled extractor runs its pool from the bundled worker and matches the source exactly', async (t) => {
  // Inside the repository so the bundle resolves web-tree-sitter from node_modules like dist/ does.
  mkdirSync(join(repo, 'node_modules/.cache'), { recursive: true });
  const out = mkdtempSync(join(repo, 'node_modules/.cache/extract-bundle-test-'));
  const workspace = mkdtempSync(join(tmpdir(), 'extract-bundle-'));
  t.after(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  await build(
    bundleOptions({
      entryPoints: { extract: join(repo, 'core/index/extract/index.ts'), 'index-worker': join(repo, 'core/index/extract/worker.ts') },
      outdir: out,
    }),
  );
  for (let i = 0; i < 3; i++) cpSync(fixtures, join(workspace, `copy${i}`), { recursive: true });
  const files = listFiles(workspace);

  const bundled = (await import(pathToFileURL(join(out, 'extract.js')).href)) as typeof import('../../core/index/extract/index.ts');
  const pooled = await bundled.extractFiles(workspace, files, { workers: 2, mainThreadLane: false });
  assert.deepStrictEqual(pooled.pool, { workers: 2, failed: 0, mainThreadFiles: 0 });
  assert.deepStrictEqual([...pooled], [...(await extractFiles(workspace, files, { workers: 0 }))]);
});
