// SPEC §init_workspace behaviour 1: a parse that runs out of its budget leaves the rest for the
// next call, which resumes and says so; files not parsed yet are named as a gap, not as absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { LocalIndex } from '../../core/index/local-index.ts';
import { describeIndexRun } from '../../core/index/index-report.ts';
import { indexGaps } from '../../core/tools/index-access.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/graph/py-pkg', import.meta.url));

test('an exhausted budget leaves files pending; the next call resumes them and says so', async () => {
  const index = new LocalIndex(FIXTURE);
  const starved = await index.run({ budgetMs: 0 });
  assert.ok(starved.ok);
  assert.deepEqual([starved.report.parsed, starved.report.pending, starved.report.resumedFrom], [0, 5, 0]);
  assert.equal(index.graph!.componentsByFile.size, 0);
  const lines = describeIndexRun(index, starved.report);
  assert.equal(lines.at(-1), 'Budget: the 20 s budget ran out with 5 file(s) not parsed; they are not in the graph yet. Call init_workspace again to resume.');
  assert.equal(indexGaps(index).line, 'Index gaps: 5 file(s) are not parsed yet (the 20 s budget ran out; init_workspace resumes).');

  const resumed = await index.run({});
  assert.ok(resumed.ok);
  assert.deepEqual([resumed.report.parsed, resumed.report.pending, resumed.report.resumedFrom], [5, 0, 5]);
  assert.ok(describeIndexRun(index, resumed.report).includes("Resumed: this call finished 5 file(s) a previous call's 20 s budget had left."));
  assert.equal(index.graph!.componentsByFile.size, 5);
  assert.equal(index.skipped().pending.length, 0);
});

test('progress counts the files the run parses: not those kept, and a run the budget stops ends at what it parsed', async () => {
  const { tempDir, writeFiles } = await import('../helpers/git.ts');
  const { extractFiles } = await import('../../core/index/extract/extract-files.ts');
  const { utimesSync, writeFileSync } = await import('node:fs');
  const root = tempDir('graph-progress-');
  writeFiles(root, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`src/f${i}.ts`, `export function f${i}() { return ${i}; }\n`])));
  const index = new LocalIndex(root);
  const seen: Array<[number, number]> = [];
  const onProgress = (done: number, total: number) => seen.push([done, total]);
  // A run stopped after four files (as the budget or a cancel stops it): the last notification's total is what it parsed.
  let parsed = 0;
  const budget = new AbortController();
  const stopped = await index.run({
    onProgress,
    extract: (r, files, o) =>
      extractFiles(r, files, {
        ...o,
        workers: 0,
        signal: budget.signal,
        onFileDone: (file, result) => {
          o.onFileDone?.(file, result);
          if (++parsed === 4) budget.abort();
        },
      }),
  });
  assert.ok(stopped.ok);
  assert.equal(stopped.report.pending, 2);
  assert.deepEqual(seen, [
    [1, 6],
    [2, 6],
    [3, 6],
    [4, 6],
    [4, 4],
  ]);
  // The next call parses the two left and one file edited since: three, whatever the scan counts.
  seen.length = 0;
  writeFileSync(`${root}/src/f0.ts`, 'export function f0() { return 10; }\n');
  utimesSync(`${root}/src/f0.ts`, new Date(), new Date(Date.now() + 5000));
  const resumed = await index.run({ onProgress, extract: (r, files, o) => extractFiles(r, files, { ...o, workers: 0 }) });
  assert.ok(resumed.ok);
  assert.deepEqual(seen, [
    [1, 3],
    [2, 3],
    [3, 3],
  ]);
});

test('the scan keeps included extensions outside excluded and dot-directories, and names files over the 1 MB size bound', async () => {
  const { tempDir, writeFiles } = await import('../helpers/git.ts');
  const root = tempDir('graph-scan-');
  writeFiles(root, {
    'src/a.ts': 'export function a(): number {\n  return 1;\n}\n',
    'src/big.py': '# a hand-written comment line\n'.repeat(40_000),
    'node_modules/dep/index.js': 'function dep() {}\n',
    '.hidden/secret.ts': 'export function s() {}\n',
    'build/out.js': 'function out() {}\n',
    'notes.md': '# not code\n',
    'lib/tool.go': 'package lib\n',
  });
  const index = new LocalIndex(root);
  const result = await index.run({});
  assert.ok(result.ok);
  assert.deepEqual([...index.graph!.componentsByFile.keys()], ['src/a.ts']);
  assert.deepEqual(result.report.tooLarge, ['src/big.py']);
  assert.equal(indexGaps(index).line, 'Index gaps: 1 file(s) over the 1 MB size bound were skipped.');
  const withGo = await index.run({ include: ['.go', 'ts'], exclude: ['build'] });
  assert.ok(withGo.ok);
  assert.deepEqual([...index.graph!.componentsByFile.keys()].sort(), ['lib/tool.go', 'src/a.ts']);
});

test('the scan leaves the file cap to its caller: every file, in path order', async () => {
  const { tempDir } = await import('../helpers/git.ts');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { scanWorkspace, normalizeExtensions, DEFAULT_EXCLUDE } = await import('../../core/index/scan-workspace.ts');
  const root = tempDir('graph-cap-');
  mkdirSync(`${root}/src`);
  for (let i = 0; i < 2003; i++) writeFileSync(`${root}/src/f${String(i).padStart(4, '0')}.ts`, '');
  const scan = scanWorkspace(root, normalizeExtensions(undefined), DEFAULT_EXCLUDE);
  assert.equal(scan.files.length, 2003);
  assert.equal(scan.files.at(-1)!.file, 'src/f2002.ts');
});
