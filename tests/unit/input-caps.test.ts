// Every input has a cap (docs/input-caps.md): every string and array argument of every built
// tool advertises one in its schema, and the doc's per-tool table is exactly those caps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { capRows, capTableLine } from '../helpers/input-caps-rows.ts';
import { clipEcho, ECHO_MAX_CHARS } from '../../core/tools/input-caps.ts';

const DOC = new URL('../../docs/input-caps.md', import.meta.url);

test('every string and array argument of every built tool has a cap', () => {
  const rows = capRows();
  assert.ok(rows.length > 0);
  const uncapped = rows.filter((r) => r.cap === undefined).map((r) => `${r.tool}.${r.field}`);
  assert.deepEqual(uncapped, [], `uncapped arguments: ${uncapped.join(', ')}`);
});

test("docs/input-caps.md's per-tool table is the schemas' caps", () => {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf('## Per tool'));
  const documented = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| tool ') && !l.startsWith('| ---'));
  const expected = capRows().map((r) => capTableLine({ tool: r.tool, field: r.field, cap: r.cap! }));
  assert.deepEqual(documented, expected);
});

test('a quoted argument is clipped to its start and its length', () => {
  assert.equal(clipEcho('src/a.ts'), 'src/a.ts');
  const long = 'x'.repeat(5000);
  const clipped = clipEcho(long);
  assert.ok(clipped.length < ECHO_MAX_CHARS + 40, clipped);
  assert.ok(clipped.startsWith('x'.repeat(ECHO_MAX_CHARS)) && clipped.endsWith('(5000 characters)'), clipped);
});
