// `metabob-mcp doctor`'s placeholders check sees a placeholder inside a config file, which the
// server strips and logs at start as it does one in the environment (SPEC §Configuration).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { runCli } from './attach-check-helpers.ts';

test('doctor: "apiKey": "${user_config.api_key}" in ~/.metabob/config.json is a placeholders warning', async () => {
  const home = tempHome();
  mkdirSync(join(home, '.metabob'));
  const file = join(home, '.metabob', 'config.json');
  writeFileSync(file, JSON.stringify({ metabob: { apiKey: '${user_config.api_key}', endpoint: 'http://127.0.0.1:9' } }));
  const out = await runCli(['doctor', '--json'], { env: { HOME: home, METABOB_HOME: tempDir('metabob-dir-') }, cwd: tempDir(), home });
  const check = JSON.parse(out.stdout).checks.find((c: { id: string }) => c.id === 'placeholders');
  assert.equal(check.status, 'warn', JSON.stringify(check));
  assert.match(check.detail, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} metabob\\.apiKey \\(placeholder\\)`));
  assert.ok(check.remedy);
  // The placeholder is named; nothing else of the value would be.
  assert.deepEqual(check.data.in_files, [{ file, key: 'metabob.apiKey', placeholders: ['${user_config.api_key}'] }]);
});
