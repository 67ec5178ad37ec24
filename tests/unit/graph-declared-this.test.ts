// A method that declares its `this` (`peek(this: Mixed)`, the "self type" a mixin's traits write,
// chevrotain's parser traits) calls on that type, not on the class around it: `this.skip()` in
// Lexer reaches Engine's `skip` through `type Mixed = Lexer & Engine`, as the checker reads it.
// An arrow inside keeps that `this`; a function written inside has its own (`any` to the checker)
// unless it declares one. On fixture tests/fixtures/graph/ts-declared-this/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a method's declared `this` types its calls on `this`, an arrow's inside it, not a nested function's", async () => {
  assert.deepEqual(await callEdgesOf('ts-declared-this'), [
    // `function invoke(this: Mixed)`: its own declared `this`.
    'engine.ts::function::Engine.rule.invoke::22 -> lexer.ts::method::Lexer.peek::4',
    // The arrow `check` keeps run's `this`.
    'engine.ts::function::Engine.run.check::14 -> lexer.ts::method::Lexer.peek::4',
    'engine.ts::method::Engine.own::28 -> engine.ts::method::Engine.save::8',
    'engine.ts::method::Engine.run::12 -> engine.ts::function::Engine.run.check::14',
    // `this.peek(1)` in run; the function it returns calls `this.mark()` on a `this` of its own: no edge.
    'engine.ts::method::Engine.run::12 -> lexer.ts::method::Lexer.peek::4',
    'lexer.ts::method::Lexer.peek::4 -> engine.ts::method::Engine.skip::4',
  ]);
});
