// The server while init_workspace indexes a tree large enough to take seconds (SPEC
// §init_workspace): it answers `ping` and get_metrics meanwhile, a cancel (MCP
// notifications/cancelled) stops the run and leaves the last complete graph, or says the index
// is partial and how to resume, and a caller's progressToken gets notifications/progress in
// both protocol eras. Latency figures live in `npm run bench` (scripts/bench/index-live.ts):
// the machine running the tests is shared, so no test here times an answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { metaOf, startClient, textOf, type ClientEra } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

const DJANGO = '/usr/lib/python3/dist-packages/django';

/** Django's sources: nearly nine hundred Python files, seconds of indexing. */
function largeTree(): string {
  const root = tempDir('index-live-');
  cpSync(DJANGO, join(root, 'django'), { recursive: true, filter: (src) => !src.includes('__pycache__') });
  return root;
}

const skip = existsSync(DJANGO) ? false : `needs ${DJANGO}`;

/** init_workspace until nothing is left for the budget to resume (a loaded machine may need more than one call). */
async function indexWhole(client: Client, root: string): Promise<string[]> {
  const answers: string[] = [];
  for (let call = 0; call < 10; call++) {
    const text = textOf(await client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }, { timeout: 280_000 }));
    answers.push(text);
    if (!/not parsed within the 20 s budget|init_workspace resumes/.test(text)) return answers;
  }
  throw new Error(`still pending after 10 calls:\n${answers.at(-1)}`);
}

/** Files parsed, as init_workspace's first line says. */
const parsedIn = (text: string) => Number(/^Indexed .*: (\d+) files parsed in/m.exec(text)?.[1] ?? NaN);

/** The graph's size as get_metrics prints it: `Local code graph: N files, ...`. */
function graphFiles(text: string): number | undefined {
  const m = /^Local code graph: (\d+) files,/m.exec(text);
  return m ? Number(m[1]) : undefined;
}

test('the server answers ping and get_metrics while init_workspace indexes, before its answer', { skip, timeout: 300_000 }, async () => {
  const root = largeTree();
  // ping is asked in the 2025 era, where it is a request of its own.
  const { client, close } = await startClient({ cwd: root, era: 'legacy' });
  try {
    let finished = false;
    const init = client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }, { timeout: 280_000 }).finally(() => (finished = true));
    let pings = 0;
    let metrics = 0;
    // Each probe is answered, and answered while the index still runs: its answer arrives before init_workspace's.
    while (!finished) {
      await client.ping();
      if (!finished) pings++;
      const state = await client.callTool({ name: 'get_metrics', arguments: {} });
      assert.match(textOf(state), /^Local code graph: /m);
      if (!finished) metrics++;
    }
    const result = await init;
    assert.equal(result.isError, undefined, textOf(result));
    assert.match(textOf(result), /^Indexed .*: \d+ files parsed in/m);
    assert.ok(pings >= 3, `${pings} pings answered while init_workspace ran`);
    assert.ok(metrics >= 3, `${metrics} get_metrics answered while init_workspace ran`);
  } finally {
    await close();
  }
});

test(
  'a cancelled first init_workspace builds no graph from its part, says so, and the next call parses only the rest',
  { skip, timeout: 300_000 },
  async () => {
    const root = largeTree();
    const { client, close } = await startClient({ cwd: root });
    try {
      const abort = new AbortController();
      let total = 0;
      const cancelled = client
        .callTool(
          { name: 'init_workspace', arguments: { workspace_path: root } },
          {
            signal: abort.signal,
            timeout: 280_000,
            onprogress: (p) => {
              total = p.total ?? 0;
              if (p.progress >= 20) abort.abort('test: cancelled');
            },
          },
        )
        .then(
          () => 'answered',
          () => 'cancelled',
        );
      assert.equal(await cancelled, 'cancelled');

      const metrics = textOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
      const m = /^The index is partial: the last init_workspace was cancelled after parsing (\d+) of (\d+) file\(s\), before a graph was built/m.exec(metrics);
      assert.ok(m, metrics);
      const parsed = Number(m[1]);
      assert.equal(Number(m[2]), total);
      assert.ok(parsed >= 20 && parsed < total, `${parsed} of ${total} parsed before the cancel took`);
      assert.match(metrics, /^Local code graph: PARTIAL, no graph yet$/m);
      assert.equal(graphFiles(metrics), undefined, 'no graph reported for the cancelled run');

      // A graph tool says the index is pending and names the step that resumes it.
      const search = await client.callTool({ name: 'search_codebase', arguments: { query: 'model' } });
      assert.equal(metaOf(search).empty_reason, 'index_pending');
      assert.match(textOf(search), /call init_workspace again to resume/);

      // The work stopped and is resumed, not redone: the next calls parse what the cancelled one had not.
      const answers = await indexWhole(client, root);
      assert.equal(
        answers.reduce((n, text) => n + parsedIn(text), 0),
        total,
        'the calls after the cancel parse every file once, the cancelled run’s included',
      );
      const after = textOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
      assert.equal(graphFiles(after), total, after);
      assert.doesNotMatch(after, /cancelled/);
    } finally {
      await close();
    }
  },
);

test('a cancelled re-index leaves the last complete graph in place, and says it was cancelled', { skip, timeout: 300_000 }, async () => {
  const root = largeTree();
  // The first index covers Django less its contrib folder, which arrives before the second.
  const contrib = join(root, 'django', 'contrib');
  const held = join(root, '.held-contrib');
  renameSync(contrib, held);
  const { client, close } = await startClient({ cwd: root });
  try {
    await indexWhole(client, root);
    const before = graphFiles(textOf(await client.callTool({ name: 'get_metrics', arguments: {} })));
    assert.ok(before && before > 0);

    renameSync(held, contrib);
    const added = readdirSync(contrib, { recursive: true }).filter((f) => String(f).endsWith('.py')).length;
    const abort = new AbortController();
    const outcome = await client
      .callTool(
        { name: 'init_workspace', arguments: { workspace_path: root } },
        { signal: abort.signal, timeout: 280_000, onprogress: (p) => (p.progress >= 5 ? abort.abort('test: cancelled') : undefined) },
      )
      .then(
        () => 'answered',
        () => 'cancelled',
      );
    assert.equal(outcome, 'cancelled');

    const metrics = textOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.equal(graphFiles(metrics), before, `the graph is the first call's, not the cancelled one's part (${added} files were added)`);
    assert.match(metrics, /^The index is the last complete call's: the last init_workspace was cancelled after parsing \d+ of \d+ file\(s\)/m);
    assert.deepEqual(
      metaOf(await client.callTool({ name: 'get_metrics', arguments: {} })).next_steps?.map((s: { tool: string }) => s.tool),
      ['init_workspace'],
    );
  } finally {
    await close();
  }
});

for (const era of ['legacy', 'modern'] as ClientEra[]) {
  test(`init_workspace sends notifications/progress for a progressToken on a large tree (${era} era)`, { skip, timeout: 300_000 }, async () => {
    const root = largeTree();
    const { client, close } = await startClient({ cwd: root, era });
    try {
      const progress: Array<{ progress: number; total?: number; message?: string }> = [];
      const result = await client.callTool(
        { name: 'init_workspace', arguments: { workspace_path: root } },
        { timeout: 280_000, onprogress: (p) => progress.push({ progress: p.progress, total: p.total, message: p.message }) },
      );
      assert.equal(result.isError, undefined, textOf(result));
      const parsed = parsedIn(textOf(result));
      assert.ok(progress.length >= 2, `${progress.length} notifications/progress`);
      progress.forEach((p, i) => {
        assert.deepEqual(p, { progress: p.progress, total: p.total, message: `parsed ${p.progress} of ${p.total} files` });
        assert.ok(p.progress <= parsed && p.total! >= parsed, `${p.progress} of ${p.total}, ${parsed} parsed`);
        assert.ok(i === 0 || p.progress > progress[i - 1]!.progress, 'progress rises');
      });
    } finally {
      await close();
    }
  });
}
