// An object type a JavaScript doc comment writes in its typedef, as lint-staged and
// enhanced-resolve write it: `@typedef {{ error: LogFunction, log: LogFunction }} Logger` beside
// `@typedef {(...args: any[]) => void} LogFunction`, and `{{ fn: (p: string) => string, cache:
// Map<string, string> }}`. The checker reads it as `type Logger = { ... }`, so on a parameter
// documented with it (here through another module's `import('./log').Logger`) `logger.error()`
// reaches the member typed by a function type, `cached.fn()` the member written as one, and
// `holder.entry.render()` the class a member is typed with; a member typed `string` is no call's
// target. Two types in one comment are defined each over its own tag, so neither holds the
// other's members. On fixture tests/fixtures/graph/js-doc-object-types/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a typedef's object type: its callable members and its members' types", async () => {
  assert.deepEqual(await callEdgesFrom('js-doc-object-types', 'lib/run.js'), [
    'lib/run.js::function::join::12 -> lib/log.js::method::CachedJoin.fn::8',
    'lib/run.js::function::report::6 -> lib/log.js::method::Logger.error::1',
    'lib/run.js::function::report::6 -> lib/log.js::method::Logger.warn::1',
    'lib/run.js::function::show::17 -> lib/log.js::method::Entry.render::19',
    'lib/run.js::function::show::17 -> lib/log.js::method::Holder.make::10',
  ]);
});
