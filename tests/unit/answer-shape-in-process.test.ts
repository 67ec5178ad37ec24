// Answers shaped for what hosts show (core/server/answer-shape.ts): Claude Code and Codex pass
// the model a tool result's text and drop its `_meta`, so an envelope's next step ends the text
// as one line, and no answer passes the token cap (10,000 by default, chars/4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { capText, closingLine } from '../../core/server/answer-shape.ts';
import { answerBudget, DEFAULT_ANSWER_TOKEN_CAP } from '../../core/server/host-limits.ts';
import { heuristicTokens } from '../../core/server/tokens.ts';
import { findTool } from '../../core/tools/registry.ts';

test('closingLine: the first next steps as calls with their arguments, else the empty reason and what to do about it', () => {
  assert.equal(
    closingLine({ text: '', nextSteps: [{ tool: 'init_workspace', args: { workspace_path: '/p' }, why: 'index /p' }] }),
    'Next: init_workspace {"workspace_path":"/p"} (index /p)',
  );
  assert.equal(
    closingLine({ text: '', emptyReason: 'below_threshold' }),
    'Next (below_threshold): Retry with a lower confidence_threshold if weaker hints are useful.',
  );
  assert.equal(
    closingLine({ text: '', emptyReason: 'index_stale', nextSteps: [{ tool: 'init_workspace', args: {}, why: 're-index' }] }),
    'Next (index_stale): init_workspace {} (re-index)',
  );
  assert.equal(closingLine({ text: 'fine' }), undefined);
});

test('capText: an answer over the default cap is cut under it at a line break, naming how to get the rest', () => {
  const lines = Array.from({ length: 6000 }, (_, i) => `finding ${i}: ${'x'.repeat(40)}`);
  const capped = capText(lines.join('\n'), answerBudget(undefined, {}), findTool('get_problems'));
  assert.ok(heuristicTokens(capped) <= DEFAULT_ANSWER_TOKEN_CAP, `${heuristicTokens(capped)} tokens`);
  const last = capped.split('\n').at(-1)!;
  assert.match(last, /^\.\.\. answer_capped: cut at 10,000 tokens \(\d+ of 6000 lines shown\); call get_problems again with a smaller limit, or a narrower/);
  assert.match(capped.split('\n').at(-2)!, /^finding \d+: x{40}$/, 'the cut falls at a line break');
  const small = 'short answer';
  assert.equal(capText(small, answerBudget(undefined, {}), undefined), small);
});

test('a real answer past METABOB_MAX_ANSWER_TOKENS is capped in the boundary, and tokens_used counts what was sent', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' });
  const s = await startInProcess({ cwd: repo, env: { METABOB_HOME: tempDir('metabob-home-'), METABOB_MAX_ANSWER_TOKENS: '300' } });
  try {
    for (let i = 0; i < 8; i++) {
      const rec = await s.client.callTool({
        name: 'record_finding',
        arguments: { files: ['src/a.ts'], summary: `a() drops case ${i}: ${'detail '.repeat(30)}`, severity: 'HIGH', category: 'correctness' },
      });
      assert.notEqual(rec.isError, true, textOf(rec));
    }
    const problems = await s.client.callTool({ name: 'get_problems', arguments: { limit: 100 } });
    const text = textOf(problems);
    assert.ok(heuristicTokens(text) <= 300, `${heuristicTokens(text)} tokens`);
    assert.match(text, /answer_capped: cut at 300 tokens .*call get_problems again with a smaller limit/);
    assert.equal((problems._meta as Record<string, unknown>).tokens_used, heuristicTokens(text));
  } finally {
    await s.close();
  }
});

test('an empty answer names its reason once; a next_steps answer names the call in its text', async () => {
  const dir = tempDir();
  const s = await startInProcess({ cwd: dir, env: { METABOB_HOME: tempDir('metabob-home-') } });
  try {
    const noGit = await s.client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['a.ts'] } });
    assert.equal((noGit._meta as Record<string, unknown>).empty_reason, 'not_a_git_repository');
    // The text already names its reason, so the reason is not said again.
    assert.equal(textOf(noGit).match(/not_a_git_repository/g)?.length, 1, textOf(noGit));
    assert.ok(!textOf(noGit).includes('Next ('), textOf(noGit));

    const context = await s.client.callTool({ name: 'get_analysis_context', arguments: {} });
    const steps = (context._meta as { next_steps?: Array<{ tool: string }> }).next_steps ?? [];
    assert.ok(steps.length > 0, 'before init_workspace the context names it as the next step');
    const text = textOf(context);
    assert.ok(text.split('\n').at(-1)!.startsWith(`Next: ${steps[0].tool} `) || text.toLowerCase().includes(`call ${steps[0].tool}`), text);
  } finally {
    await s.close();
  }
});
