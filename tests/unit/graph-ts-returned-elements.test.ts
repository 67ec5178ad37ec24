// A method with no declared return type that returns an element of a typed path (`return
// this.stack[this.stack.length - 1]` with `stack: AstNode[]`) returns that path's element type,
// so `this.currentNode().add()` reaches AstNode's `add`, as the checker infers it; an element of
// `string[]` is a string, whose `trim` is no workspace method. So too an element picked by a name
// (`return this.next[i]`), and a name destructured from one (`const { node } = this.next[i]`). On fixture
// tests/fixtures/graph/ts-returned-elements/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a method returning an element of a typed array returns the array's element type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-returned-elements', 'builder.ts'), [
    'builder.ts::method::AstBuilder.build::9 -> builder.ts::method::AstBuilder.currentNode::14',
    'builder.ts::method::AstBuilder.build::9 -> builder.ts::method::AstBuilder.lastName::17',
    'builder.ts::method::AstBuilder.build::9 -> node.ts::method::AstNode.add::3',
    'builder.ts::method::AstBuilder.constructor::6 -> node.ts::class::AstNode::1',
  ]);
});

test("an element picked by a name, returned or destructured, is typed as the array's element", async () => {
  assert.deepEqual(await callEdgesFrom('ts-returned-elements', 'match.ts'), [
    'match.ts::method::ContentMatch.defaultNode::10 -> node.ts::method::AstNode.add::3',
    'match.ts::method::ContentMatch.firstNode::20 -> match.ts::method::ContentMatch.edge::17',
    'match.ts::method::ContentMatch.firstNode::20 -> node.ts::method::AstNode.add::3',
  ]);
});
