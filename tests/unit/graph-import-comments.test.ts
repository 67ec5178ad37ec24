// A dynamic import with a comment before its specifier (`import(/* webpackIgnore: true */
// './bidi.js')`, a bundler's hint) loads that module: the calls through what it binds reach it,
// through its re-exports too. On fixture tests/fixtures/graph/ts-import-comments/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a dynamic import with a comment before its specifier binds that module', async () => {
  assert.deepEqual(await callEdgesOf('ts-import-comments'), [
    'main.ts::function::inPlace::9 -> sub/browser.ts::function::connect::9',
    'main.ts::function::start::2 -> sub/browser.ts::function::connect::9',
    'main.ts::function::start::2 -> sub/browser.ts::method::Browser.close::6',
    'main.ts::function::start::2 -> sub/browser.ts::method::Browser.create::2',
    'sub/browser.ts::method::Browser.create::2 -> sub/browser.ts::class::Browser::1',
  ]);
});
