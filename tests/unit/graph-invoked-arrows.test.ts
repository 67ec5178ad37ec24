// TypeScript as @noble/curves writes it for tree shaking: `const Fp = /* @__PURE__ */ (() =>
// ed25519_Point.Fp)()`, an arrow of no parameters called in place, is the expression its body
// gives, so `Fp.add()` reaches what that path's declared type declares. An `async` arrow (a
// promise) is not read; a body that calls is typed by the callee's declared return, and a block
// body by what its returns hold, as the checker infers the arrow's return.
// On fixture tests/fixtures/graph/ts-invoked-arrows/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a const holding an arrow called in place is what the arrow gives', async () => {
  assert.deepEqual(await callEdgesOf('ts-invoked-arrows'), [
    'use.ts::function::Fq::5 -> point.ts::function::field::13',
    'use.ts::function::Point::3 -> point.ts::function::edwards::9',
    // `Block.add()`, from a block body returning `Point.Fp`.
    'use.ts::function::block::23 -> point.ts::method::IField.add::2',
    // `(() => field())()`: what field is declared to return, a `Readonly<IField>`.
    'use.ts::function::fromCall::15 -> point.ts::method::IField.add::2',
    'use.ts::function::sum::11 -> point.ts::method::IField.add::2',
  ]);
});
