// JavaScript as sshpk writes it: `PrivateKey.prototype.toPublic = function () { if (this._pubCache)
// return (this._pubCache); this._pubCache = new Key(...); return (this._pubCache) }`, with the
// constructor setting `this._pubCache = undefined`. The checker declares a constructor function's
// member by what its constructor and its prototype's methods assign: a member the file only ever
// constructs as one class (beside `null` or `undefined`) is that class, a method returning it
// (through parentheses too) returns it, and `this.toPublic().hash()` is Key's. A member also
// assigned an untyped parameter is `any` to the checker, so none. On fixture
// tests/fixtures/graph/js-prototype-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a member a prototype method constructs: the class, through the method's return", async () => {
  assert.deepEqual(await callEdgesOf('js-prototype-members'), [
    // `this.toPublic().hash()`: toPublic returns `this._pubCache`, a Key.
    'lib/private-key.js::method::PrivateKey.hash::16 -> lib/key.js::method::Key.hash::2',
    'lib/private-key.js::method::PrivateKey.hash::16 -> lib/private-key.js::method::PrivateKey.toPublic::10',
    // `this._other.hash()` in otherHash: `this._other` is also `opts`, none.
    'lib/private-key.js::method::PrivateKey.refresh::22 -> lib/key.js::function::Key::1',
    'lib/private-key.js::method::PrivateKey.toPublic::10 -> lib/key.js::function::Key::1',
  ]);
});
