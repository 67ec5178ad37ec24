// vendor/THIRD-PARTY-NOTICES.txt must name what dist/ carries today: a dependency bundled
// into dist/ or bumped in the lockfile changes it. Regenerate with
// `node --import tsx scripts/third-party-notices.ts`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NOTICES, noticesText, shippedPackages } from '../../scripts/third-party-notices.ts';

test('vendor/THIRD-PARTY-NOTICES.txt is generated from what dist/ bundles and compiles', async () => {
  const packages = await shippedPackages();
  // The SDK is what makes this an MCP server; if it is not found, the bundle inspection is broken.
  assert.ok(
    packages.some((p) => p.name === '@modelcontextprotocol/server' && p.shippedAs === 'bundled'),
    JSON.stringify(packages.map((p) => p.name)),
  );
  assert.ok(packages.every((p) => p.licenseText.length > 0));
  assert.equal(readFileSync(NOTICES, 'utf8'), noticesText(packages), 'stale: run node --import tsx scripts/third-party-notices.ts');
});
