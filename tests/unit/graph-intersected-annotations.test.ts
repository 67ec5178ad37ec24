// A value annotated with an intersection (`opts: Partial<Observer> & { signal?: AbortSignal }`,
// `{ consume }: ResponseOptions & { stream: string }`) is read as its first named part, where the
// checker finds the members the named parts declare; a member only the part written in place
// declares is the method that part defines in the file. A written part fixing a property to one
// value (`Shape & { kind: 'circle' }`) narrows a union, which the graph does not: `shape.area()`
// reaches nothing, where the checker names Circle's. On fixture
// tests/fixtures/graph/ts-intersected-annotations/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('an intersection annotation types a value as its first named part, and its written part stays read', async () => {
  assert.deepEqual(await callEdgesOf('ts-intersected-annotations'), [
    // `{ id: string } & Observer`: the named part after the written one.
    'use.ts::function::finish::14 -> options.ts::method::Observer.onDone::3',
    'use.ts::function::register::19 -> options.ts::method::Api.getState::11',
    // `next` only the written part declares.
    'use.ts::function::register::19 -> use.ts::method::register.api.next::19',
    // `consume` destructured from `ResponseOptions & { stream: string }`.
    'use.ts::function::respond::4 -> options.ts::method::ResponseOptions.consume::7',
    'use.ts::function::subscribe::9 -> options.ts::method::Observer.onData::2',
  ]);
});
