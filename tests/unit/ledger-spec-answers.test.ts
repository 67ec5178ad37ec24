// The ledger tools' answers held to SPEC §mark_complete, §get_problems, §get_metrics and
// META-ENVELOPE's notice shape, in this process (tests/helpers/in-process.ts) over a real temp
// repository and a real temp store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import { commitFiles, tempRepo } from '../helpers/git.ts';

type Call = (name: string, args?: Record<string, unknown>) => Promise<{ text: string; isError: boolean; meta: Record<string, unknown> }>;

async function withServer(cwd: string, body: (call: Call) => Promise<void>): Promise<void> {
  const s = await startInProcess({ cwd });
  const call: Call = async (name, args = {}) => {
    const r = await s.client.callTool({ name, arguments: args });
    return { text: textOf(r), isError: r.isError === true, meta: (r._meta ?? {}) as Record<string, unknown> };
  };
  try {
    await body(call);
  } finally {
    await s.close();
  }
}

async function record(call: Call, args: Record<string, unknown>): Promise<string> {
  const r = await call('record_finding', { severity: 'HIGH', category: 'correctness', ...args });
  assert.equal(r.isError, false, r.text);
  return /agf_[0-9a-f]{16}/.exec(r.text)![0];
}

test('mark_complete: an ignored file that is nowhere (not on disk, not tracked, not in history) is not here, never fix: local', async () => {
  const repo = tempRepo();
  commitFiles(repo, { '.gitignore': '*.env\n', 'src/a.ts': 'export const a = 1;\n' }, 'init');
  await withServer(repo, async (call) => {
    const id = await record(call, { files: ['prod.env'], summary: 'production secrets in plain text' });
    const r = await call('mark_complete', { problem_id: id });
    assert.equal(r.isError, true, r.text);
    assert.equal(
      r.text,
      "not_here: none of the finding's files (prod.env) is known in this checkout (not on disk, not tracked, not in its history), so this is not where the fix is; nothing was recorded (endorse where the fix is, or discard it)",
    );
    assert.doesNotMatch(r.text, /fix: local/);
    assert.match((await call('get_problems', {})).text, new RegExp(`production secrets in plain text \\(${id}`));
  });
});
