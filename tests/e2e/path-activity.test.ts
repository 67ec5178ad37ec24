// path_activity end to end (SPEC §path_activity): the built server over stdio against the
// emulator's gap store, in a real super-repo layout (repos/<vessel>/ at the root) and a real
// vessel checkout (a git repository with an origin): the held / being landed / lapsed / queued
// states, unplaced gaps by category, the closing lines, no_producer read as nothing in flight,
// one store read shared by 20 concurrent callers, and get_problems' pointer run as given.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { textOf } from '../helpers/client.ts';
import { git, tempDir, tempRepo, writeFiles, commitFiles } from '../helpers/git.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { syntheticGapStore } from '../substrate/gap-store.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

const NOW = Date.now();
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const SITE = 'repos/concept-db/src/a.ts';

function gap(id: string, fields: Record<string, unknown>, meta: Record<string, unknown> = {}, at = -60_000): Record<string, unknown> {
  return {
    id,
    category: 'missing_concept',
    source: 'substrate_detected',
    summary: `gap ${id}`,
    status: 'open',
    route: 'dispatchable',
    remedy: { vessel: 'concept-db', goal: `fix ${id}` },
    detected_at: iso(at),
    created_at: iso(at),
    updated_at: iso(at),
    classification_metadata: { edit_site: SITE, falsifier: 'class1', ...meta },
    ...fields,
  };
}

const GAPS = [
  gap('gap_landing', {}, { landing_lease: { holder: 'goal-host-lander', attempt: 2, until: iso(10 * 60_000) } }, -1000),
  gap('gap_held', {}, { operator_hold: { reason: 'needs a design ruling', review_by: iso(86_400_000), lift: 'the operator signs off' } }, -2000),
  gap('gap_lapsed', {}, { landing_lease: { holder: 'old-lander', attempt: 1, until: iso(-10 * 60_000) } }, -3000),
  gap('gap_queued', {}, {}, -4000),
  gap('gap_in_dir', {}, { edit_site: 'repos/concept-db/src/deep/b.ts' }, -5000),
  gap('gap_closed', { status: 'closed', closed_at: iso(-86_400_000) }, {}, -6000),
  // No edit site: concept-db's, and one naming no vessel.
  gap('gap_unplaced_cdb', { category: 'documentation_drift', classification_metadata: { falsifier: 'none' } }),
  gap('gap_unplaced_any', { category: 'other', remedy: { goal: 'triage' }, classification_metadata: { falsifier: 'none' } }),
];

async function emulator(gaps = GAPS): Promise<Emulator> {
  const e = await startEmulator({ switches: { gaps: structuredClone(gaps) } });
  cleanups.push(() => e.stop());
  return e;
}

async function server(e: Emulator, cwd: string): Promise<ServerUnderTest> {
  const s = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, WORKSPACE_PATH: cwd }, { cwd });
  cleanups.push(() => s.close());
  return s;
}

function superRepo(): string {
  const dir = tempDir('metabob-super-');
  writeFiles(dir, { 'repos/concept-db/src/a.ts': 'export {};\n', 'docs/readme.md': '# docs\n' });
  return dir;
}

async function pathActivity(s: ServerUnderTest, args: Record<string, unknown>) {
  const result = await s.client.callTool({ name: 'path_activity', arguments: args });
  return { text: textOf(result), isError: Boolean(result.isError) };
}

const gapReads = (e: Emulator) => e.switches.calls.filter((c) => c.shape === 'substrateGap');

test('super-repo: being landed, held, lapsed and queued gaps, unplaced counts, and the closing lines', async () => {
  const e = await emulator();
  const s = await server(e, superRepo());
  const { text, isError } = await pathActivity(s, { paths: [SITE, 'docs/readme.md', 'repos/concept-db/src/none.ts'], include_closed: true });
  assert.equal(isError, false, text);
  const lines = text.split('\n');
  assert.match(lines[0], /^Gap store read of \d{4}-\d\d-\d\d \d\d:\d\d UTC \(\d+ s ago\); this workspace is the super-repo\.$/);
  assert.ok(lines.includes(`${SITE}: 4 open gap(s): 1 being landed by the system now, 1 held, 2 queued`), text);
  const row = (id: string) => lines.find((l) => l.startsWith(`  ${id} `)) ?? '';
  assert.match(
    row('gap_landing'),
    /^ {2}gap_landing \[missing_concept, dispatchable\] edit site: being landed: lease held by "goal-host-lander" \(the holder's own claim/,
  );
  assert.match(row('gap_landing'), /attempt 2, until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 10 min\)\. An edit before the lease ends is lost or conflicts/);
  assert.match(row('gap_held'), /held by operator ruling: needs a design ruling, review by .* \(in 24 h\), lift: the operator signs off$/);
  assert.match(row('gap_lapsed'), /queued for the system \(a landing lease by "old-lander" lapsed .* \(10 min ago\)\)$/);
  assert.match(row('gap_queued'), /edit site: queued for the system$/);
  // Landing first, then held, then queued; the directory match belongs to the directory only.
  assert.deepEqual(
    lines.filter((l) => /^ {2}gap_/.test(l)).map((l) => l.trim().split(' ')[0]),
    ['gap_landing', 'gap_held', 'gap_lapsed', 'gap_queued'],
  );
  assert.ok(lines.includes('  Closed gaps that named it (1):'), text);
  assert.ok(lines.includes('docs/readme.md: no gap names this path (outside repos/).'), text);
  // Outside repos/: the unplaced gaps naming no vessel; under concept-db: those naming it or none.
  const docs = lines.indexOf('docs/readme.md: no gap names this path (outside repos/).');
  assert.equal(lines[docs + 1], '  1 open gap(s) carry no edit site and could concern it: other 1.');
  const none = lines.indexOf('repos/concept-db/src/none.ts: no gap names this path.');
  assert.equal(lines[none + 1], '  2 open gap(s) carry no edit site and could concern it: documentation_drift 1, other 1.');
  const todo = lines.slice(lines.indexOf('What to do:'));
  assert.deepEqual(todo, [
    'What to do:',
    `- Being landed on ${SITE}: wait for the lease to end, then call path_activity again before editing.`,
    `- Queued on ${SITE}: prefer letting the system land the gap, or dispatching it (run_goal_async with its goal), over editing the same site yourself.`,
    `- Held on ${SITE}: a held gap is not open work; it waits on its operator ruling.`,
    '- No gap names docs/readme.md, repos/concept-db/src/none.ts, but gaps with no edit site could concern it (counted above): make the change and record it; this is not "nothing in flight".',
  ]);
  // The whole store, held included, open and closed: one read each.
  assert.deepEqual(
    gapReads(e)
      .map((c) => [c.pointer.status, c.pointer.limit, c.pointer.include_held])
      .sort(),
    [
      ['closed', 1_000_000, true],
      ['open', 1_000_000, true],
    ],
  );
  // The directory lists the gap under it; a limit of 1 lists the landing one and one more.
  const dir = await pathActivity(s, { paths: ['repos/concept-db/src'], limit: 1 });
  assert.match(dir.text, /repos\/concept-db\/src: 5 open gap\(s\): 1 being landed by the system now, 1 held, 3 queued/);
  assert.match(dir.text, /\.\.\. and 3 more open gap\(s\) on this path not listed \(limit 1\)/);
});

test('a vessel checkout maps paths under repos/<origin basename>/; one no gap names is reported as possibly not mounted', async () => {
  const e = await emulator();
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export {};\n' });
  git(repo, 'remote', 'add', 'origin', 'git@github.com:Example/concept-db.git');
  const s = await server(e, repo);
  const mapped = await pathActivity(s, { paths: ['src/a.ts'] });
  assert.match(mapped.text, /this workspace is a checkout of vessel concept-db\./);
  assert.match(mapped.text, /^repos\/concept-db\/src\/a\.ts \(given as src\/a\.ts\): 4 open gap\(s\)/m);

  const other = tempRepo();
  commitFiles(other, { 'src/a.ts': 'export {};\n' });
  git(other, 'remote', 'add', 'origin', 'https://github.com/example/unmounted-thing');
  const s2 = await server(e, other);
  const unmounted = await pathActivity(s2, { paths: ['src/a.ts'] });
  assert.match(unmounted.text, /not checked: no open gap names repos\/unmounted-thing\/, so this substrate may not mount this repository/);
  assert.match(unmounted.text, /- Not checked: src\/a\.ts: what is in flight there is unknown, not none\.$/m);
  assert.doesNotMatch(unmounted.text, /Nothing in flight/);
});

test('20 concurrent path_activity calls over a 13 MB store share one store read; later calls are served from the cache', async () => {
  const e = await emulator([...GAPS, ...syntheticGapStore(13 * 1024 * 1024, { now: NOW - 86_400_000 })]);
  const s = await server(e, superRepo());
  await s.waitForHealth((h) => h.attached === true);
  const results = await Promise.all(Array.from({ length: 20 }, () => pathActivity(s, { paths: [SITE] })));
  for (const r of results) assert.match(r.text, /4 open gap\(s\)/, r.text.slice(0, 300));
  assert.equal(gapReads(e).length, 1);
  await pathActivity(s, { paths: ['docs/readme.md'] });
  assert.equal(gapReads(e).length, 1);
});

test('no_producer(substrateGap) reads as nothing in flight; another failed read is one named line', async () => {
  const e = await emulator();
  e.setSwitch('noProducer', ['substrateGap']);
  const s = await server(e, superRepo());
  const none = await pathActivity(s, { paths: [SITE] });
  assert.equal(none.isError, false);
  assert.match(none.text, /^no_producer\(substrateGap\): /);
  assert.match(none.text, /This substrate serves no gap store, so there is nothing in flight to check: go ahead with the change and record it\.$/);
  e.setSwitch('noProducer', []);
  e.setSwitch('gapStoreAnswer', 'error500');
  const failed = await pathActivity(s, { paths: [SITE] });
  assert.equal(failed.isError, true);
  assert.equal(failed.text, 'gap_store_error: the gap store answered the substrateGap read with HTTP 500 (gaps.json could not be read); nothing was listed');
});

test("get_problems' pointer to path_activity runs as given; analyze_impact's and assign_git_changes' gap lines come from the cached read only", async () => {
  const e = await emulator();
  const root = superRepo();
  const s = await server(e, root);
  // The gap lines are the attached server's: wait for the attachment to settle first.
  await s.waitForHealth((h) => h.attached === true);
  const init = await s.client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } });
  assert.equal(init.isError, undefined, textOf(init));
  const impact = async () => textOf(await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: [SITE] } }));
  assert.match(await impact(), new RegExp(`Open gaps on the changed files: not loaded; path_activity \\{"paths":\\["${SITE}"\\]\\} shows them\\.$`, 'm'));
  assert.equal(gapReads(e).length, 0);
  const problems = textOf(await s.client.callTool({ name: 'get_problems', arguments: { file_path: SITE } }));
  const pointer = /path_activity (\{.*\})\.$/m.exec(problems);
  assert.ok(pointer, problems);
  const followed = await pathActivity(s, JSON.parse(pointer[1]));
  assert.equal(followed.isError, false, followed.text);
  assert.match(followed.text, new RegExp(`^${SITE}: 4 open gap\\(s\\)`, 'm'));
  assert.match(await impact(), new RegExp(`^ {2}${SITE}: 4 open gap\\(s\\), 1 being landed by the system now, 1 held$`, 'm'));
  const assigned = textOf(await s.client.callTool({ name: 'assign_git_changes', arguments: { changed_files: [SITE], include_cochange_predictions: false } }));
  assert.match(
    assigned,
    new RegExp(
      // The lease ends 10 min after this file loaded; on a loaded machine this test can start over 30 s later.
      `^ {2}${SITE}: 4 open gap\\(s\\), 1 being landed by the system now, 1 held\n {4}gap_landing: landing lease held by "goal-host-lander" \\(its own claim\\), until .* \\(in (9|10) min\\)$`,
      'm',
    ),
  );
  // Now that the read is cached, get_problems lists the open gaps on the file.
  const again = textOf(await s.client.callTool({ name: 'get_problems', arguments: { file_path: SITE } }));
  assert.match(again, /Open gaps with their edit site in repos\/concept-db\/src\/a\.ts \(4, 3 shown\):/);
  assert.match(again, /mark_complete it with action "discard"/);
  assert.equal(gapReads(e).length, 1);
});

test("while the attachment is still being made, analyze_impact's gap line says the gaps are not loaded and names path_activity", async () => {
  const e = await startEmulator({ switches: { gaps: structuredClone(GAPS), bootstrapDelayMs: 8000 } });
  cleanups.push(() => e.stop());
  const root = superRepo();
  const s = await server(e, root);
  const init = await s.client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } });
  assert.equal(init.isError, undefined, textOf(init));
  const impact = textOf(await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: [SITE] } }));
  assert.match(impact, new RegExp(`Open gaps on the changed files: not loaded; path_activity \\{"paths":\\["${SITE}"\\]\\} shows them\\.$`, 'm'), impact);
  assert.equal(gapReads(e).length, 0);
});
