// The object type a function declares it returns, written inside a generic of one type argument
// (`TRet<{ Fp: Field; Fp2: Fp2 }>`, `Promise<Readonly<{ Fp2: Fp2 }>>`), types the members read
// from what the call gives, as the checker finds them through a pass-through alias or a mapped
// type; a member typed by `Readonly<A & B>` is typed by A, and a value typed
// `ReturnType<typeof f>['k']` by what f's returned object declares for k. On fixture
// tests/fixtures/graph/ts-wrapped-returned-literal/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('members of an object type returned inside a wrapper are typed by what they are declared', async () => {
  assert.deepEqual(await callEdgesOf('ts-wrapped-returned-literal'), [
    'curve.ts -> tower.ts::function::tower12::10',
    // Destructured from `TRet<{...}>`: `Fp` typed by `Readonly<IField<bigint> & Required<...>>`.
    'curve.ts::function::affine::5 -> field.ts::method::IField.create::2',
    'curve.ts::function::affine::5 -> field.ts::method::IField.invertBatch::3',
    'curve.ts::function::affine::5 -> field.ts::method::IField.isOdd::4',
    'curve.ts::function::affine::5 -> tower.ts::method::Fp2.frobeniusMap::5',
    // Awaited from `Promise<Readonly<{...}>>`.
    'curve.ts::function::later::11 -> tower.ts::function::loadTower::15',
    'curve.ts::function::later::11 -> tower.ts::method::Fp2.frobeniusMap::5',
    // A value typed `ReturnType<typeof tower12>['Fp2']`: the member of what the call gives.
    'pairing.ts::function::pairing::10 -> tower.ts::method::Fp2.frobeniusMap::5',
  ]);
});
