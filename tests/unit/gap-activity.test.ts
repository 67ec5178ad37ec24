// The pure halves of path_activity (SPEC §path_activity): the path mapper over the three kinds of
// workspace, a gap's state from its hold and landing lease (the 2-minute lapse skew), and the
// read cache's fresh / stale / expired windows with an injectable clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tempDir, writeFiles } from '../helpers/git.ts';
import { pathMapper, type GapCheckout } from '../../core/tools/gap-paths.ts';
import { gapOf, gapState, snapshotOf, gapsOnPath, unplacedByCategory, LEASE_SKEW_MS } from '../../core/substrate/gap-activity.ts';
import { GapReadCache, GAP_CACHE_FRESH_MS, GAP_CACHE_STALE_MS, type ReadOutcome } from '../../core/substrate/gap-cache.ts';

const root = tempDir('metabob-gap-map-');
writeFiles(root, { 'repos/concept-db/src/a.ts': '', 'repos/loose-dir/x.md': '', 'docs/readme.md': '', 'src/a.ts': '' });

const SUPER: GapCheckout = { kind: 'super-repo' };
const VESSEL: GapCheckout = { kind: 'vessel', vessel: 'concept-db' };
const OTHER: GapCheckout = { kind: 'other' };

const ROWS: Array<[string, GapCheckout, string, unknown]> = [
  ['super-repo: a vessel file maps relative to the root', SUPER, 'repos/concept-db/src/a.ts', ['vessel', 'repos/concept-db/src/a.ts', 'concept-db']],
  ['super-repo: an absolute path inside it', SUPER, join(root, 'repos/concept-db/src/a.ts'), ['vessel', 'repos/concept-db/src/a.ts', 'concept-db']],
  ['super-repo: ./ and a trailing slash are dropped', SUPER, './repos/concept-db/src/', ['vessel', 'repos/concept-db/src', 'concept-db']],
  [
    'super-repo: a directory under repos/ that is not a submodule maps by its name',
    SUPER,
    'repos/Loose-Dir/x.md',
    ['vessel', 'repos/Loose-Dir/x.md', 'loose-dir'],
  ],
  ['super-repo: outside repos/ no gap names the path', SUPER, 'docs/readme.md', ['outside-repos', 'docs/readme.md']],
  ['super-repo: outside the workspace is not checked', SUPER, '/etc/passwd', ['unmapped']],
  ['vessel: a workspace path maps under repos/<name>/', VESSEL, 'src/a.ts', ['vessel', 'repos/concept-db/src/a.ts', 'concept-db']],
  ['vessel: the workspace itself is repos/<name>', VESSEL, '.', ['vessel', 'repos/concept-db', 'concept-db']],
  [
    'vessel: a workspace below the repository root keeps its prefix',
    { kind: 'vessel', vessel: 'mono', prefix: 'packages/api' },
    'src/a.ts',
    ['vessel', 'repos/mono/packages/api/src/a.ts', 'mono'],
  ],
  ['vessel: the store form is taken as given', VESSEL, 'repos/goal-host/src/x.ts', ['vessel', 'repos/goal-host/src/x.ts', 'goal-host']],
  ['other: only the store form is checked', OTHER, 'repos/goal-host/src/x.ts', ['vessel', 'repos/goal-host/src/x.ts', 'goal-host']],
  ['other: a workspace path is not checked', OTHER, 'src/a.ts', ['unmapped']],
];

for (const [name, checkout, given, expected] of ROWS) {
  test(`pathMapper: ${name}`, () => {
    const m = pathMapper(checkout, root, given);
    const got = m.kind === 'vessel' ? [m.kind, m.storePath, m.vessel] : m.kind === 'outside-repos' ? [m.kind, m.storePath] : [m.kind];
    assert.deepEqual(got, expected);
  });
}

const NOW = Date.parse('2026-12-01T12:00:00Z');
const lease = (until: string | undefined) =>
  gapOf({ id: 'g', classification_metadata: { landing_lease: { holder: 'h', attempt: 3, ...(until ? { until } : {}) } } })!;

test('gapState: a lease is being landed until 2 minutes past its until, then lapsed; no until is possibly stale', () => {
  const until = NOW - LEASE_SKEW_MS + 1000;
  assert.equal(gapState(lease(new Date(until).toISOString()), NOW).kind, 'landing');
  const lapsed = gapState(lease(new Date(NOW - LEASE_SKEW_MS - 1000).toISOString()), NOW);
  assert.deepEqual(lapsed, { kind: 'queued', lapsed: { holder: 'h', until: NOW - LEASE_SKEW_MS - 1000 } });
  assert.deepEqual(gapState(lease(undefined), NOW), { kind: 'queued', staleLease: { holder: 'h', attempt: 3 } });
});

test('gapState: an operator hold, a parking disposition and a landing awaiting its verdict are held', () => {
  const hold = gapOf({ id: 'a', classification_metadata: { operator_hold: { reason: 'r', review_by: '2026-12-02T00:00:00Z', lift: 'l' } } })!;
  assert.deepEqual(gapState(hold, NOW), { kind: 'held', reason: 'r', reviewBy: '2026-12-02T00:00:00Z', lift: 'l' });
  const parked = gapOf({ id: 'b', classification_metadata: { disposition: 'needs_info' } })!;
  assert.deepEqual(gapState(parked, NOW), { kind: 'held', reason: 'needs_info', reviewBy: undefined, lift: undefined });
  const verdict = gapOf({ id: 'c', classification_metadata: { landing_state: 'awaiting_verdict' } })!;
  assert.equal(gapState(verdict, NOW).kind, 'held');
  assert.deepEqual(gapState(gapOf({ id: 'd' })!, NOW), { kind: 'queued' });
});

test('gapsOnPath orders edit site, in directory, mentions; unplaced gaps count by vessel', () => {
  const snap = snapshotOf(
    [
      { id: 'mention', summary: 'see repos/v/src/a.ts', updated_at: '2026-12-01T11:00:00Z', status: 'open' },
      { id: 'site', classification_metadata: { edit_site: 'repos/v/src/a.ts' }, updated_at: '2026-12-01T10:00:00Z', status: 'open' },
      { id: 'under', classification_metadata: { edit_site: 'repos/v/src/a.ts/x' }, status: 'open' },
      { id: 'free-v', category: 'c1', remedy: { vessel: 'V' }, status: 'open' },
      { id: 'free-w', category: 'c1', remedy: { vessel: 'w' }, status: 'open' },
      { id: 'free-none', category: 'c2', status: 'open' },
    ],
    1000,
  );
  assert.deepEqual(
    gapsOnPath(snap, 'repos/v/src/a.ts').map((m) => [m.gap.id, m.how]),
    [
      ['site', 'edit site'],
      ['under', 'in directory'],
      ['mention', 'mentions'],
    ],
  );
  // For vessel v: the no-edit-site gaps whose remedy names v (any case) or no vessel; w's is not v's.
  assert.deepEqual(
    [...unplacedByCategory(snap, 'v')],
    [
      ['uncategorized', 1],
      ['c1', 1],
      ['c2', 1],
    ],
  );
  assert.deepEqual(
    [...unplacedByCategory(snap, undefined)],
    [
      ['uncategorized', 1],
      ['c2', 1],
    ],
  );
  assert.ok(snap.vesselsNamed.has('v') && snap.vesselsNamed.has('w'));
});

test('GapReadCache: fresh for 5 minutes, stale with one background refresh to 30, then a read; failures are not kept', async () => {
  let now = 0;
  let reads = 0;
  let release: (() => void) | undefined;
  const cache = new GapReadCache<number>({ now: () => now });
  const read = (): Promise<ReadOutcome<number>> =>
    new Promise((resolve) => {
      reads++;
      const value = reads;
      release = () => resolve({ ok: true, value });
    });
  const first = Promise.all(Array.from({ length: 20 }, () => cache.get('open', read)));
  release!();
  assert.ok((await first).every((r) => r.ok && r.value === 1));
  assert.equal(reads, 1);
  now = GAP_CACHE_FRESH_MS - 1;
  assert.deepEqual(await cache.get('open', read), { ok: true, value: 1, readAt: 0, stale: false });
  now = GAP_CACHE_FRESH_MS + 1;
  const stale = await Promise.all(Array.from({ length: 5 }, () => cache.get('open', read)));
  assert.ok(stale.every((r) => r.ok && r.value === 1 && r.stale === true));
  assert.equal(reads, 2, 'one background refresh for every stale caller');
  release!();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(await cache.get('open', read), { ok: true, value: 2, readAt: GAP_CACHE_FRESH_MS + 1, stale: false });
  now += GAP_CACHE_STALE_MS;
  assert.equal(cache.peek('open'), undefined, 'peek never serves a read past 30 minutes');
  const waited = cache.get('open', () => Promise.resolve({ ok: false, failure: { line: 'boom' } }));
  assert.deepEqual(await waited, { ok: false, failure: { line: 'boom' } });
  assert.equal(cache.peek('open'), undefined);
});
