// A local bound to a member of what a call returns (`const client = this.mainFrame().client` in
// puppeteer-core, the member an abstract getter types) holds what that path holds, as the same
// path called on in place (`this.mainFrame().client.once()`) already did: a call on the local,
// in a callback too, reaches the member of the path's type, inherited ones included. On fixture
// tests/fixtures/graph/ts-called-member-aliases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test('a local bound to a member of a call result is typed by that member', async () => {
  assert.deepEqual(await callEdgesFrom('ts-called-member-aliases', 'page.ts'), [
    'page.ts::method::Page.firstFrame::11 -> emitter.ts::method::EventEmitter.once::2',
    'page.ts::method::Page.firstFrame::11 -> frame.ts::method::Frame.child::6',
    'page.ts::method::Page.firstFrame::11 -> page.ts::method::Page.mainFrame::4',
    'page.ts::method::Page.listen::6 -> emitter.ts::method::EventEmitter.once::2',
    'page.ts::method::Page.listen::6 -> page.ts::method::Page.mainFrame::4',
    'page.ts::method::Page.send::18 -> page.ts::method::Page.mainFrame::4',
    'page.ts::method::Page.send::18 -> session.ts::method::Session.send::8',
  ]);
});
