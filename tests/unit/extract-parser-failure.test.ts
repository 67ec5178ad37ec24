// METABOB_FAKE_PARSER_FAILURE=<module> makes loading that module fail, so the
// `local_index_unavailable(<module>: <reason>)` path can be exercised end to end. A failure
// rejects extractFiles with a typed { module, reason } (ParserLoadError), in this thread and
// from the pool's workers alike; a grammar that is not needed is never loaded, so its failure
// does not touch files of other languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFiles, ParserLoadError } from '../../core/index/extract/index.ts';

const REASON = 'simulated load failure (METABOB_FAKE_PARSER_FAILURE)';

function workspace(t: { after: (fn: () => void) => void }, count: number): { root: string; py: string[]; ts: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'extract-fail-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const py: string[] = [];
  const ts: string[] = [];
  for (let i = 0; i < count; i++) {
    writeFileSync(join(root, `m${i}.py`), `def f${i}():\n    pass\n`);
    writeFileSync(join(root, `m${i}.ts`), `export function f${i}() {}\n`);
    py.push(`m${i}.py`);
    ts.push(`m${i}.ts`);
  }
  return { root, py, ts };
}

async function rejection(promise: Promise<unknown>): Promise<ParserLoadError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ParserLoadError, `expected ParserLoadError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected extractFiles to reject');
}

test('a failing grammar rejects in this thread with { module, reason }; other languages still extract', async (t) => {
  const { root, py, ts } = workspace(t, 2);
  process.env.METABOB_FAKE_PARSER_FAILURE = 'tree-sitter-python';
  t.after(() => delete process.env.METABOB_FAKE_PARSER_FAILURE);

  const err = await rejection(extractFiles(root, py, { workers: 0 }));
  assert.equal(err.module, 'tree-sitter-python');
  assert.equal(err.reason, REASON);
  assert.equal(err.message, `local_index_unavailable(tree-sitter-python: ${REASON})`);

  const typescript = await extractFiles(root, ts, { workers: 0 });
  assert.deepStrictEqual(
    typescript.map((r) => [r.file, r.definitions.map((d) => d.name), r.error]),
    [
      ['m0.ts', ['f0'], undefined],
      ['m1.ts', ['f1'], undefined],
    ],
  );
});

test('a failing parser runtime rejects from the worker pool with { module, reason }', async (t) => {
  // This thread loaded the runtime in the test above, so it does not stand in for booting
  // workers here: the failure must come from the workers, started with the switch set.
  const { root, ts } = workspace(t, 25);
  process.env.METABOB_FAKE_PARSER_FAILURE = 'web-tree-sitter';
  t.after(() => delete process.env.METABOB_FAKE_PARSER_FAILURE);
  const err = await rejection(extractFiles(root, ts, { workers: 2, mainThreadLane: false }));
  assert.deepStrictEqual({ module: err.module, reason: err.reason }, { module: 'web-tree-sitter', reason: REASON });
});

test('a failing parser runtime rejects in a fresh process that extracts in its own thread', (t) => {
  const { root } = workspace(t, 1);
  const script = `
    const { extractFiles } = await import(${JSON.stringify(new URL('../../core/index/extract/index.ts', import.meta.url).href)});
    try { await extractFiles(${JSON.stringify(root)}, ['m0.ts'], { workers: 0 }); console.log('resolved'); }
    catch (err) { console.log(JSON.stringify({ name: err.name, module: err.module, reason: err.reason, message: err.message })); }
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, METABOB_FAKE_PARSER_FAILURE: 'web-tree-sitter' },
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
  });
  assert.equal(run.status, 0, run.stderr);
  assert.deepStrictEqual(JSON.parse(run.stdout.trim()), {
    name: 'ParserLoadError',
    module: 'web-tree-sitter',
    reason: REASON,
    message: `local_index_unavailable(web-tree-sitter: ${REASON})`,
  });
});
