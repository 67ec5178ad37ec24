// Tool annotations are truthful (core/tools/tool-annotations.ts): every registered tool is
// classified once, tools/list carries the four hints the effects table gives, and a read-only
// tool run against a real store leaves its SQLite files and the workspace binding as they were.
// tests/e2e/tool-hints.test.ts holds every row to what the built server's calls write and send.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { buildToolList } from '../../core/tools/tool-list.ts';
import { TOOL_EFFECTS, isReadOnlyTool, toolHints } from '../../core/tools/tool-annotations.ts';

test('every registered tool is classified once; tools/list carries the four hints of its row', () => {
  const names = TOOL_REGISTRY.map((t) => t.name).sort();
  assert.deepEqual(Object.keys(TOOL_EFFECTS).sort(), names);
  for (const listed of buildToolList()) {
    const effects = TOOL_EFFECTS[listed.name];
    const writes = Object.values(effects.writes);
    assert.deepEqual(listed.annotations, { title: listed.title, ...toolHints(listed.name) }, listed.name);
    assert.equal(listed.annotations.readOnlyHint, writes.length === 0, listed.name);
    assert.equal(
      listed.annotations.destructiveHint,
      writes.some((w) => w.kind === 'changes'),
      listed.name,
    );
    assert.equal(listed.annotations.openWorldHint, effects.sendsToSubstrate, listed.name);
    // A tool that writes nothing has nothing to repeat: the table says so too.
    if (writes.length === 0) assert.equal(effects.idempotent, true, listed.name);
    assert.equal(listed.annotations.idempotentHint, effects.idempotent, listed.name);
    // A tool of the local tier never reaches the substrate; one of the substrate tier always may.
    const tier = TOOL_REGISTRY.find((t) => t.name === listed.name)!.tier;
    if (tier === 'local') assert.equal(effects.sendsToSubstrate, false, listed.name);
    if (tier === 'substrate') assert.equal(effects.sendsToSubstrate, true, listed.name);
  }
  // A tool nobody classified gets MCP's cautious defaults, never a read-only pass.
  assert.equal(isReadOnlyTool('a_tool_nobody_classified'), false);
  assert.deepEqual(toolHints('a_tool_nobody_classified'), { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
});

function digest(paths: string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(path).update(existsSync(path) ? readFileSync(path) : 'absent');
  return hash.digest('hex');
}

/** Arguments that make each read-only tool do its real work in this repository. */
const ARGS: Record<string, Record<string, unknown>> = {
  analyze_impact: { changed_files: ['src/a.ts'] },
  annotate_component: { mode: 'explain' },
  assign_git_changes: { changed_files: ['src/a.ts'] },
  get_problems: { file_path: 'src/a.ts' },
  path_activity: { paths: ['src/a.ts'] },
  predict_cochanges: { changed_files: ['src/a.ts'] },
  search_codebase: { query: 'a' },
  concept_search: { query: 'a' },
};

test('each read-only tool, run against a store holding a finding, leaves the SQLite files and the workspace as they were', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export function a() { return b(); }\nexport function b() { return 1; }\n', 'src/c.ts': 'import { a } from "./a";\na();\n' });
  commitFiles(repo, {
    'src/a.ts': 'export function a() { return b() + 1; }\nexport function b() { return 1; }\n',
    'src/c.ts': 'import { a } from "./a";\na(); a();\n',
  });
  const s = await startInProcess({ cwd: repo });
  try {
    await s.client.callTool({ name: 'init_workspace', arguments: { workspace_path: repo } });
    const rec = await s.client.callTool({
      name: 'record_finding',
      arguments: { files: ['src/a.ts'], summary: 'a() adds one twice', severity: 'MEDIUM', category: 'correctness' },
    });
    const id = /agf_[0-9a-f]{16}/.exec(textOf(rec))![0];
    ARGS.annotate_component.problem_id = id;
    const store = s.services.store.path();
    const files = [store, `${store}-wal`, `${store}-shm`, `${store}-journal`];
    const before = digest(files);
    const bound = JSON.stringify(s.services.workspace.decideNow());
    const ran: string[] = [];
    for (const tool of TOOL_REGISTRY.filter((t) => isReadOnlyTool(t.name))) {
      const result = await s.client.callTool({ name: tool.name, arguments: ARGS[tool.name] ?? {} });
      ran.push(`${tool.name}${result.isError ? ' (refused)' : ''}`);
      assert.equal(digest(files), before, `${tool.name} changed the store: ${textOf(result)}`);
      assert.equal(JSON.stringify(s.services.workspace.decideNow()), bound, `${tool.name} moved the workspace`);
    }
    // The local read-only tools really ran, none refused (the substrate ones are, with no attachment).
    for (const local of [
      'get_problems',
      'get_analysis_context',
      'get_metrics',
      'annotate_component',
      'analyze_impact',
      'search_codebase',
      'predict_cochanges',
    ]) {
      assert.ok(ran.includes(local), `${local} ran: ${ran.join(', ')}`);
    }
    // The check sees a write: a tool that is not read-only changes the same files.
    await s.client.callTool({
      name: 'record_finding',
      arguments: { files: ['src/c.ts'], summary: 'c() calls a() twice', severity: 'LOW', category: 'design' },
    });
    assert.notEqual(digest(files), before, 'record_finding wrote the store');
  } finally {
    await s.close();
  }
});
