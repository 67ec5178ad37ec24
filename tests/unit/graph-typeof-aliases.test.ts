// A `type` alias of a value, on fixture tests/fixtures/graph/ts-typeof-aliases/: a member called
// on a name typed `type Logger = typeof log` is the member the module-level object `log` holds,
// and with `typeof Clock` the class's static; with `ReturnType<typeof f>` (in `Awaited<...>` too)
// what f returns; as the TypeScript checker reads them. The alias is no subtype, so no `inherits` edge. The exact call edges, and the near misses that get none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf, indexedFixture } from '../helpers/graph-fixture.ts';

test('a member called on a `typeof` alias reaches what the value holds: an object literal member, a class static, what a function returns; a member the value lacks and an unknown function get no edge', async () => {
  assert.deepEqual(await callEdgesOf('ts-typeof-aliases'), [
    'src/deferred.ts::function::makeGate::21 -> src/deferred.ts::class::Gate::1',
    'src/deferred.ts::function::openGate::15 -> src/deferred.ts::class::Gate::1',
    // `type Unrelated = typeof nothing`: this file's own `nothing`, not the imported `log`.
    'src/use.ts::function::other::19 -> src/use.ts::method::nothing.warn::16',
    // `clock: ClockClass` with `type ClockClass = typeof Clock`: the static.
    'src/use.ts::function::report::9 -> src/log.ts::method::Clock.now::11',
    // `local: Local` with `type Local = typeof log`, `log` imported into this file.
    'src/use.ts::function::report::9 -> src/log.ts::method::log.info::5',
    // `services.log.warn()` with `log: Logger`, `type Logger = typeof log` beside `log`.
    'src/use.ts::function::report::9 -> src/log.ts::method::log.warn::2',
    // `services.log.debug()`: `log` holds no `debug`, so no edge.
    // `gate: ReturnType<typeof makeGate>` written in place.
    'src/wait.ts::function::annotated::21 -> src/deferred.ts::method::Gate.open::2',
    // `type OpenedGate = Awaited<ReturnType<typeof openGate>>`, an array of them and one.
    'src/wait.ts::function::openFirst::7 -> src/deferred.ts::method::Gate.open::2',
    'src/wait.ts::function::openOne::11 -> src/deferred.ts::method::Gate.open::2',
    // `type Deferred<T> = ReturnType<typeof createDeferred<T>>`: the member of the literal it returns.
    'src/wait.ts::function::settle::3 -> src/deferred.ts::function::createDeferred.resolve::6',
    // `ReturnType<typeof notDeclaredAnywhere>`: no function of that name, so `value.open()` has no edge.
  ]);
});

test('a `typeof` alias draws no inherits edge to the value or class it names', async () => {
  const index = await indexedFixture('ts-typeof-aliases');
  assert.deepEqual(
    index.graph!.edges.filter((e) => e.type === 'inherits'),
    [],
  );
});
