// Each tool's annotations tell the truth (core/tools/tool-annotations.ts, docs/tool-surface.md):
// the built server, attached to the emulated substrate over stdio, runs every tool with
// arguments that make it do its work, and each call is watched where a tool can leave a mark:
// the local store's rows (metabob.db, sidecar.db), the workspace (its marker and the index's
// extraction cache), and the substrate (every discovery /resolve and producer request, its write
// shapes among them). A tool's row must cover what its calls did (readOnlyHint, destructiveHint,
// openWorldHint), every place it names must be written by some call, and a tool it calls
// idempotent writes nothing more when called again with the same arguments.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { startEmulator } from '../substrate/emulator.ts';
import { startServer, waitFor, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { TOOL_EFFECTS, toolHints, type EffectPlace, type WriteKind } from '../../core/tools/tool-annotations.ts';

/** Write shapes a tool may send, by what they do: add a record, or change what was there. */
const SHAPE_KIND: Record<string, WriteKind> = {
  concept_create_write: 'adds',
  conceptLink_write: 'adds',
  conceptUsage_write: 'adds',
  goal_verification_label_write: 'adds',
  solicitationResponse_write: 'adds',
  substrateGap_write: 'adds',
  // A dispatch starts a walk that may land a commit and move what goal-host learns.
  goalDispatchAsync: 'changes',
  memoryNote_write: 'changes',
};
const isWriteShape = (shape: string) => shape in SHAPE_KIND || shape.endsWith('_write');

interface Observed {
  store?: WriteKind;
  workspace?: boolean;
  substrate?: WriteKind;
  writeShapes: Set<string>;
  sent: boolean;
}

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

/** Every row of every table of the SQLite files under the home, keyed by table and rowid. */
function storeRows(home: string): Map<string, Record<string, unknown>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (const file of ['metabob.db', 'sidecar.db']) {
    const path = join(home, file);
    if (!existsSync(path)) continue;
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
      for (const { name } of tables) {
        let all: Array<Record<string, unknown>>;
        try {
          all = db.prepare(`SELECT rowid AS __rowid, * FROM "${name}"`).all() as Array<Record<string, unknown>>;
        } catch {
          all = (db.prepare(`SELECT * FROM "${name}"`).all() as Array<Record<string, unknown>>).map((r, i) => ({
            __rowid: `#${i}:${JSON.stringify(r)}`,
            ...r,
          }));
        }
        for (const row of all) rows.set(`${file}:${name}:${String(row.__rowid)}`, row);
      }
    } finally {
      db.close();
    }
  }
  return rows;
}

/** What a call did to the store: nothing, only added rows or filled empty fields, or changed or removed what was there. */
function storeChange(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>): WriteKind | undefined {
  let kind: WriteKind | undefined;
  for (const [key, row] of before) {
    const now = after.get(key);
    if (!now) return 'changes';
    for (const [field, value] of Object.entries(row)) {
      if (JSON.stringify(now[field]) === JSON.stringify(value)) continue;
      if (value !== null) return 'changes';
      kind = 'adds';
    }
  }
  for (const key of after.keys()) if (!before.has(key)) kind = 'adds';
  return kind;
}

/** The workspace as a call can move it: the markers' workspaces and the extraction cache's files. */
function workspaceState(home: string, cacheHome: string): string {
  const parts: string[] = [];
  const markers = join(home, 'markers');
  if (existsSync(markers)) {
    for (const f of readdirSync(markers).sort()) parts.push(`marker ${f} ${JSON.parse(readFileSync(join(markers, f), 'utf8')).workspace}`);
  }
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir).sort()) {
      const path = join(dir, f);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else parts.push(`cache ${path} ${st.size} ${st.mtimeMs}`);
    }
  };
  walk(join(cacheHome, 'metabob-mcp'));
  return parts.join('\n');
}

test("every tool's hints cover what its calls write and where they send, and name nothing they never do", async () => {
  const e = await startEmulator({ switches: { goalRunMs: 150 } });
  cleanups.push(() => e.stop());
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export function a() { return b(); }\nexport function b() { return 1; }\n', 'src/c.ts': 'import { a } from "./a";\na();\n' });
  commitFiles(repo, {
    'src/a.ts': 'export function a() { return b() + 1; }\nexport function b() { return 1; }\n',
    'src/c.ts': 'import { a } from "./a";\na(); a();\n',
  });
  const home = tempDir('metabob-hints-home-');
  const cacheHome = tempDir('metabob-hints-cache-');
  const s: ServerUnderTest = await startServer(
    { DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_HOME: home, XDG_CACHE_HOME: cacheHome, WORKSPACE_PATH: repo },
    { cwd: repo },
  );
  cleanups.push(() => s.close());
  await s.waitForHealth((h) => h.attached === true);
  // Attached: every tool is listed, with the hints of its row.
  const listed = (await s.client.listTools()).tools;
  assert.equal(listed.length, TOOL_REGISTRY.length);
  for (const tool of listed) assert.deepEqual(tool.annotations, { title: tool.title, ...toolHints(tool.name) }, tool.name);

  // The store is created by the first call that opens it, whichever tool that is; opened here first, outside the watch.
  await s.call('get_metrics');
  const observed = new Map<string, Observed>();
  const settle = () => new Promise((r) => setTimeout(r, 250));
  const run = async (name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean; did: Observed }> => {
    await settle();
    const rowsBefore = storeRows(home);
    const wsBefore = workspaceState(home, cacheHome);
    const resolvesBefore = e.discovery.resolveRequests;
    const callsBefore = e.switches.calls.length;
    const reply = await s.call(name, args);
    await settle();
    // Every pointer discovery took (the last 200 are kept) and every request a producer got.
    const resolved = e.discovery.resolveRequests - resolvesBefore;
    const shapes = (resolved > 0 ? e.discovery.resolveBodies.slice(-resolved) : []).map((body) => String(JSON.parse(body).pointer?.type ?? ''));
    const writes = [...new Set([...shapes, ...e.switches.calls.slice(callsBefore).map((c) => c.shape)])].filter(isWriteShape);
    const did: Observed = {
      store: storeChange(rowsBefore, storeRows(home)),
      workspace: workspaceState(home, cacheHome) !== wsBefore || undefined,
      substrate: writes.some((w) => SHAPE_KIND[w] === 'changes' || !(w in SHAPE_KIND)) ? 'changes' : writes.length > 0 ? 'adds' : undefined,
      writeShapes: new Set(writes),
      sent: e.discovery.resolveRequests > resolvesBefore || e.switches.calls.length > callsBefore,
    };
    const seen = observed.get(name) ?? { writeShapes: new Set<string>(), sent: false };
    for (const place of ['store', 'substrate'] as const) if (did[place] === 'changes' || (did[place] && !seen[place])) seen[place] = did[place];
    seen.workspace ||= did.workspace;
    for (const w of did.writeShapes) seen.writeShapes.add(w);
    seen.sent ||= did.sent;
    observed.set(name, seen);
    return { ...reply, did };
  };

  // The local tier and the ledger, on the indexed repository.
  assert.equal((await run('init_workspace')).isError, false);
  await run('get_analysis_context');
  await run('get_problems', { file_path: 'src/a.ts' });
  const recorded = await run('record_finding', { files: ['src/a.ts'], summary: 'a() adds one twice', severity: 'MEDIUM', category: 'correctness' });
  const findingId = /agf_[0-9a-f]{16}/.exec(recorded.text)![0];
  await run('annotate_component', { problem_id: findingId, mode: 'explain' });
  await run('search_codebase', { query: 'a' });
  await run('analyze_impact', { changed_files: ['src/a.ts'] });
  await run('predict_cochanges', { changed_files: ['src/a.ts'] });
  await run('assign_git_changes', { changed_files: ['src/a.ts'] });
  await run('get_metrics');
  await run('path_activity', { paths: ['src/a.ts'] });
  const claimed = await run('claim_finding', { problem_id: findingId });
  assert.equal(claimed.isError, false, claimed.text);

  // The goal loop.
  const sent = await run('run_goal_async', { goal: 'write docs/hello.md' });
  const dispatchId = /^Dispatched: (\S+) /m.exec(sent.text)![1];
  await waitFor(async () => !(await run('goal_status', { dispatch_id: dispatchId })).text.startsWith('reached: (running)') || undefined, 10_000, 'the walk');
  await run('goal_reasoning', { dispatch_id: dispatchId });
  const feedback = await run('provide_feedback', { dispatch_id: dispatchId, verdict: 'reached', rationale: 'the file exists' });
  assert.equal(feedback.isError, false, feedback.text);
  await run('run_goal', { goal: 'write docs/quick.md', learning_mode: 'observe' });
  await run('execution_trace');
  await run('registry_query', { mode: 'shapes', shape: 'goal' });
  await run('resolve_impulse', { shape: 'memoryNote_write', pointer: { note: 'remember this' } });

  // concept-db.
  const created = await run('concept_create', { content: 'a note on a()', shape: 'memo', source_type: 'memo' });
  const concept = /concept_[0-9a-f]{12}/.exec(created.text)![0];
  const other = /concept_[0-9a-f]{12}/.exec((await run('concept_create', { content: 'a note on b()', shape: 'memo', source_type: 'memo' })).text)![0];
  await run('concept_search', { query: 'note' });
  await run('concept_link', { from_concept_id: concept, to_concept_id: other, edge_type: 'sequence_next', weight: 0.2 });
  await run('concept_neighbors', { concept_id: concept, direction: 'outgoing', content: 'preview' });
  await run('concept_sequence', { concept_id: concept });
  await run('concept_record_usage', { concept_id: concept, outcome: 'success' });
  await run('concept_usage_stats', { concept_id: concept });

  // The agent-resolver queue: a question a local caller queued, pulled and answered.
  const ask = await s.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'human_input', question_markdown: 'Which branch?', solicitation_id: 'sol-1', dispatch_id: 'disp-1', timeout_ms: 600_000 } },
    { authorization: `ApiKey ${e.key}` },
  );
  assert.equal(ask.status, 200, ask.text);
  const pulled = await run('pull_assigned_work');
  const taskId = /^1\. (task_[0-9A-Z]+) /m.exec(pulled.text)![1];
  await run('submit_resolution', { task_id: taskId, outcome: 'answered', answer: 'main' });

  // The verdict last: it closes the finding the others read.
  const closed = await run('mark_complete', { problem_id: findingId });
  assert.equal(closed.isError, false, closed.text);

  const report: string[] = [];
  for (const tool of TOOL_REGISTRY) {
    const row = TOOL_EFFECTS[tool.name];
    const did = observed.get(tool.name);
    assert.ok(did, `${tool.name} was run`);
    for (const place of ['store', 'workspace', 'substrate'] as EffectPlace[]) {
      const declared = row.writes[place];
      const happened = did[place];
      // What a call did is in the row; a destructive change only where the row says `changes`.
      if (happened) assert.ok(declared, `${tool.name} wrote ${place} (${[...did.writeShapes].join(', ')}), which its row leaves out`);
      if (happened === 'changes') assert.equal(declared?.kind, 'changes', `${tool.name} changed what was in ${place}; its row says it only adds`);
      // And the row names no place no call wrote.
      if (declared) assert.ok(happened, `${tool.name}'s row says it writes ${place} (${declared.what}); no call did`);
    }
    assert.equal(
      did.sent,
      row.sendsToSubstrate,
      `${tool.name} ${did.sent ? 'sent' : 'sent nothing'} to the substrate; openWorldHint is ${row.sendsToSubstrate}`,
    );
    report.push(`${tool.name}: ${JSON.stringify({ ...did, writeShapes: [...did.writeShapes] })}`);
  }

  // idempotentHint: the idempotent writers write nothing more when called again the same way.
  for (const tool of TOOL_REGISTRY.filter((t) => toolHints(t.name).idempotentHint && !toolHints(t.name).readOnlyHint)) {
    const again = await run(tool.name);
    assert.deepEqual(
      [again.did.store, again.did.workspace, again.did.substrate],
      [undefined, undefined, undefined],
      `${tool.name} is idempotent, yet a second identical call wrote: ${JSON.stringify(again.did)}`,
    );
  }
  // HINTS_REPORT=1 prints what each tool's calls did (docs/tool-surface.md has the table).
  if (process.env.HINTS_REPORT) process.stderr.write(report.join('\n') + '\n');
  assert.equal(report.length, TOOL_REGISTRY.length);
});
