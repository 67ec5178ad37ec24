// A workspace large enough for a second lane (over BYTES_PER_WORKER), indexed by the built server
// over stdio: the server start's bundle (dist/serve.cjs) finds and starts dist/index-worker.js, a
// worker per lane, the main thread parses nothing (it must keep answering), and the graph is the
// one a single-threaded index builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClient, textOf } from '../helpers/client.ts';
import { LocalIndex } from '../../core/index/local-index.ts';
import { BYTES_PER_WORKER, extractFiles, standbyWorkerCount } from '../../core/index/extract/index.ts';

const FILES = 45;

/** About 30 KB of Python per file: functions calling their neighbours, across files through imports. */
function pythonModule(i: number): string {
  const lines = [`from pkg.mod${(i + 1) % FILES} import entry${(i + 1) % FILES}`, ''];
  for (let f = 0; f < 170; f++) {
    lines.push(`def fn${i}_${f}(value):`, `    """Step ${f} of module ${i}, padded so the workspace passes the worker threshold."""`);
    lines.push(`    total = value + ${f}`, f > 0 ? `    return fn${i}_${f - 1}(total)` : `    return entry${(i + 1) % FILES}(total)`, '');
  }
  lines.push(`def entry${i}(value):`, `    return fn${i}_169(value)`, '');
  return lines.join('\n');
}

test('a workspace over 1 MB is indexed by a worker per lane, none in this thread, into the single-threaded graph', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'index-pool-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'pkg'));
  writeFileSync(join(root, 'pkg/__init__.py'), '');
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const text = pythonModule(i);
    bytes += text.length;
    writeFileSync(join(root, `pkg/mod${i}.py`), text);
  }
  assert.ok(bytes > BYTES_PER_WORKER, `${bytes} bytes`);

  const stderr: string[] = [];
  const { client, close } = await startClient({ cwd: root, env: { METABOB_LOG_LEVEL: 'debug' }, stderr });
  let answer: string;
  try {
    answer = textOf(await client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }));
  } finally {
    await close();
  }

  // One lane per core and per MB of source beyond the first, each a worker (one lane: this thread alone, in slices).
  const lanes = Math.min(availableParallelism(), 4, 1 + Math.floor(bytes / BYTES_PER_WORKER));
  const workers = lanes > 1 ? lanes : 0;
  const extractLine = stderr.find((line) => line.includes('extract: '));
  assert.match(
    extractLine ?? '',
    new RegExp(`extract: ${FILES + 1} of ${FILES + 1} files in \\d+ ms, ${workers} workers \\(0 failed\\) and 0 files in the main thread`),
  );

  const single = new LocalIndex(root);
  const run = await single.run({ extract: (r, files, options) => extractFiles(r, files, { ...options, workers: 0 }) });
  assert.ok(run.ok);
  const graph = single.graph!;
  const calls = graph.edges.filter((e) => e.type === 'calls').length;
  assert.ok(calls >= FILES * 170, `${calls} calls edges`);
  assert.match(answer, new RegExp(`^Graph: ${graph.nodes.size} nodes .*; ${graph.edges.length} edges \\(calls ${calls},`, 'm'));
  assert.match(answer, /^Parse failures: 0\.$/m);
});

test('a first index that finds nothing to extract ends the workers it started ahead of its scan', async (t) => {
  // An empty workspace: the run starts its workers before the scan, then has no file for them;
  // left waiting they held a CLI `index` open until their standby ran out.
  const root = mkdtempSync(join(tmpdir(), 'index-pool-empty-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const index = new LocalIndex(root);
  const result = await index.run({ budgetMs: Number.POSITIVE_INFINITY });
  assert.ok(result.ok);
  assert.equal(index.graph!.nodes.size, 0);
  assert.equal(standbyWorkerCount(), 0);
});
