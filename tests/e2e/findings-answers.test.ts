// Answers an agent acts on from get_problems and get_analysis_context (SPEC §get_problems,
// §get_analysis_context, §path_activity), over stdio with the built server: the shared recall
// ranked by severity, a pending-fix tag that follows the checkout, an empty answer that says
// unknown when half of it did not run, and a cause line said once per answer.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tempDir, writeFiles } from '../helpers/git.ts';
import { attachmentCause, repoWithHistory, startLedgerServer, type Server } from './ledger-fixture.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function emulator(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const e = await startEmulator(options);
  cleanups.push(() => e.stop());
  return e;
}

async function server(cwd: string, env: Record<string, string> = {}): Promise<Server> {
  const s = await startLedgerServer(cwd, env);
  cleanups.push(() => s.close());
  return s;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

test('the shared recall is ranked by severity: one CRITICAL among ten newer INFO findings comes first, in get_problems and get_analysis_context', async () => {
  const e = await emulator();
  const { repo, bare } = repoWithHistory({ remote: true });
  const other = join(tempDir('metabob-clone-'), 'repo');
  execFileSync('git', ['clone', '-q', bare!, other]);
  const attached = { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key };
  const recorder = await server(repo, attached);
  await recorder.record({ files: ['src/a.ts'], severity: 'CRITICAL', summary: 'credentials are logged in plain text' });
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  for (const w of words) await recorder.record({ files: ['src/b.ts'], severity: 'INFO', category: 'style', summary: `naming nit ${w}` });

  const reader = await server(other, { ...attached, VESSEL_ID: 'metabob-mcp-0123456789ab' });
  for (const limit of [10, 50]) {
    const problems = await reader.call('get_problems', { limit });
    const section = problems.text.slice(problems.text.indexOf('Findings recorded by agents on this codebase'));
    assert.match(
      section,
      /^Findings recorded by agents on this codebase \(11 open, 10 shown\):\n1\. \[CRITICAL\]\[correctness\] src\/a\.ts credentials are logged in plain text/,
      section,
    );
  }
  const context = await reader.call('get_analysis_context', {});
  assert.match(context.text, /\(top 5 of 11\):\n1\. \[CRITICAL\]\[correctness\] src\/a\.ts credentials are logged in plain text/, context.text);
  assert.match(context.text, /^- look at the shared finding credentials are logged in plain text \(concept_/m, context.text);
});

test('an uncommitted pending fix that was reverted is no longer tagged "commit it"; the local seed and the recalled finding both say so', async () => {
  const e = await emulator();
  const { repo } = repoWithHistory({ remote: true });
  const s = await server(repo, { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
  const [id] = await s.record({ files: ['src/a.ts'], summary: 'null dereference on empty input' });
  appendFileSync(join(repo, 'src/a.ts'), '// fixed\n');
  const pending = await s.call('mark_complete', { problem_id: id });
  assert.match(pending.text, /^Not closed: .* fix pending \(uncommitted\)\./, pending.text);
  const before = await s.call('get_problems', {});
  assert.match(before.text, new RegExp(`\\(${id}, 0 min old\\) \\[fix pending: uncommitted in this checkout on main\\]`), before.text);

  git(repo, 'checkout', '--', 'src/a.ts');
  const after = await s.call('get_problems', {});
  assert.doesNotMatch(after.text, /uncommitted in this checkout on main/, after.text);
  const gone =
    /\[fix pending: it was uncommitted in this checkout, and no uncommitted change is left \(reverted, stashed or committed since\); mark_complete endorse again to see where the fix is\]/;
  assert.match(
    after.text.split('\n').find((l) => l.includes(`(${id}, `))!,
    gone,
  );
  const recalled = after.text.split('\n').find((l) => /^1\. \[HIGH\]\[correctness\] src\/a\.ts null dereference on empty input \(concept_/.test(l));
  assert.ok(recalled, after.text);
  assert.match(recalled, gone);
  const context = await s.call('get_analysis_context', {});
  assert.doesNotMatch(context.text, /uncommitted in this checkout on main/, context.text);

  // The edit comes back: so does the tag that says to commit it.
  appendFileSync(join(repo, 'src/a.ts'), '// fixed again\n');
  assert.match((await s.call('get_problems', {})).text, /\[fix pending: uncommitted in this checkout on main\]/);
});

test('get_problems with an empty local store and a recall that did not run is recall_not_run, not no_findings; the cause is said once', async () => {
  const { repo } = repoWithHistory();
  const s = await server(repo);
  const cause = await attachmentCause(s);
  const r = await s.call('get_problems', {});
  assert.equal(r.meta.empty_reason, 'recall_not_run', r.text);
  assert.equal(occurrences(r.text, cause), 1, r.text);
  assert.match(r.text, /^Findings recorded by agents on this codebase: not read \(not_configured, as the headline says\)\.$/m);
  const recallWarning = (r.meta.warnings_v2 as Array<{ code: string; message: string }>).find((w) => w.message.startsWith('recall not run: '));
  assert.ok(recallWarning, JSON.stringify(r.meta));

  const context = await s.call('get_analysis_context', {});
  assert.equal(occurrences(context.text, cause), 1, context.text);
  assert.match(context.text, /^Open findings: 0 \(0 in the local store; recall not run: not_configured, as the Attachment line says\)$/m);
  assert.match(context.text, /^Findings recorded by agents on this codebase: not read \(not_configured, as the Attachment line says\)\.$/m);
});

test('path_activity on a path it could not check is paths_not_checked, not no_results_in_corpus', async () => {
  const e = await emulator({ switches: { gaps: [] } });
  const root = tempDir('metabob-plain-');
  git(root, 'init', '-q', '-b', 'main');
  writeFiles(root, { 'src/a.ts': 'export {};\n' });
  const s = await server(root, { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, WORKSPACE_PATH: root });
  const r = await s.call('path_activity', { paths: ['src/a.ts'] });
  assert.equal(r.isError, false, r.text);
  assert.match(r.text, /^src\/a\.ts: not checked: /m, r.text);
  assert.equal(r.meta.empty_reason, 'paths_not_checked', r.text);
  const checked = await s.call('path_activity', { paths: ['repos/concept-db/src/a.ts'] });
  assert.equal(checked.meta.empty_reason, 'no_results_in_corpus', checked.text);
});

test('search_codebase finds a problem only when every query word matches it: one short word matching by prefix is not enough', async () => {
  const { repo } = repoWithHistory();
  const s = await server(repo);
  await s.record({ files: ['src/a.ts'], summary: 'reading a non-UTF-8 file name throws', severity: 'MEDIUM' });
  const none = await s.call('search_codebase', { query: 'zzz_no_such_symbol', target: 'problems' });
  assert.match(none.text, /^Problems: no open finding in the local store matches "zzz_no_such_symbol"\.$/m, none.text);
  const found = await s.call('search_codebase', { query: 'non utf', target: 'problems' });
  assert.match(found.text, /^Problems matching "non utf" \(1\):\n {2}\[MEDIUM\]\[correctness\] src\/a\.ts reading a non-UTF-8 file name throws/m, found.text);
});
