// The README's dependency table names every run-time dependency with the range package.json
// declares and how it ships: `installed` is a dependency, `optional install` an optional peer
// dependency, `bundled` a dev dependency the build bundles; and nothing package.json does not
// (STYLE habit 11: docs cannot drift from code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

test("README's dependency table is package.json's dependencies and optional peers, each with its range and how it ships", () => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as Manifest;
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
  const section = readme.slice(readme.indexOf('## Dependencies'), readme.indexOf('\n## ', readme.indexOf('## Dependencies') + 1));
  const listed = new Map<string, { range: string; shipped: string }>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [names, ranges, shipped] = row.split('|').slice(1, 4);
    const packages = [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const versions = ranges.split(',').map((r) => r.trim());
    assert.equal(packages.length, versions.length, row);
    packages.forEach((name, i) => listed.set(name, { range: versions[i], shipped: shipped.trim() }));
  }
  const expected = new Map<string, { range: string; shipped: string }>();
  for (const [name, range] of Object.entries(pkg.dependencies)) expected.set(name, { range, shipped: 'installed' });
  for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
    assert.equal(pkg.peerDependenciesMeta?.[name]?.optional, true, `${name} is an optional peer`);
    assert.equal(pkg.devDependencies[name], range, `${name} is a dev dependency too, at the same range, so the tests run with it`);
    expected.set(name, { range, shipped: 'optional install' });
  }
  for (const [name, row] of listed) {
    if (row.shipped !== 'bundled') continue;
    assert.equal(pkg.devDependencies[name], row.range, `${name} is bundled: a dev dependency`);
    expected.set(name, row);
  }
  assert.deepEqual(Object.fromEntries([...listed].sort()), Object.fromEntries([...expected].sort()));
});
