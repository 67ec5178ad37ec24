// A const a module's top annotates with a class's own type (`export const Stack: typeof
// StackPolyfill = globalThis.Stack ?? StackPolyfill`, puppeteer's polyfills) is read as a class
// extending it: `new Stack()` reaches the const, as the checker names it, and builds a
// StackPolyfill, whose `use` and `dispose` the instance's calls reach; `Stack.from()` is its static.
// And a getter declared without a body, an abstract class's (`abstract get frame(): Frame`) or an
// interface's (`get frame(): Frame`), types the member it reads as a class's getter does. On
// fixture tests/fixtures/graph/ts-class-valued-consts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('a const typed as a class, and getters declared without a body', async () => {
  assert.deepEqual(await callEdgesOf('ts-class-valued-consts'), [
    'disposable.ts::method::StackPolyfill.from::8 -> disposable.ts::class::StackPolyfill::1',
    'handle.ts::function::urlOf::15 -> frame.ts::method::Frame.url::6',
    'handle.ts::method::Handle.realm::6 -> frame.ts::method::Frame.isolatedRealm::2',
    'user.ts::function::close::8 -> disposable.ts::class::Stack::13',
    'user.ts::function::close::8 -> disposable.ts::method::StackPolyfill.dispose::6',
    'user.ts::function::copy::13 -> disposable.ts::method::StackPolyfill.from::8',
    'user.ts::function::run::3 -> disposable.ts::class::Stack::13',
    'user.ts::function::run::3 -> disposable.ts::method::StackPolyfill.use::2',
  ]);
  const graph = (await indexedFixture('ts-class-valued-consts')).graph!;
  const inherits = graph.edges.filter((e) => e.type === 'inherits').map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(inherits, ['disposable.ts::class::Stack::13 -> disposable.ts::class::StackPolyfill::1']);
});
