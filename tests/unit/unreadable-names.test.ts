// Names the scan cannot open are counted by reason, not dropped (core/index/unreadable-names.ts):
// a name that is not valid UTF-8 (two such names that decode to the same string count twice),
// while a valid name holding U+FFFD itself is indexed; only what the walk would take counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXCLUDE, normalizeExtensions, scanWorkspace } from '../../core/index/scan-workspace.ts';
import { escapeNameBytes, NAME_MAX, PATH_MAX, tooLongReason } from '../../core/index/unreadable-names.ts';
import { unreadableLine } from '../../core/index/index-report.ts';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

test('a name as bytes: valid UTF-8 as itself, each bad byte as \\xNN, control characters escaped', () => {
  assert.equal(escapeNameBytes(bytes('bad', [0xff], '.ts')), 'bad\\xff.ts');
  assert.equal(escapeNameBytes(bytes('é', [0xc0, 0xaf], 'x')), 'é\\xc0\\xafx');
  assert.equal(escapeNameBytes(bytes('cut', [0xe2, 0x82])), 'cut\\xe2\\x82');
  assert.equal(escapeNameBytes(bytes('a\nb', [0xed, 0xa0, 0x80])), 'a\\nb\\xed\\xa0\\x80');
  assert.equal(escapeNameBytes(bytes('€ ok 🙂')), '€ ok 🙂');
});

test('PATH_MAX counts the whole path with its NUL, NAME_MAX one component, in bytes', () => {
  assert.equal(tooLongReason('/' + 'a'.repeat(PATH_MAX - 2), 'a'), undefined);
  assert.equal(tooLongReason('/' + 'a'.repeat(PATH_MAX - 1), 'a'), 'path_too_long');
  assert.equal(tooLongReason('/x/' + 'é'.repeat(128), 'é'.repeat(128)), 'name_too_long');
  assert.equal(tooLongReason('/x/' + 'a'.repeat(NAME_MAX), 'a'.repeat(NAME_MAX)), undefined);
});

test('the scan counts badly encoded files and folders it would take, and indexes a real U+FFFD name', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'scan-unreadable-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'ok.ts'), 'x\n');
  writeFileSync(join(root, 'real\uFFFD.ts'), 'x\n');
  writeFileSync(bytes(root, '/bad', [0xff], '.ts'), 'x\n');
  writeFileSync(bytes(root, '/bad', [0xfe], '.ts'), 'x\n');
  writeFileSync(bytes(root, '/image', [0xff], '.png'), 'x\n');
  mkdirSync(bytes(root, '/dir', [0xff]));
  mkdirSync(bytes(root, '/.hidden', [0xff]));
  mkdirSync(join(root, 'node_modules'));
  writeFileSync(bytes(root, '/node_modules/dep', [0xff], '.ts'), 'x\n');

  const scan = scanWorkspace(root, normalizeExtensions(undefined), DEFAULT_EXCLUDE);
  assert.deepEqual(
    scan.files.map((f) => f.file),
    ['ok.ts', 'real\uFFFD.ts'],
  );
  assert.deepEqual(scan.unreadable.counts, { invalid_utf8: 3, path_too_long: 0, name_too_long: 0 });
  assert.deepEqual(scan.unreadable.examples.invalid_utf8, ['bad\\xfe.ts', 'bad\\xff.ts', 'dir\\xff/']);
  assert.equal(
    unreadableLine(scan.unreadable),
    "Unreadable names: 3 file(s) or folder(s) not indexed (3 not valid UTF-8: bad\\xfe.ts, bad\\xff.ts, dir\\xff/); a folder's contents are not read. Rename or move them up to index them.",
  );
});
