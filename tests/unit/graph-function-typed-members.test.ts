// A member whose type is a function type (`connect: (url: string) => Port` in an interface,
// `store?: () => Store` optional, `onReady` in a `type` alias's object type, `private dial:
// (url: string) => Port` in a class) declares what calling it returns, as a method signature
// does: `options.connect('a').open()` and a local bound to it reach Port's members, and a generic
// one (`pick: <T>(value: T) => T`) is bound by its argument. On fixture
// tests/fixtures/graph/ts-function-typed-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a call through a function-typed member is typed by the return its function type declares', async () => {
  assert.deepEqual(await callEdgesOf('ts-function-typed-members'), [
    'src/use.ts::method::Client.start::18 -> src/port.ts::method::Port.close::3',
    'src/use.ts::method::Client.start::18 -> src/port.ts::method::Port.open::2',
    'src/use.ts::method::Client.start::18 -> src/port.ts::method::Store.read::7',
    'src/use.ts::method::Client.start::18 -> src/port.ts::method::Store.sync::9',
    'src/use.ts::method::Client.start::18 -> src/port.ts::method::Store.write::8',
    'src/use.ts::method::Client.start::18 -> src/use.ts::method::Client.dial::12',
    'src/use.ts::method::Client.start::18 -> src/use.ts::method::Hooks.onReady::9',
    'src/use.ts::method::Client.start::18 -> src/use.ts::method::Options.connect::4',
    'src/use.ts::method::Client.start::18 -> src/use.ts::method::Options.pick::6',
    'src/use.ts::method::Client.start::18 -> src/use.ts::method::Options.store::5',
  ]);
});
