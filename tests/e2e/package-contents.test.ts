// What `npm publish` would ship: the built dist/ (the bin, the bundles and their chunks, the
// source maps they link, the parser code cache), the plugins, the skill, the docs, the
// third-party notices, README, LICENSE and package.json; nothing of the source tree's tests,
// scripts or CI, no leftover build folder, and no V8 code cache for the server start, which is
// made for the build's own path (core/cli-loader.ts) and would only be refused after install.
// It reads the build, so it runs after `npm run build` (npm test builds first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs module without types
import { BIN_ENTRY, ESM_ENTRIES } from '../../scripts/bundle-options.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[]; bin: Record<string, string> };

interface PackedFile {
  path: string;
  mode: number;
}

function packedFiles(): PackedFile[] {
  assert.ok(existsSync(join(ROOT, 'dist/cli.js')), 'no dist/cli.js: run npm run build first');
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const [result] = JSON.parse(run.stdout) as [{ files: PackedFile[] }];
  return result.files;
}

/** Every file under `dir` (relative to the repository), as npm would find it on disk. */
function filesOnDisk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

const packed = packedFiles();
const paths = packed.map((f) => f.path).sort();
const under = (dir: string) => paths.filter((p) => p.startsWith(`${dir}/`));

test("package.json's files names only what exists", () => {
  for (const entry of pkg.files.filter((f) => !f.startsWith('!'))) assert.ok(existsSync(join(ROOT, entry)), `files names ${entry}, which does not exist`);
});

test('the package holds dist/, plugins/, skills/, docs/, vendor/, README, LICENSE and package.json, and nothing else', () => {
  const top = [...new Set(paths.map((p) => (p.includes('/') ? `${p.split('/')[0]}/` : p)))].sort();
  assert.deepEqual(top, ['LICENSE', 'README.md', 'dist/', 'docs/', 'package.json', 'plugins/', 'skills/', 'vendor/']);
  for (const dir of ['plugins', 'skills', 'docs', 'vendor']) assert.deepEqual(under(dir), filesOnDisk(dir), `${dir}/ is packed whole`);
  assert.ok(paths.includes('vendor/THIRD-PARTY-NOTICES.txt'));
});

test('dist/ ships the bundles, their chunks and linked source maps', () => {
  const entries = [...Object.keys(ESM_ENTRIES), ...Object.keys(BIN_ENTRY)].map((name) => `dist/${name}.js`).concat('dist/serve.cjs');
  for (const entry of entries) assert.ok(paths.includes(entry), `${entry} is packed`);

  const bin = packed.find((f) => f.path === pkg.bin['metabob-mcp']);
  assert.ok(bin && (bin.mode & 0o111) !== 0, `the bin ${pkg.bin['metabob-mcp']} is packed executable`);

  const dist = under('dist');
  const bundles = dist.filter((p) => /\.(js|cjs)$/.test(p));
  assert.deepEqual(
    bundles.filter((p) => !entries.includes(p) && !/^dist\/chunks\/[^/]+\.js$/.test(p)),
    [],
    'every script is an entry or a chunk',
  );

  // A source map ships only beside the bundle that links it, so a stack trace can be mapped.
  const maps = dist.filter((p) => p.endsWith('.map'));
  assert.ok(maps.length > 0);
  for (const map of maps) {
    const script = map.slice(0, -'.map'.length);
    assert.ok(bundles.includes(script), `${map} has its bundle`);
    assert.ok(
      readFileSync(join(ROOT, script), 'utf8')
        .trimEnd()
        .endsWith(`//# sourceMappingURL=${basename(map)}`),
      `${script} links ${map}`,
    );
  }

  const rest = dist.filter((p) => !bundles.includes(p) && !maps.includes(p));
  assert.deepEqual(rest, [], 'nothing else in dist/, such as the build-path code cache dist/serve.cjs.cache');
});

test('the notices name every third-party package the shipped bundles were built from', () => {
  // Read from the source maps of the build itself: an independent view of what esbuild bundled.
  const notices = readFileSync(join(ROOT, 'vendor/THIRD-PARTY-NOTICES.txt'), 'utf8');
  const bundledNames = new Set<string>();
  for (const map of under('dist').filter((p) => p.endsWith('.map'))) {
    const { sources } = JSON.parse(readFileSync(join(ROOT, map), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const m = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
      // The SDK's private core-internal is compiled into its published server package, whose
      // license covers it; the maps still name its sources.
      if (m) bundledNames.add(m[1] === '@modelcontextprotocol/core-internal' ? '@modelcontextprotocol/server' : m[1]);
    }
  }
  assert.ok(bundledNames.has('@modelcontextprotocol/server'), [...bundledNames].join(', '));
  for (const name of bundledNames)
    assert.match(
      notices,
      new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\S+ \\([^;]+; bundled\\)$`, 'm'),
      `${name} is in vendor/THIRD-PARTY-NOTICES.txt`,
    );
});
