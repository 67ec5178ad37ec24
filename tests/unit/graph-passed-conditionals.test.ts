// TypeScript as @noble/curves writes it: `type TRet<T> = T extends unknown ? T & Branded<T> : never`,
// a conditional every type takes the first branch of, led by the type it tests, is that type for a
// member called on it, as a union led by its parameter is (`type Maybe<T> = T | null`); and a
// single type argument that is an intersection (`TRet<FpFn<T> & { CURVE: C }>`) is read by its
// first part, where the checker finds the member, and one wrapped in `Readonly<...>` by the type it keeps. A conditional that tests anything
// (`T extends string ? ...`) or whose branch is another type (`{ value: T }`) passes nothing.
// On fixture tests/fixtures/graph/ts-passed-conditionals/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a conditional alias every type passes through, and an intersection argument read by its first part', async () => {
  assert.deepEqual(await callEdgesOf('ts-passed-conditionals'), [
    'use.ts::function::curve::3 -> field.ts::function::createFields::10',
    // `const { Fp } = createFields(1n)`, a `TRet<FpFn<T> & { CURVE: string }>`: FpFn's Fp, an IField.
    'use.ts::function::curve::3 -> field.ts::method::IField.addN::5',
    'use.ts::function::direct::9 -> field.ts::function::single::14',
    'use.ts::function::direct::9 -> field.ts::method::IField.add::4',
    // `OnlyStrings<IField<bigint>>` and `Wrapped<IField<bigint>>`: no member of IField.
    'use.ts::function::notPassed::18 -> field.ts::function::tested::22',
    'use.ts::function::notPassed::18 -> field.ts::function::wrapped::26',
    // `TRet<Readonly<IField<bigint>>>`: the members Readonly keeps.
    'use.ts::function::readonly::14 -> field.ts::function::kept::18',
    'use.ts::function::readonly::14 -> field.ts::method::IField.add::4',
  ]);
});
