// The emulated gap store answers as development-vessel's seen resolver does (substrate-contract
// §7.1): filters, newest first by updated_at || created_at || detected_at, cut to limit (50 by
// default), total counting the page, falsifier_coverage over every open gap; held rows only
// with include_held (§7.3's guess); and the envelope through discovery, faults included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGapPage, syntheticGapStore } from './gap-store.ts';
import { withEmulator } from './emulator.ts';

const ROWS = [
  { id: 'a', category: 'other', status: 'open', updated_at: '2026-01-01T00:00:00Z', classification_metadata: { falsifier: 'class1' } },
  { id: 'b', category: 'missing_concept', status: 'open', created_at: '2026-03-01T00:00:00Z' },
  { id: 'c', category: 'other', status: 'closed', detected_at: '2026-02-01T00:00:00Z', classification_metadata: { falsifier: 'class2' } },
  {
    id: 'h',
    category: 'other',
    status: 'open',
    updated_at: '2026-04-01T00:00:00Z',
    classification_metadata: { operator_hold: { reason: 'r' }, falsifier: 'none' },
  },
];

test('readGapPage: filters, order, limit, total and coverage as the seen resolver', () => {
  const page = readGapPage(ROWS, { type: 'substrateGap' });
  assert.deepEqual(
    page.gaps.map((g: any) => g.id),
    ['b', 'c', 'a'],
  );
  assert.equal(page.total, 3);
  assert.deepEqual(page.falsifier_coverage, { class1: 1, class2: 0, unresolvable: 0, none: 1, unstamped: 1 });
  assert.deepEqual(
    readGapPage(ROWS, { status: 'open', include_held: true, limit: 2 }).gaps.map((g: any) => g.id),
    ['h', 'b'],
  );
  assert.deepEqual(
    readGapPage(ROWS, { exclude_categories: ['other'] }).gaps.map((g: any) => g.id),
    ['b'],
  );
  assert.equal(readGapPage(syntheticGapStore(200_000), {}).gaps.length, 50);
});

test('through discovery: the {success, shape, body} envelope, and the gapStoreAnswer fault', async () => {
  await withEmulator(
    async (e) => {
      const post = async () =>
        fetch(`${e.discoveryUrl}/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `ApiKey ${e.key}` },
          body: JSON.stringify({ pointer: { type: 'substrateGap', status: 'open', limit: 1_000_000 } }),
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
      const ok = await post();
      assert.equal(ok.status, 200);
      assert.deepEqual([ok.json.success, ok.json.shape, ok.json.body.total], [true, 'substrateGap', 2]);
      e.setSwitch('gapStoreAnswer', 'error500');
      assert.deepEqual(await post(), { status: 500, json: { success: false, error: 'gaps.json could not be read' } });
      e.setSwitch('gapStoreAnswer', 'structuredError');
      assert.equal((await post()).json.shape, 'structuredError');
    },
    { switches: { gaps: structuredClone(ROWS) } },
  );
});
