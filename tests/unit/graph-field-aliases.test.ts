// A class field initialized with a plain path and no annotation (`static customQueryHandlers =
// customQueryHandlers` in puppeteer-core, `readonly own = registry`) holds what that path holds,
// as a const aliasing it does: a call through the field, on `this` or on the class's name,
// reaches the member of the value's type. On fixture tests/fixtures/graph/ts-field-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("calls through a field that names a module value reach the members of that value's type", async () => {
  assert.deepEqual(await callEdgesFrom('ts-field-aliases', 'puppeteer.ts'), [
    'puppeteer.ts::function::handlerNames::16 -> registry.ts::method::Registry.names::4',
    'puppeteer.ts::method::Puppeteer.names::11 -> registry.ts::method::Registry.names::4',
    'puppeteer.ts::method::Puppeteer.register::7 -> registry.ts::method::Registry.register::2',
  ]);
});
