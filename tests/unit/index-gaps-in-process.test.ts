// SPEC §init_workspace (a budget-limited index resumes on the next call) through the in-process
// boundary: while files are pending or parsed in part, search_codebase, analyze_impact and
// assign_git_changes never answer "none" for them, and get_metrics and get_analysis_context say
// the index is partial with the resume step. A 0 ms budget stands in for a slow machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';

type Meta = Record<string, any>;

test('pending files: every graph tool says index_pending and names init_workspace; the snapshots say partial', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export function alpha(): number {\n  return 1;\n}\n' });
  const s = await startInProcess({ cwd: repo });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await s.client.callTool({ name, arguments: args });
    return { text: textOf(r), meta: (r._meta ?? {}) as Meta };
  };
  try {
    await call('init_workspace', {});
    const root = s.services.index.currentIndex()!.root;
    writeFileSync(join(root, 'src/b.ts'), 'export function betaPending(): number {\n  return 2;\n}\n');
    const starved = await s.services.index.indexWorkspace(root, { budgetMs: 0 });
    assert.ok(starved.result.ok && starved.result.report.pending === 1);

    const search = await call('search_codebase', { query: 'betaPending', target: 'components' });
    assert.equal(search.meta.empty_reason, 'index_pending');
    assert.match(search.text, /1 file\(s\) pending \(the 20 s budget ran out before they were parsed; init_workspace resumes\)/);
    const impact = await call('analyze_impact', { changed_files: ['src/b.ts'] });
    assert.equal(impact.meta.empty_reason, 'index_pending');
    assert.match(impact.text, /src\/b\.ts is not parsed yet \(the 20 s budget ran out\)/);
    const assign = await call('assign_git_changes', { changed_files: ['src/b.ts'], include_cochange_predictions: false });
    assert.equal(assign.meta.empty_reason, 'index_pending');
    assert.deepEqual(assign.meta.next_steps?.[0]?.tool, 'init_workspace');
    // An indexed file with no dependents is not "none" while another file is pending.
    assert.equal((await call('analyze_impact', { changed_files: ['src/a.ts'] })).meta.empty_reason, 'index_pending');

    for (const name of ['get_metrics', 'get_analysis_context']) {
      const m = await call(name, {});
      assert.match(
        m.text,
        /The index is partial: 1 file\(s\) are not parsed yet .*Next: call init_workspace again to resume: it parses only the pending files\./,
        name,
      );
      assert.ok(
        m.meta.next_steps.some((n: Meta) => n.tool === 'init_workspace' && /parse the 1 file\(s\) the 20 s budget left/.test(n.why)),
        name,
      );
    }
  } finally {
    await s.close();
  }
});

test('a file parsed in part: an empty search says partially_parsed and names the lines', async () => {
  const repo = tempRepo();
  // The recovery test's fixture: a declaration the parser cannot read at all (line 2), stays unread.
  const broken = readFileSync(fileURLToPath(new URL('../fixtures/extract/ts-recovery/broken-class.ts', import.meta.url)), 'utf8');
  commitFiles(repo, { 'src/broken.ts': broken });
  const s = await startInProcess({ cwd: repo });
  try {
    await s.client.callTool({ name: 'init_workspace', arguments: {} });
    const index = s.services.index.currentIndex()!;
    assert.deepEqual(index.partial(), [{ file: 'src/broken.ts', lines: [[2, 2]] }]);
    const r = await s.client.callTool({ name: 'search_codebase', arguments: { query: 'nothingNamedThis', target: 'components' } });
    assert.equal((r._meta as Meta).empty_reason, 'partially_parsed');
    assert.match(textOf(r), /1 file\(s\) partial \(src\/broken\.ts lines 2/);
  } finally {
    await s.close();
  }
});
