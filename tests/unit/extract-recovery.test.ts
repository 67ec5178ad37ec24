// Recovery from parse errors (core/index/extract/recover-parse.ts, languages/typescript-recovery.ts):
// each fixture under tests/fixtures/extract/ts-recovery/ holds a construct tree-sitter-typescript
// reads as ERROR (the first test proves the grammar still does, so a fixed grammar shows which
// mask can go), and extraction still finds every definition in it and after it, with offsets
// and lines as written. A declaration the parser cannot read at all is reported by its lines,
// in the extraction and in the index's run report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile } from '../../core/index/extract/extract-file.ts';
import { parserFor } from '../../core/index/extract/grammar-loader.ts';
import { editsBetween, errorRanges, parseRecovering } from '../../core/index/extract/recover-parse.ts';
import { grammarModule } from '../../core/index/extract/languages/registry.ts';
import type { Tree } from 'web-tree-sitter';
import { LocalIndex } from '../../core/index/local-index.ts';
import { indexStats, statsLines } from '../../core/index/index-report.ts';
import { tempDir } from '../helpers/git.ts';

const root = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));
const extract = (file: string) => extractFile(root, file);
const MASKED = ['type-star-export.ts', 'variance.ts', 'call-signatures.ts', 'using-declarations.ts'];

/** The definitions as `kind name first-last` lines, methods under their owner. */
function outline(definitions: Array<{ kind: string; name: string; startLine: number; endLine: number; parentName?: string }>): string[] {
  return definitions.map((d) => `${d.kind} ${d.parentName ? `${d.parentName}.` : ''}${d.name} ${d.startLine}-${d.endLine}`);
}

test('the grammar alone reads every recovery fixture with ERROR nodes', async () => {
  const parser = await parserFor('typescript');
  for (const file of [...MASKED, 'broken-class.ts']) {
    const tree = parser.parse(readFileSync(join(root, 'ts-recovery', file), 'utf8'))!;
    assert.ok(errorRanges(tree.rootNode).length > 0, `${file}: the grammar now reads it whole; its mask may go`);
    tree.delete();
  }
});

/** Every node as type, field, range and start point, in document order. */
function shape(tree: Tree): string[] {
  const cursor = tree.walk();
  const out: string[] = [];
  for (;;) {
    const at = cursor.startPosition;
    out.push(`${cursor.nodeType} ${cursor.currentFieldName ?? '-'} ${cursor.startIndex}-${cursor.endIndex} ${at.row}:${at.column}`);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return out;
      }
    }
  }
}

test('a recovery pass re-parses incrementally and builds the tree a fresh parse of its text builds', async () => {
  const parser = await parserFor('typescript');
  const module = grammarModule('typescript')!;
  for (const file of [...MASKED, 'broken-class.ts']) {
    const source = readFileSync(join(root, 'ts-recovery', file), 'utf8');
    const olds: Array<Tree | undefined> = [];
    const recovered = (await parseRecovering(
      (text, old) => {
        olds.push(old);
        return Promise.resolve(parser.parse(text, old));
      },
      source,
      module,
    ))!;
    assert.ok(olds.length > 1 && olds.slice(1).every(Boolean), `${file}: every pass after the first is handed an edited tree`);
    const fresh = parser.parse(recovered.text)!;
    assert.deepEqual(shape(recovered.tree), shape(fresh), file);
    fresh.delete();
    recovered.tree.delete();
  }
});

test('the edits between a text and its masked copy are the runs of changed characters, with their rows and columns', () => {
  assert.deepEqual(editsBetween('ab\ncde\nf', 'ab\nXYe\nZ'), [
    {
      startIndex: 3,
      oldEndIndex: 5,
      newEndIndex: 5,
      startPosition: { row: 1, column: 0 },
      oldEndPosition: { row: 1, column: 2 },
      newEndPosition: { row: 1, column: 2 },
    },
    {
      startIndex: 7,
      oldEndIndex: 8,
      newEndIndex: 8,
      startPosition: { row: 2, column: 0 },
      oldEndPosition: { row: 2, column: 1 },
      newEndPosition: { row: 2, column: 1 },
    },
  ]);
  assert.deepEqual(editsBetween('same', 'same'), []);
});

test('`export type * from` and `export type * as ns from` are re-exports, and what follows them parses', async () => {
  const result = await extract('ts-recovery/type-star-export.ts');
  assert.deepEqual(result.imports, [
    { kind: 'reexport', source: './types', bindings: [{ imported: '*', local: '*' }], line: 1 },
    { kind: 'reexport', source: './shapes', bindings: [{ imported: '*', local: 'Shapes' }], line: 2 },
  ]);
  assert.deepEqual(outline(result.definitions), ['function after 3-3']);
  assert.equal(result.unparsed, undefined);
});

test('variance annotations (`in`, `out`, `in out`) leave the interface, the type and their members', async () => {
  const result = await extract('ts-recovery/variance.ts');
  assert.deepEqual(outline(result.definitions), [
    'interface Cache 1-3',
    'method Cache.get 2-2',
    'type Getter 4-4',
    'method Getter.get 4-4',
    'function makeCache 5-5',
  ]);
  assert.equal(result.unparsed, undefined);
});

test('generic call signatures one per line, in an interface and a type literal, and the class after them', async () => {
  const result = await extract('ts-recovery/call-signatures.ts');
  assert.deepEqual(outline(result.definitions), [
    'interface Map 1-8',
    'function filter 10-13',
    'class After 15-19',
    'method After.method 16-18',
    'function helper 21-23',
  ]);
  assert.deepEqual(
    result.calls.map((c) => `${c.receiver ? `${c.receiver}.` : ''}${c.callee} ${c.line}`),
    ['dual 13', 'self.filter 13', 'helper 17'],
  );
  assert.equal(result.unparsed, undefined);
});

test('`using` and `await using` declarations bind their names, in a block and a for-of head, and the class reads whole', async () => {
  const result = await extract('ts-recovery/using-declarations.ts');
  assert.deepEqual(outline(result.definitions), ['class Session 1-15', 'method Session.run 2-10', 'method Session.lock 12-14', 'function after 17-19']);
  assert.deepEqual(
    result.calls.map((c) => `${c.receiver ? `${c.receiver}.` : ''}${c.callee} ${c.line}`),
    ['this.lock 3', 'this.open 4', 'this.frames 5', 'frame.close 6', 'this.lock 8', 'entry.close 8', 'handle.size 9'],
  );
  assert.deepEqual(
    result.declaredTypes?.filter((t) => t.kind === 'local').map((t) => `${t.name}: ${t.type}`),
    ['lock: this.lock()', 'handle: this.open()', 'frame: this.frames()[*]'],
  );
  assert.equal(result.unparsed, undefined);
});

test('a class after a declaration the parser cannot read keeps its methods, and the unread lines are reported', async () => {
  const result = await extract('ts-recovery/broken-class.ts');
  assert.deepEqual(outline(result.definitions), ['function ok 1-1', 'class StillFound 3-5', 'method StillFound.method 4-4']);
  assert.deepEqual(result.calls, [{ callee: 'ok', line: 4, enclosing: 2 }]);
  assert.deepEqual(result.unparsed, { lines: [[2, 2]], chars: 26 });
});

test("the index's run report and statistics name the files parsed in part, with their unread lines", async () => {
  const dir = tempDir('partial-');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/whole.ts'), 'export function whole() {}\n');
  writeFileSync(join(dir, 'src/part.ts'), readFileSync(join(root, 'ts-recovery/broken-class.ts'), 'utf8'));
  const index = new LocalIndex(dir);
  const result = await index.run({ budgetMs: Number.POSITIVE_INFINITY });
  assert.ok(result.ok);
  assert.deepEqual(result.report.partial, [{ file: 'src/part.ts', lines: [[2, 2]] }]);
  assert.ok(index.graph!.nodes.has('src/part.ts::method::StillFound.method::4'), [...index.graph!.nodes.keys()].join(', '));
  const line = statsLines(indexStats(index)).find((l) => l.startsWith('Partly parsed'));
  assert.equal(line, 'Partly parsed: 1 file(s) kept what the parser read; definitions in the lines it could not read may be missing (src/part.ts lines 2).');
});
