// A value that constructs one class whichever branch of a condition it takes (`init ? new
// HeadersList(init) : new HeadersList()`) is that class's instance, as a member of a literal a
// factory returns (undici's `makeRequest`) and as a member a constructor assigns; branches
// constructing two classes type nothing. On fixture tests/fixtures/graph/js-constructed-either-way/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a condition constructing one class either way types the value', async () => {
  assert.deepEqual(await callEdgesOf('js-constructed-either-way'), [
    'lib/request.js::function::makeRequest::2 -> lib/headers.js::class::HeadersList::1',
    'lib/request.js::function::makeRequest::2 -> lib/headers.js::class::Other::9',
    'lib/request.js::method::Holder.constructor::10 -> lib/headers.js::class::HeadersList::1',
    'lib/request.js::method::Holder.run::13 -> lib/headers.js::method::HeadersList.set::5',
    // `request.headersList.append()`; `request.mixed.append()`, a HeadersList or an Other, has none.
    'lib/use.js::function::send::2 -> lib/headers.js::method::HeadersList.append::2',
    'lib/use.js::function::send::2 -> lib/request.js::function::makeRequest::2',
  ]);
});
