// The shared ledger end to end (SPEC §record_finding, §get_problems, §mark_complete): two built
// servers over stdio, each in its own clone of one repository (a real bare remote), attached to
// the substrate emulator with different identities. One records; the other recalls it, fixes it,
// pushes and endorses it by its concept id; the first then lists it closed with [FIXED in <sha>]
// and its own seed retired. Also: the read-only key, the offset fallback, truncation with linked
// verdicts past the window, and every tolerant wire form.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { git, tempDir } from '../helpers/git.ts';
import { commitAt, repoWithHistory, startLedgerServer, type Server } from './ledger-fixture.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { normalizeRemoteUrl } from '../../core/identity/normalize-remote-url.ts';
import { headerBlock, headerValue } from '../../core/substrate/concept-content.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function emulator(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const e = await startEmulator(options);
  cleanups.push(() => e.stop());
  return e;
}

async function attached(e: Emulator, cwd: string, env: Record<string, string> = {}): Promise<Server> {
  const s = await startLedgerServer(cwd, { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, ...env });
  cleanups.push(() => s.close());
  return s;
}

function cloneOf(bare: string): string {
  const dir = join(tempDir('metabob-clone-'), 'repo');
  execFileSync('git', ['clone', '-q', bare, dir]);
  return dir;
}

const conceptIdOf = (text: string) => /Shared with other agents: (concept_[A-Za-z0-9_-]+)/.exec(text)?.[1];

test('record on one checkout, recall on another, endorse there with a pushed commit: the first lists it closed and retires its seed', async () => {
  const e = await emulator();
  const { repo, bare } = repoWithHistory({ remote: true });
  const identity = normalizeRemoteUrl(bare!);
  const other = cloneOf(bare!);
  const a = await attached(e, repo);
  const b = await attached(e, other, { VESSEL_ID: 'metabob-mcp-b0b0b0b0b0b0' });

  const rec = await a.call('record_finding', {
    files: ['src/a.ts', 'src/b.ts'],
    summary: 'The cache index is never bounded',
    details: 'cache[i] is read before i is checked.',
    severity: 'HIGH',
    category: 'correctness',
    line_start: 3,
    line_end: 4,
  });
  assert.equal(rec.isError, false, rec.text);
  const conceptId = conceptIdOf(rec.text);
  assert.ok(conceptId, rec.text);
  const [id, second] = [...rec.text.split('\n')[0].matchAll(/agf_[0-9a-f]{16}/g)].map((m) => m[0]);
  const author = /^recorded_by: (.*)$/m.exec(rec.text)![1];

  // The one concept: its summary and the header block every reader takes declared fields from.
  const row = e.concepts.concepts.get(conceptId)!;
  assert.equal(row.shape, 'code_finding');
  assert.equal(row.source_type, 'metabob_annotation');
  assert.equal(row.summary, `[HIGH][correctness] ${basename(repo)}: The cache index is never bounded`);
  const block = headerBlock(row.content);
  assert.deepEqual(
    block.fields.map((f) => f.key),
    ['recorded_by', 'session', 'repo', 'repo_name', 'workspace', 'files', 'lines', 'severity', 'category', 'status', 'finding_ids', 'summary'],
  );
  assert.equal(headerValue(block, 'recorded_by'), author);
  assert.equal(headerValue(block, 'repo'), identity);
  assert.equal(headerValue(block, 'files'), 'src/a.ts, src/b.ts');
  assert.equal(headerValue(block, 'lines'), 'src/a.ts:3-4');
  assert.equal(headerValue(block, 'finding_ids'), `${id}, ${second}`);
  assert.equal(block.body, 'cache[i] is read before i is checked.');
  assert.ok((row.client_claim as { client: string }).client.startsWith('metabob-mcp/'));

  // This checkout holds it in both places; it counts once.
  const own = await a.call('get_problems', {});
  assert.match(own.text, /^Open findings: 1 \(1 in the local store, 1 recorded by agents on this codebase; 1 in both\)/);

  const seen = await b.call('get_problems', { file_path: 'src/b.ts' });
  assert.match(seen.text, /^Open findings: 1 \(0 in the local store, 1 recorded by agents on this codebase\)/);
  assert.ok(
    seen.text.includes(`1. [HIGH][correctness] src/a.ts, src/b.ts The cache index is never bounded (${conceptId}, recorded by ${author}, 0 min old)`),
    seen.text,
  );
  const snapshot = await b.call('get_analysis_context', {});
  assert.ok(snapshot.text.includes(`Findings recorded by agents on this codebase (top 5 of 1):\n1. [HIGH][correctness] src/a.ts, src/b.ts`), snapshot.text);

  // The other checkout fixes it, pushes, and endorses by the concept id it was shown.
  const sha = commitAt(other, new Date(Date.now() + 5_000).toISOString(), { 'src/a.ts': 'export const a = 1; // bounded\n' }, 'bound the index');
  git(other, 'push', '-q', 'origin', 'main');
  const done = await b.call('mark_complete', { problem_id: conceptId });
  assert.equal(done.isError, false, done.text);
  const lines = done.text.split('\n');
  assert.equal(lines[0], `Endorsed ${conceptId} (${id}, recorded by ${author}) as fixed.`);
  assert.ok(lines.includes(`fix: commit ${sha}`), done.text);
  assert.ok(lines.includes('reviewed_by: metabob-mcp-b0b0b0b0b0b0'), done.text);
  assert.ok(lines.includes('origin: remote'), done.text);
  assert.ok(!lines.some((l) => l.startsWith('recorded_by:')), done.text);
  assert.ok(lines.includes('Nothing local was retired: this machine holds no seed of the finding.'), done.text);
  const verdictId = /^Shared verdict: (concept_[A-Za-z0-9_-]+)$/m.exec(done.text)?.[1];
  assert.ok(verdictId, done.text);
  assert.ok(lines.includes(`Relevance: success recorded on ${conceptId}`), done.text);
  const verdict = headerBlock(e.concepts.concepts.get(verdictId)!.content);
  assert.equal(headerValue(verdict, 'finding_ids'), `${id}, ${second}`);
  assert.equal(headerValue(verdict, 'finding_concept'), conceptId);
  assert.equal(e.concepts.concepts.get(verdictId)!.summary, '[verdict:endorsed]');
  // The verdict is linked derived_from its finding, and folded into its relevance.
  assert.ok(
    e.concepts.edges.some((x) => x.from_concept === `concept:${verdictId}` && x.to_concept === `concept:${conceptId}` && x.edge_type === 'derived_from'),
  );
  assert.ok(e.concepts.concepts.get(conceptId)!.relevance > 0.5);

  // The first checkout has not pulled: closed, with the not-in-HEAD note, and its seeds retired.
  const back = await a.call('get_problems', {});
  assert.match(back.text, /^Open findings: 0 \(0 in the local store, 0 recorded by agents on this codebase\)/);
  assert.ok(back.text.includes('No agent-recorded findings in the local store for this workspace.'), back.text);
  assert.ok(
    back.text.includes(
      `Closed findings (1):\n- [FIXED in ${sha.slice(0, 12)}] The cache index is never bounded (${conceptId}, src/a.ts, src/b.ts) — the fix is not in this checkout's HEAD (fixed on main)`,
    ),
    back.text,
  );
  git(repo, 'pull', '-q', 'origin', 'main');
  const pulled = await a.call('get_problems', {});
  assert.ok(pulled.text.includes(`- [FIXED in ${sha.slice(0, 12)}] The cache index is never bounded (${conceptId}, src/a.ts, src/b.ts)`), pulled.text);
  assert.doesNotMatch(pulled.text, /not in this checkout's HEAD/);
  const again = await a.call('mark_complete', { problem_id: id });
  assert.match(again.text, /^already_closed: /);
});

test('a read-only key keeps the local half and says the shared half was not sent; reads still run', async () => {
  const e = await emulator();
  const { repo } = repoWithHistory({ remote: true });
  const s = await attached(e, repo, { METABOB_API_KEY: e.readOnlyKey });
  const rec = await s.call('record_finding', { files: ['src/a.ts'], summary: 'read only', severity: 'LOW', category: 'style' });
  assert.equal(rec.isError, false, rec.text);
  assert.ok(
    rec.text.includes(
      'Shared with other agents: no (key_read_only: this key has scopes [read]; the concept_create_write write was not sent); the finding is in the local store only.',
    ),
    rec.text,
  );
  const id = /agf_[0-9a-f]{16}/.exec(rec.text)![0];
  const problems = await s.call('get_problems', {});
  assert.match(problems.text, /^Open findings: 1 \(1 in the local store, 0 recorded by agents on this codebase\)/);
  const done = await s.call('mark_complete', { problem_id: id, action: 'discard' });
  assert.ok(
    done.text.includes(
      'Shared verdict: not written (key_read_only: this key has scopes [read]; the concept_create_write write was not sent); other agents will not see it.',
    ),
    done.text,
  );
  assert.equal(e.switches.calls.filter((c) => c.shape.endsWith('_write')).length, 0);
});

test('every tolerant wire form: content.concepts rows, ⟨⟩ and bare ids, object write content', async () => {
  const e = await emulator({ switches: { conceptWire: { searchRows: 'content.concepts', ids: 'wrapped', writeContent: 'object' } } });
  const { repo, bare } = repoWithHistory({ remote: true });
  const a = await attached(e, repo);
  const b = await attached(e, cloneOf(bare!));
  const rec = await a.call('record_finding', { files: ['src/a.ts'], summary: 'wrapped ids read plain', severity: 'MEDIUM', category: 'correctness' });
  const conceptId = conceptIdOf(rec.text);
  assert.match(conceptId ?? '', /^concept_[0-9a-f]{12}$/, rec.text);
  e.setSwitch('conceptWire', { searchRows: 'content', ids: 'bare', writeContent: 'string' });
  const seen = await b.call('get_problems', {});
  assert.ok(seen.text.includes(`wrapped ids read plain (${conceptId}, recorded by`), seen.text);
  e.setSwitch('conceptWire', { searchRows: 'content.concepts', ids: 'prefixed', writeContent: 'object' });
  const discarded = await b.call('mark_complete', { problem_id: `concept:⟨${conceptId}⟩`.replace(/^concept:⟨|⟩$/g, ''), action: 'discard' });
  assert.equal(discarded.isError, false, discarded.text);
  e.setSwitch('conceptWire', { searchRows: 'content', ids: 'wrapped', writeContent: 'string' });
  const closed = await a.call('get_problems', {});
  assert.ok(closed.text.includes(`- [RETRACTED] wrapped ids read plain (${conceptId}, src/a.ts)`), closed.text);
  // A retracted finding's local seeds are deleted.
  assert.match(closed.text, /^Open findings: 0 \(0 in the local store, 0 recorded/);
});

test('a pending fix in another checkout tags the finding; tasks are listed apart from both sources; a recalled duplicate is not recorded again; concept-db down is non-fatal', async () => {
  const e = await emulator();
  const { repo, bare } = repoWithHistory({ remote: true });
  const other = cloneOf(bare!);
  const a = await attached(e, repo);
  const b = await attached(e, other, { VESSEL_ID: 'metabob-mcp-b1b1b1b1b1b1' });
  const rec = await a.call('record_finding', { files: ['src/a.ts'], summary: 'Retry loop never backs off', severity: 'MEDIUM', category: 'correctness' });
  const conceptId = conceptIdOf(rec.text)!;
  const task = await a.call('record_finding', { files: ['src/b.ts'], summary: 'Split the cache module', severity: 'LOW', category: 'task' });
  const taskConcept = conceptIdOf(task.text)!;

  // The same finding from the other checkout is already recorded there.
  const dup = await b.call('record_finding', { files: ['src/a.ts'], summary: 'retry loop never backs off!', severity: 'MEDIUM', category: 'correctness' });
  assert.ok(dup.text.startsWith(`Already recorded (open): ${conceptId} — use mark_complete or add details there.`), dup.text);
  assert.ok(dup.text.includes(`found in: concept-db (${conceptId}, recorded by `), dup.text);

  // An uncommitted fix there leaves it open, tagged for this checkout.
  writeFileSync(join(other, 'src/a.ts'), 'export const a = 1; // backs off\n');
  const pending = await b.call('mark_complete', { problem_id: conceptId });
  assert.match(pending.text, new RegExp(`^Not closed: ${conceptId} .* stays open — fix pending \\(uncommitted\\)`), pending.text);
  const seenByA = await a.call('get_problems', {});
  assert.ok(seenByA.text.includes('[fix pending: uncommitted in another checkout (metabob-mcp-b1b1b1b1b1b1) on main; not in this one]'), seenByA.text);
  const seenByB = await b.call('get_problems', {});
  assert.ok(seenByB.text.includes('[fix pending: uncommitted in this checkout on main; commit it, then mark_complete endorse again]'), seenByB.text);
  // The task: counted apart, listed once in the Tasks section (B holds no seed of it).
  assert.match(seenByB.text, /^Open findings: 1 \(0 in the local store, 1 recorded by agents on this codebase\); 1 open task, listed apart/);
  assert.ok(
    seenByB.text.includes(
      `\nTasks (1 open: 1 unclaimed); claim one with claim_finding before starting:\n1. [LOW][task] src/b.ts Split the cache module (${taskConcept}`,
    ),
    seenByB.text,
  );
  assert.ok(!seenByA.text.includes(`(${taskConcept}`), 'A lists its own task once, from its local seed');

  await e.setUp('concept-db', false);
  const down = await a.call('record_finding', { files: ['README.md'], summary: 'Document the cache', severity: 'INFO', category: 'docs' });
  assert.equal(down.isError, false, down.text);
  assert.match(down.text, /\nShared with other agents: no \(producer_unreachable\(concept_create_write\): .*\); the finding is in the local store only\./);
  const listed = await a.call('get_problems', {});
  assert.match(listed.text, /^Open findings: 2 \(2 in the local store; recall not run: producer_unreachable\(conceptSearch\): /);
  await e.setUp('concept-db', true);
});
