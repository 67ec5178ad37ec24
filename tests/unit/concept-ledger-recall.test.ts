// The recall's reads and joins (SPEC §get_problems, "Verdicts past the window"), the shared
// ledger against the emulated concept-db through the real attachment ingress: the paging window
// and its caps, the offset fallback, linked verdicts past a full verdict window, the verdict
// ranking, pending-fix tags worded for this checkout or another, and the super-repo alias.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';
import { ConceptDbClient } from '../../core/substrate/concept-db.ts';
import { ConceptLedger } from '../../core/ledger/concept-ledger.ts';
import { FINDING_SHAPE, LEDGER_SOURCE_TYPE, VERDICT_SHAPE, findingContent, findingSummary, verdictContent } from '../../core/ledger/finding-concept.ts';
import { git, tempRepo } from '../helpers/git.ts';

const ORG = 'org_emulated';
const emulators: Emulator[] = [];
after(async () => {
  for (const e of emulators) await e.stop();
});

async function ledgerOn(e: Emulator): Promise<{ ledger: ConceptLedger; client: ConceptDbClient }> {
  const env = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key };
  const state = await runAttachmentOnce({ env });
  const client = new ConceptDbClient((pointer, options) => resolveOnce(state, pointer, options, env));
  return { ledger: new ConceptLedger(client, { sessionId: 'test-session' }), client };
}

function repoWithOrigin(url: string): string {
  const repo = tempRepo();
  git(repo, 'remote', 'add', 'origin', url);
  return repo;
}

function seedFinding(e: Emulator, repo: string, n: number, extra: { files?: string[]; category?: string } = {}): { id: string; agf: string } {
  const agf = `agf_${n.toString(16).padStart(16, '0')}`;
  const mint = {
    repo,
    repoName: repo.split('/').pop()!,
    workspace: '~/src/x',
    files: extra.files ?? [`src/f${n}.ts`],
    severity: 'MEDIUM',
    category: extra.category ?? 'correctness',
    status: 'open',
    summary: `finding number ${n}`,
    findingIds: [agf],
    attribution: ['recorded_by: metabob-mcp-aaaaaaaaaaaa', 'session: s1'],
  };
  const row = e.concepts.create(
    ORG,
    { source_type: LEDGER_SOURCE_TYPE, shape: FINDING_SHAPE, summary: findingSummary(mint), content: findingContent(mint) },
    null,
  );
  return { id: row.id, agf };
}

function seedVerdict(e: Emulator, finding: { id: string; agf: string }, lines: string[], link: boolean): string {
  const v = { findingIds: [finding.agf], conceptId: finding.id, lines, summary: '[verdict:x]' };
  const row = e.concepts.create(
    ORG,
    { source_type: LEDGER_SOURCE_TYPE, shape: VERDICT_SHAPE, summary: v.summary, content: verdictContent(v, `${Math.random()}`) },
    null,
  );
  if (link) e.concepts.link(ORG, { from_concept_id: row.id, to_concept_id: finding.id, edge_type: 'derived_from' }, null);
  return row.id;
}

const searches = (e: Emulator) => e.switches.calls.filter((c) => c.shape === 'conceptSearch');

test('the windows page by offset within their caps; a full verdict window reads linked verdicts of unclosed findings only', async () => {
  const e = await startEmulator();
  emulators.push(e);
  const identity = 'example.test/org/app';
  const root = repoWithOrigin(`https://${identity}.git`);
  const findings = Array.from({ length: 650 }, (_, i) => seedFinding(e, identity, i));
  // The oldest verdicts fall out of a window of 4 x 300: one linked (found), one not (reads open).
  seedVerdict(e, findings[0], ['verdict: endorsed', 'fix: commit abcdef1234567', 'fix_branch: main'], true);
  // Its endorse was folded into its relevance, so it ranks first: among the 50 whose links are read.
  e.concepts.concepts.get(findings[0].id)!.relevance = 2 / 3;
  e.concepts.changed();
  seedVerdict(e, findings[1], ['verdict: discarded'], false);
  const other = seedFinding(e, 'example.test/org/elsewhere', 9999);
  for (let i = 0; i < 1300; i++) seedVerdict(e, other, ['verdict: claimed'], false);
  seedVerdict(e, findings[2], ['verdict: discarded'], true);
  seedVerdict(e, findings[2], ['verdict: endorsed', 'fix: commit 1234567abcdef'], true);
  seedVerdict(e, findings[3], ['verdict: fix pending (unpushed)', 'fix: commit 7777777', 'fix_branch: feature', 'reviewed_by: metabob-mcp-bbbbbbbbbbbb'], true);
  seedVerdict(e, findings[4], ['verdict: fix pending (uncommitted)', 'fix_branch: main', 'reviewed_by: metabob-mcp-cccccccccccc'], false);

  const { ledger, client } = await ledgerOn(e);
  e.switches.calls.length = 0;
  const r = await ledger.recall({ root, vesselId: 'metabob-mcp-cccccccccccc' });
  assert.ok(r.ok, JSON.stringify(r));
  assert.equal(r.value.truncated, false);
  assert.equal(r.value.verdictsTruncated, true);
  const reads = searches(e);
  // Findings: 300 + 300 + 50; verdicts: four full pages.
  // The two windows are read side by side; each pages in order.
  assert.deepEqual(reads.map((c) => [c.pointer.shape, c.pointer.offset ?? 0, c.pointer.limit]).sort(), [
    ['code_finding', 0, 300],
    ['code_finding', 300, 300],
    ['code_finding', 600, 300],
    ['finding_verdict', 0, 300],
    ['finding_verdict', 300, 300],
    ['finding_verdict', 600, 300],
    ['finding_verdict', 900, 300],
  ]);
  const graphs = e.switches.calls.filter((c) => c.shape === 'conceptGraph');
  assert.equal(graphs.length, 50);
  assert.ok(graphs.every((c) => c.pointer.direction === 'incoming' && c.pointer.edge_types[0] === 'derived_from' && c.pointer.limit === 200));
  assert.equal(client.counts.conceptGraph, 50);

  const closed = new Map(r.value.closed.map((f) => [f.conceptId, f]));
  // findings[2]: both in the window; the retraction outranks the fix.
  assert.equal(closed.get(findings[2].id)?.closed?.tag, '[RETRACTED]');
  // findings[0]: past the window, found by its link ([FIXED in] with the not-in-HEAD note: git does not know the commit).
  assert.equal(closed.get(findings[0].id)?.closed?.tag, '[FIXED in abcdef123456]');
  assert.equal(closed.get(findings[0].id)?.closed?.note, "— the fix is not in this checkout's HEAD (fixed on main)");
  // findings[1]: past the window and never linked, so it reads open (SPEC: found by the read alone).
  const open = new Map(r.value.open.map((f) => [f.conceptId, f]));
  assert.ok(open.has(findings[1].id));
  assert.deepEqual(open.get(findings[3].id)?.tags, [
    'fix pending: committed in another checkout (metabob-mcp-bbbbbbbbbbbb) on feature but not pushed; not available here',
  ]);
  assert.deepEqual(open.get(findings[4].id)?.tags, ['fix pending: uncommitted in this checkout on main; commit it, then mark_complete endorse again']);
  assert.equal(open.get(findings[5].id)?.files[0], 'src/f5.ts');
  assert.ok(!open.has(other.id), 'another repository is not recalled');
  assert.equal(r.value.open.length + r.value.closed.length, 650);
});

test('a concept-db that answers an offset with the first page: one page from then on, reported truncated', async () => {
  const e = await startEmulator({ switches: { conceptOffsetIgnored: true } });
  emulators.push(e);
  const identity = 'example.test/org/app';
  const root = repoWithOrigin(`https://${identity}.git`);
  for (let i = 0; i < 320; i++) seedFinding(e, identity, i);
  const { ledger } = await ledgerOn(e);
  e.switches.calls.length = 0;
  const first = await ledger.recall({ root });
  assert.ok(first.ok);
  assert.equal(first.value.truncated, true);
  assert.equal(first.value.open.length, 300);
  assert.deepEqual(
    searches(e)
      .map((c) => [c.pointer.shape, c.pointer.offset ?? 0])
      .sort(),
    [
      ['code_finding', 0],
      ['code_finding', 300],
      ['finding_verdict', 0],
    ],
  );
  e.switches.calls.length = 0;
  await ledger.recall({ root });
  assert.deepEqual(
    searches(e)
      .map((c) => [c.pointer.shape, c.pointer.offset ?? 0])
      .sort(),
    [
      ['code_finding', 0],
      ['finding_verdict', 0],
    ],
  );
});

test("a vessel's finding is recalled in the super-repo under repos/<name>/, and a super-repo finding in the vessel without the prefix", async () => {
  const e = await startEmulator();
  emulators.push(e);
  const superRoot = repoWithOrigin('https://example.test/org/substrate.git');
  mkdirSync(join(superRoot, 'repos', 'concept-db'), { recursive: true });
  const vesselRoot = repoWithOrigin('https://example.test/org/concept-db.git');
  const fromVessel = seedFinding(e, 'example.test/org/concept-db', 1, { files: ['src/index.ts'] });
  const fromSuper = seedFinding(e, 'example.test/org/substrate', 2, { files: ['repos/concept-db/src/db.ts', 'README.md'] });
  const { ledger } = await ledgerOn(e);
  const inSuper = await ledger.recall({ root: superRoot, filePath: 'repos/concept-db/' });
  assert.ok(inSuper.ok);
  assert.deepEqual(
    inSuper.value.open.map((f) => [f.conceptId, f.files]),
    [
      [fromSuper.id, ['repos/concept-db/src/db.ts', 'README.md']],
      [fromVessel.id, ['repos/concept-db/src/index.ts']],
    ],
  );
  const inVessel = await ledger.recall({ root: vesselRoot });
  assert.ok(inVessel.ok);
  assert.deepEqual(
    inVessel.value.open.map((f) => [f.conceptId, f.files]),
    [
      [fromSuper.id, ['src/db.ts']],
      [fromVessel.id, ['src/index.ts']],
    ],
  );
});
