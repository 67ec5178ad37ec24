// The README's dependency table names every run-time dependency with the range package.json
// declares, and nothing package.json does not (STYLE habit 11: docs cannot drift from code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

test("README's dependency table is package.json's dependencies, each with its range", () => {
  const { dependencies } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { dependencies: Record<string, string> };
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
  const section = readme.slice(readme.indexOf('## Dependencies'), readme.indexOf('\n## ', readme.indexOf('## Dependencies') + 1));
  const listed = new Map<string, string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [names, ranges] = row.split('|').slice(1, 3);
    const packages = [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const versions = ranges.split(',').map((r) => r.trim());
    assert.equal(packages.length, versions.length, row);
    packages.forEach((name, i) => listed.set(name, versions[i]));
  }
  assert.deepEqual(Object.fromEntries([...listed].sort()), Object.fromEntries(Object.entries(dependencies).sort()));
});
