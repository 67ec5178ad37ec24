// The faster node reads (core/index/extract/runtime-fast-paths.ts) answer what the library's
// own reads answer: every node of real trees is read through Node (the kept reads, the field
// lookup) and through a TreeCursor (the library's separate path), and the two must agree; the
// word writer and reader keep every other type on the runtime's path and follow its heap view
// when memory grows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tree } from 'web-tree-sitter';
import { parserFor } from '../../core/index/extract/grammar-loader.ts';
import { installWordAccess } from '../../core/index/extract/runtime-fast-paths.ts';

const source = (rel: string) => readFileSync(fileURLToPath(new URL(`../../${rel}`, import.meta.url)), 'utf8');

/** Walks every node with a cursor and compares it with the same node read through Node; returns the nodes compared. */
function compareEveryNode(tree: Tree): number {
  const cursor = tree.walk();
  let compared = 0;
  for (;;) {
    const node = cursor.currentNode;
    assert.equal(node.typeId, cursor.nodeTypeId, `type at ${node.startIndex}`);
    assert.equal(node.type, cursor.nodeType);
    assert.equal(node.endIndex, cursor.endIndex, `end at ${node.startIndex}`);
    assert.equal(node.isNamed, cursor.nodeIsNamed);
    // Read twice: the second answer is the kept one.
    assert.equal(node.typeId, cursor.nodeTypeId);
    assert.equal(node.endIndex, cursor.endIndex);
    const field = cursor.currentFieldName;
    if (field) {
      const first = node.parent!.childrenForFieldName(field)[0];
      assert.equal(node.parent!.childForFieldName(field)?.id, first?.id, `${field} of ${node.parent!.type}`);
    }
    compared++;
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return compared;
  }
}

test('every node of real TypeScript and Python trees reads the same through Node as through a cursor', async () => {
  const cases: Array<['typescript' | 'python', string]> = [
    ['typescript', source('core/index/extract/recover-parse.ts')],
    ['typescript', source('core/index/extract/runtime-fast-paths.ts')],
    ['python', 'class A(B):\n    def m(self, x: int = 1) -> int:\n        return self.n(x)\n'],
  ];
  for (const [grammar, text] of cases) {
    const tree = (await parserFor(grammar)).parse(text)!;
    try {
      assert.ok(compareEveryNode(tree) > 20);
      // A field the language does not have, and one the node does not carry.
      assert.equal(tree.rootNode.childForFieldName('no_such_field'), null);
      assert.equal(tree.rootNode.childForFieldName('name'), null);
    } finally {
      tree.delete();
    }
  }
});

test('a tree parsed after the runtime memory grew reads the same (the heap view is read again)', async () => {
  const parser = await parserFor('typescript');
  const small = parser.parse('const a = f(1);\n')!;
  // Many thousands of nodes: the runtime's memory grows while the tree is built.
  const big = parser.parse(Array.from({ length: 20_000 }, (_, i) => `export function f${i}(a: number): number { return g${i}(a) + ${i}; }`).join('\n'))!;
  try {
    assert.ok(compareEveryNode(big) > 20_000 * 10);
    assert.ok(compareEveryNode(small) > 5);
  } finally {
    big.delete();
    small.delete();
  }
});

test('the word writer and reader take i32 to the heap view and every other type to the runtime', () => {
  const calls: string[] = [];
  const runtime: { setValue?: unknown; getValue?: unknown; HEAP32?: unknown } = {
    setValue: (ptr: number, value: number, type?: string) => calls.push(`set ${ptr} ${value} ${type}`),
    getValue: (ptr: number, type?: string) => (calls.push(`get ${ptr} ${type}`), 7),
    HEAP32: new Int32Array(4),
  };
  assert.equal(installWordAccess(runtime), true);
  const set = runtime.setValue as (ptr: number, value: number, type?: string) => void;
  const get = runtime.getValue as (ptr: number, type?: string) => number;
  set(8, -5, 'i32');
  assert.equal((runtime.HEAP32 as Int32Array)[2], -5);
  assert.equal(get(8, 'i32'), -5);
  set(3, 1, 'i8');
  set(4, 2);
  assert.equal(get(4, 'float'), 7);
  assert.deepEqual(calls, ['set 3 1 i8', 'set 4 2 i8', 'get 4 float']);
  // Memory growth replaces the view: the next word goes to the new one.
  runtime.HEAP32 = new Int32Array(8);
  set(20, 9, 'i32');
  assert.equal((runtime.HEAP32 as Int32Array)[5], 9);
  // A runtime without the parts it replaces is left as it is.
  const bare: { setValue?: unknown; getValue?: unknown; HEAP32?: unknown } = { setValue: () => 0 };
  assert.equal(installWordAccess(bare), false);
  assert.equal(bare.getValue, undefined);
});
