// A JavaScript `let` only ever constructed as one class holds that class after the assignment
// (typescript-assigned.ts), found by scanning the enclosing function's text for the name's other
// assignments. A class written as one large constructor function (a ~100 KB body) is scanned too;
// the file's inference budget bounds how many such scans a file takes, so a body of thousands of
// constructed locals still extracts, with some of them typed and the rest not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractSource } from '../../core/index/extract/extract-file.ts';

/** `function Renderer() { let output = null; ...padding...; if (c) output = new Output(); ... }`, its body about `kb` KB. */
function largeConstructor(kb: number): string {
  const lines = ['function Renderer(parameters) {', '  let output = null;'];
  for (let i = 0; lines.join('\n').length < kb * 1024; i++) lines.push(`  this.value${i} = parameters.value${i} !== undefined ? parameters.value${i} : ${i};`);
  lines.push('  if (parameters.hdr) {', '    output = new Output(parameters);', '  }', '  this.render = function () {', '    output.begin();', '  };', '}');
  return lines.join('\n');
}

test('a local constructed in a ~100 KB constructor function is typed from its assignment on', async () => {
  const source = largeConstructor(100);
  const result = await extractSource('renderer.js', source);
  assert.equal(result.error, undefined);
  const output = (result.declaredTypes ?? []).filter((d) => d.name === 'output');
  const line = source.split('\n').findIndex((l) => l.includes('output = new Output')) + 1;
  assert.deepEqual(
    output.map((d) => [d.type, d.lines?.[0]]),
    [['Output', line]],
  );
});

test('thousands of constructed locals in one large function are held to the file budget', async () => {
  const count = 4000;
  const lines = ['function make() {'];
  for (let i = 0; i < count; i++) lines.push(`  let v${i} = null;`, `  v${i} = new Thing${i % 7}();`);
  lines.push('}');
  const result = await extractSource('many.js', lines.join('\n'));
  assert.equal(result.error, undefined);
  const typed = (result.declaredTypes ?? []).filter((d) => /^v\d+$/.test(d.name)).length;
  assert.ok(typed > 0, 'the first assignments are scanned');
  assert.ok(typed < count / 4, `the budget stops the scans well before ${count}, typed ${typed}`);
});
