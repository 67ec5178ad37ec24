// The boundary and the tools in this process (tests/helpers/in-process.ts), over services the
// test builds: a temp repository, a temp store, an attachment it controls. Fast checks of what
// the services hand the tools; the spawned-server tests under tests/e2e keep the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf } from '../helpers/in-process.ts';
import type { AttachmentPort } from '../../core/attachment/port.ts';

test('record_finding -> get_problems -> mark_complete discard, scoped to the workspace the services decide', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export function a() { return 1; }\n' }, 'init');
  const s = await startInProcess({ cwd: repo });
  try {
    const rec = await s.client.callTool({
      name: 'record_finding',
      arguments: { files: ['src/a.ts'], summary: 'a() ignores its cache', severity: 'HIGH', category: 'performance' },
    });
    assert.equal(rec.isError, undefined, textOf(rec));
    const id = /agf_[0-9a-f]{16}/.exec(textOf(rec))![0];
    const meta = rec._meta as Record<string, unknown>;
    assert.equal(meta.session_id, s.services.sessionId);
    assert.equal(meta.project_name, realpathSync(repo).split('/').at(-1));
    assert.ok(s.services.store.openedStore(), 'the services opened their store');

    const problems = textOf(await s.client.callTool({ name: 'get_problems', arguments: {} }));
    assert.match(problems, new RegExp(`${id}.*src/a\\.ts|src/a\\.ts.*${id}`, 's'));
    assert.match(problems, /recall not run: not_configured: this process has no substrate attachment/);

    const discarded = await s.client.callTool({ name: 'mark_complete', arguments: { problem_id: id, action: 'discard' } });
    assert.equal(discarded.isError, undefined, textOf(discarded));
    assert.match(textOf(await s.client.callTool({ name: 'get_problems', arguments: {} })), /^No agent-recorded findings|Open findings: 0/m);
  } finally {
    await s.close();
  }
});

test('init_workspace builds the index in the services; analyze_impact and get_metrics read that same index', async () => {
  const repo = tempRepo();
  commitFiles(
    repo,
    { 'src/a.ts': 'export function a() { return 1; }\n', 'src/b.ts': "import { a } from './a';\nexport function b() { return a(); }\n" },
    'init',
  );
  const s = await startInProcess({ cwd: repo });
  try {
    assert.equal(s.services.index.currentIndex(), undefined);
    const before = await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/a.ts'] } });
    assert.match(textOf(before), /^no_workspace_indexed: /);
    const init = await s.client.callTool({ name: 'init_workspace', arguments: {} });
    assert.equal(init.isError, undefined, textOf(init));
    assert.equal(s.services.index.currentIndex()?.root, realpathSync(repo));
    const impact = textOf(await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/a.ts'] } }));
    assert.match(impact, /function\s+b\s+src\/b\.ts:2/);
    assert.match(textOf(await s.client.callTool({ name: 'get_metrics', arguments: {} })), /^Local code graph: 2 files, /m);
  } finally {
    await s.close();
  }
});

test('the attachment the services carry is the one the gate asks and the mixed tools report', async () => {
  const asked: string[] = [];
  const attachment: AttachmentPort = {
    start: () => {},
    refusal: async (tool) => {
      asked.push(tool);
      return 'key_rejected: the substrate rejected the API key (HTTP 401); substrate tools are unavailable; local tools still work';
    },
    status: async () => ({ attached: false, cause: 'key_rejected: HTTP 401', summary: 'not attached: key_rejected: HTTP 401' }),
    resolve: async () => ({ ok: false, cause: 'key_rejected', line: 'key_rejected: HTTP 401', shape: '' }),
    supervisor: async () => {
      throw new Error('not used');
    },
    current: async () => {
      throw new Error('not used');
    },
  };
  const s = await startInProcess({ cwd: tempRepo(), attachment: () => attachment });
  try {
    const refused = await s.client.callTool({ name: 'registry_query', arguments: { mode: 'shapes' } });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /^key_rejected: /);
    assert.deepEqual(
      (refused._meta as { diagnosis_v2: Array<{ code: string }> }).diagnosis_v2.map((d) => d.code),
      ['key_rejected'],
    );
    assert.deepEqual(asked, ['registry_query']);
    assert.match(textOf(await s.client.callTool({ name: 'get_analysis_context', arguments: {} })), /^Attachment: not attached: key_rejected: HTTP 401$/m);
  } finally {
    await s.close();
  }
});
