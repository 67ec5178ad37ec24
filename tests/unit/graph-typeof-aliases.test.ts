// A `type` alias of a value, on fixture tests/fixtures/graph/ts-typeof-aliases/: a member called
// on a name typed `type Logger = typeof log` is the member the module-level object `log` holds,
// and with `typeof Clock` the class's static, as the TypeScript checker reads them; the alias is
// no subtype, so no `inherits` edge. The exact call edges, and the near misses that get none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('a member called on a `typeof` alias reaches what the value holds: an object literal member or a class static; a member the value lacks gets no edge', async () => {
  assert.deepEqual(await callEdgesOf('ts-typeof-aliases'), [
    // `type Unrelated = typeof nothing`: this file's own `nothing`, not the imported `log`.
    'src/use.ts::function::other::19 -> src/use.ts::method::nothing.warn::16',
    // `clock: ClockClass` with `type ClockClass = typeof Clock`: the static.
    'src/use.ts::function::report::9 -> src/log.ts::method::Clock.now::11',
    // `local: Local` with `type Local = typeof log`, `log` imported into this file.
    'src/use.ts::function::report::9 -> src/log.ts::method::log.info::5',
    // `services.log.warn()` with `log: Logger`, `type Logger = typeof log` beside `log`.
    'src/use.ts::function::report::9 -> src/log.ts::method::log.warn::2',
    // `services.log.debug()`: `log` holds no `debug`, so no edge.
  ]);
});

test('a `typeof` alias draws no inherits edge to the value or class it names', async () => {
  const index = await indexedFixture('ts-typeof-aliases');
  assert.deepEqual(
    index.graph!.edges.filter((e) => e.type === 'inherits'),
    [],
  );
});
