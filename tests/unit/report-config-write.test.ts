// configure's file write (core/report/config-write.ts): merged into what the file holds, never
// dropping other sections or other keys of the metabob section; mode 0600; written through a
// symlink (~/.metabob/config.json may point at it); a file that is not a JSON object is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { installerConfigPath, mergeMetabobSection, readExistingConfig, writeConfigFile } from '../../core/report/config-write.ts';

test('the merge keeps other sections and the metabob keys it was not given', () => {
  const merged = mergeMetabobSection(
    { gapStore: { endpoint: 'http://g' }, metabob: { vesselId: 'v1', apiKey: 'old', endpoint: 'http://old:18080' } },
    { apiKey: 'new', discoveryEndpoint: 'http://d:18100', endpoint: '' },
  );
  assert.deepEqual(merged, {
    gapStore: { endpoint: 'http://g' },
    metabob: { vesselId: 'v1', apiKey: 'new', endpoint: 'http://old:18080', discoveryEndpoint: 'http://d:18100' },
  });
  assert.deepEqual(mergeMetabobSection({ instance: { apiKey: 'legacy' } }, { apiKey: 'k' }), { instance: { apiKey: 'legacy' }, metabob: { apiKey: 'k' } });
});

test('a new file is created with mode 0600 in a 0700 directory', () => {
  const home = tempDir('metabob-home-');
  const path = installerConfigPath(home);
  assert.deepEqual(readExistingConfig(path), { ok: true, path, exists: false, content: {}, metabob: {} });
  writeConfigFile(path, { metabob: { apiKey: 'k' } });
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.equal(statSync(join(home, '.substrate')).mode & 0o777, 0o700);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { metabob: { apiKey: 'k' } });
});

test('an existing 0644 file becomes 0600; a symlinked path is written through and stays a symlink', () => {
  const home = tempDir('metabob-home-');
  mkdirSync(join(home, '.substrate'));
  const real = join(home, '.substrate', 'config.json');
  writeFileSync(real, '{"other": 1}', { mode: 0o644 });
  mkdirSync(join(home, '.metabob'));
  const link = join(home, '.metabob', 'config.json');
  symlinkSync(real, link);
  const existing = readExistingConfig(link);
  assert.ok(existing.ok);
  const written = writeConfigFile(link, mergeMetabobSection(existing.content, { apiKey: 'k' }));
  assert.equal(written, real);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(statSync(real).mode & 0o777, 0o600);
  assert.deepEqual(JSON.parse(readFileSync(link, 'utf8')), { other: 1, metabob: { apiKey: 'k' } });
});

test('a file that is not a JSON object is refused with one line, never overwritten', () => {
  const dir = tempDir();
  const bad = join(dir, 'config.json');
  writeFileSync(bad, '{ not json');
  const read = readExistingConfig(bad);
  assert.equal(read.ok, false);
  assert.match(
    (read as { line: string }).line,
    /^config_unreadable\(.*config\.json\): not valid JSON \(.*\); nothing written: fix or move the file, then run configure again$/,
  );
  writeFileSync(bad, '[1, 2]');
  assert.equal(
    (readExistingConfig(bad) as { line: string }).line,
    `config_unreadable(${bad}): not a JSON object; nothing written: fix or move the file, then run configure again`,
  );
});
