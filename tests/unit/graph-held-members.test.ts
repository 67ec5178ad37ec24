// Locals that hold a member of a typed value, and parameters typed by their default, on fixture
// tests/fixtures/graph/ts-held-members/: a bare call of a name destructured from a value whose
// type is declared (`const { start } = port`, `({ resolve }: Port)`) calls that member, as the
// TypeScript checker reads it; an unannotated parameter has its default's type (`registry =
// defaultRegistry`); a `self` declared like any other parameter (`(self: Port) => self.start()`,
// effect's dual style) is that type's, inside a class too, where an undeclared `self` stays the
// instance. The exact call edges, and the near misses that get none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a bare call of a destructured member reaches the member its holder declares, and a parameter holds its default; a declared `self` has its declared type; an untyped holder, an undefined default and an undeclared member do not', async () => {
  assert.deepEqual(await callEdgesOf('ts-held-members'), [
    // `export const defaultRegistry = new Registry()`.
    'src/port.ts -> src/port.ts::class::Registry::6',
    // `(self: Port) => self.start()`, at module level and in a class's method.
    'src/self.ts::function::startOf::4 -> src/port.ts::method::Port.start::2',
    'src/self.ts::method::Fiber.each::10 -> src/port.ts::method::Port.start::2',
    // `const self = this`: the instance.
    'src/self.ts::method::Fiber.later::15 -> src/self.ts::method::Fiber.run::7',
    // `const { start, resolve } = port` with `port: Port`: a method and a function-typed property.
    'src/use.ts::function::destructured::4 -> src/port.ts::method::Port.resolve::3',
    'src/use.ts::function::destructured::4 -> src/port.ts::method::Port.start::2',
    // `function inParameter({ resolve }: Port)`.
    'src/use.ts::function::inParameter::11 -> src/port.ts::method::Port.resolve::3',
    // `registry = defaultRegistry`, an imported Registry.
    'src/use.ts::function::withDefault::16 -> src/port.ts::method::Registry.find::7',
  ]);
});
