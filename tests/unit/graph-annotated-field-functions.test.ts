// A class field annotated with a function type alias and holding a function (`static
// querySelectorAll: QuerySelectorAll = (element, selector, { pQuerySelectorAll }) => ...`) has that
// function's parameters typed by what the alias declares, as a const so annotated has them and as
// the checker types them contextually. On fixture tests/fixtures/graph/ts-annotated-field-functions/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a field's function takes its parameters' types from the field's function type alias", async () => {
  assert.deepEqual(await callEdgesOf('ts-annotated-field-functions'), [
    // A destructured parameter's name.
    'handler.ts::method::PQueryHandler.querySelectorAll::7 -> util.ts::method::Util.pQuerySelectorAll::2',
    // A plain parameter.
    'handler.ts::method::PQueryHandler.viaParameter::11 -> util.ts::method::Util.pQuerySelectorAll::2',
  ]);
});
