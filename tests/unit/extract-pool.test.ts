// extractFiles: the worker pool gives exactly what the in-thread path gives, progress is
// reported once per file, a deadline or an abort returns what was done plus what was not, and
// read / size problems are per-file errors rather than failures of the batch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFiles, IN_THREAD_BELOW, MAX_FILE_BYTES, prewarmExtraction } from '../../core/index/extract/index.ts';
import { contentHashOf } from '../../core/index/extract/content-hash.ts';
import { listFiles } from '../helpers/git.ts';

const fixtures = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));

/** A workspace with several copies of every fixture: more files than the in-thread threshold. */
function makeWorkspace(copies: number): { root: string; files: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'extract-pool-'));
  for (let i = 0; i < copies; i++) cpSync(fixtures, join(root, `copy${i}`), { recursive: true });
  return { root, files: listFiles(root) };
}

test('the worker pool gives results identical to the in-thread path, in the order asked', async (t) => {
  const { root, files } = makeWorkspace(4);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  assert.ok(files.length >= IN_THREAD_BELOW, `${files.length} files must exceed the in-thread threshold`);

  const inThread = await extractFiles(root, files, { workers: 0 });
  const progress: string[] = [];
  const pooled = await extractFiles(root, files, { workers: 2, mainThreadLane: true, onFileDone: (file) => progress.push(file) });
  const byDefault = await extractFiles(root, files);

  assert.deepStrictEqual(
    pooled.map((r) => r.file),
    files,
  );
  assert.deepStrictEqual([...pooled], [...inThread]);
  assert.deepStrictEqual([...byDefault], [...inThread]);
  assert.deepStrictEqual(pooled.notDone, []);
  // The pool really ran: no worker died and had its files redone in this thread, and this
  // thread's lane (asked for) and the workers each extracted files.
  assert.deepStrictEqual({ ...pooled.pool, mainThreadFiles: 0 }, { workers: 2, failed: 0, mainThreadFiles: 0 });
  assert.ok(
    pooled.pool.mainThreadFiles > 0 && pooled.pool.mainThreadFiles < files.length,
    `${pooled.pool.mainThreadFiles} of ${files.length} in the main thread`,
  );
  // By default one lane per core, every lane a worker, so this thread parses nothing and stays
  // free to answer (one core: one lane, this thread's, in slices).
  const lanes = Math.min(availableParallelism(), 4);
  const defaultWorkers = lanes > 1 ? lanes : 0;
  assert.deepStrictEqual(byDefault.pool, { workers: defaultWorkers, failed: 0, mainThreadFiles: 0 });
  assert.deepStrictEqual(inThread.pool, { workers: 0, failed: 0, mainThreadFiles: 0 });
  const workersOnly = await extractFiles(root, files, { workers: 2, mainThreadLane: false });
  assert.deepStrictEqual(workersOnly.pool, { workers: 2, failed: 0, mainThreadFiles: 0 });
  assert.deepStrictEqual([...workersOnly], [...inThread]);
  assert.deepStrictEqual(progress.slice().sort(), files.slice().sort());
  // The same fixture copied gives the same extraction under each copy's path.
  const models = inThread.filter((r) => r.file.endsWith('py/pkg/models.py'));
  assert.equal(models.length, 4);
  assert.ok(models.every((m) => JSON.stringify({ ...m, file: '' }) === JSON.stringify({ ...models[0], file: '' })));
  assert.equal(models[0]!.definitions.length, 9);
});

test('a deadline already past starts no file and lists every file as not done', async (t) => {
  const { root, files } = makeWorkspace(3);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const workers of [0, 2]) {
    const result = await extractFiles(root, files, { workers, deadline: Date.now() - 1 });
    assert.deepStrictEqual([...result], []);
    assert.deepStrictEqual(result.notDone, files);
  }
});

test('a deadline reached part way returns what was done plus the rest, with nothing lost or doubled', async (t) => {
  const { root, files } = makeWorkspace(4);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const workers of [0, 2]) {
    let deadline = Number.MAX_SAFE_INTEGER;
    let seen = 0;
    const result = await extractFiles(root, files, {
      workers,
      // Moves the deadline into the past after the fifth file.
      get deadline() {
        return deadline;
      },
      onFileDone: () => {
        if (++seen === 5) deadline = Date.now() - 1;
      },
    });
    assert.ok(result.length >= 5 && result.length < files.length, `workers=${workers}: ${result.length} done`);
    assert.deepStrictEqual([...result.map((r) => r.file), ...result.notDone].sort(), files.slice().sort());
    assert.equal(seen, result.length);
  }
});

test('an aborted signal stops the hand-out like a deadline', async (t) => {
  const { root, files } = makeWorkspace(3);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const controller = new AbortController();
  controller.abort();
  const result = await extractFiles(root, files, { workers: 2, signal: controller.signal });
  assert.deepStrictEqual([...result], []);
  assert.deepStrictEqual(result.notDone, files);
});

test('oversize, missing and unknown files are per-file errors; the rest of the batch is extracted', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'extract-errors-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'big.py'), `x = 1\n${'#'.repeat(MAX_FILE_BYTES)}\n`);
  writeFileSync(join(root, 'ok.py'), 'def f():\n    g()\n');
  writeFileSync(join(root, 'notes.txt'), 'hello');
  const result = await extractFiles(root, ['big.py', 'missing.ts', 'notes.txt', 'ok.py']);
  assert.deepStrictEqual(
    [...result],
    [
      {
        file: 'big.py',
        language: 'python',
        definitions: [],
        imports: [],
        exports: [],
        calls: [],
        heritage: [],
        error: `file_too_large(${MAX_FILE_BYTES + 7} bytes > ${MAX_FILE_BYTES} bytes)`,
      },
      {
        file: 'missing.ts',
        language: 'typescript',
        definitions: [],
        imports: [],
        exports: [],
        calls: [],
        heritage: [],
        error: `read_failed(ENOENT: ENOENT: no such file or directory, open '${join(root, 'missing.ts')}')`,
      },
      {
        file: 'notes.txt',
        language: 'javascript',
        definitions: [],
        imports: [],
        exports: [],
        calls: [],
        heritage: [],
        error: 'unsupported_language(notes.txt)',
        contentHash: contentHashOf(Buffer.from('hello')),
      },
      {
        file: 'ok.py',
        language: 'python',
        definitions: [{ kind: 'function', name: 'f', startLine: 1, endLine: 2, parent: null, exported: true }],
        imports: [],
        exports: [{ local: 'f', exported: 'f' }],
        calls: [{ callee: 'g', line: 2, enclosing: 0 }],
        heritage: [],
        contentHash: contentHashOf(Buffer.from('def f():\n    g()\n')),
      },
    ],
  );
});

test('with sizes from the scan, a worker is started per MB of source, one lane per core at most', async (t) => {
  const { root, files } = makeWorkspace(4);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const sized = (bytes: number) => new Map(files.map((f) => [f, { size: bytes }]));
  // A few hundred KB: a worker's cold start would cost more than it parses.
  const small = await extractFiles(root, files, { sizes: sized(1000) });
  assert.deepStrictEqual(small.pool, { workers: 0, failed: 0, mainThreadFiles: 0 });
  const large = await extractFiles(root, files, { sizes: sized(1024 * 1024) });
  const lanes = Math.min(availableParallelism(), 4);
  assert.equal(large.pool.workers, lanes > 1 ? lanes : 0);
  assert.equal(large.pool.mainThreadFiles, 0);
  assert.deepStrictEqual([...large], [...small]);
});

test('workers started ahead that die while waiting are dropped; the run still extracts every file', async (t) => {
  const { root, files } = makeWorkspace(4);
  t.after(() => {
    delete process.env.METABOB_FAKE_WORKER_CRASH;
    rmSync(root, { recursive: true, force: true });
  });
  process.env.METABOB_FAKE_WORKER_CRASH = '1';
  prewarmExtraction();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the standby workers start and die
  const result = await extractFiles(root, files, { workers: 1, mainThreadLane: true });
  assert.deepStrictEqual(
    result.map((r) => r.file),
    files,
  );
  assert.deepStrictEqual(result.notDone, []);
  // The worker this run started (none was left waiting) died too; this thread extracted its files.
  assert.deepStrictEqual({ workers: result.pool.workers, failed: result.pool.failed }, { workers: 1, failed: 1 });
  assert.ok(result.pool.mainThreadFiles > 0);
});

/** The niceness of each of this process's threads now (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

test(
  'workers yield the CPU to this thread by default, and keep its priority when told nothing waits for it',
  { skip: process.platform !== 'linux' },
  async (t) => {
    const { root, files } = makeWorkspace(4);
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const seen = async (yieldToServer: boolean | undefined) => {
      const niceness = new Set<number>();
      await extractFiles(root, files, { workers: 2, yieldToServer, onFileDone: () => threadNiceness().forEach((n) => niceness.add(n)) });
      return niceness;
    };
    // The server's form: its workers run below its thread (which stays at 0).
    assert.ok((await seen(undefined)).has(5), 'a worker reniced to 5 by default');
    assert.ok(!(await seen(false)).has(5), 'no worker reniced when the caller answers nothing meanwhile');
  },
);

test(
  'workers started ahead of a run yield the CPU to this thread from their start, before any file is handed to them',
  { skip: process.platform !== 'linux' },
  async (t) => {
    const { root, files } = makeWorkspace(4);
    t.after(() => rmSync(root, { recursive: true, force: true }));
    assert.ok(!threadNiceness().includes(5), 'no thread of this process is reniced yet');
    // Their parser runtime's compile runs while the server's thread scans the workspace.
    prewarmExtraction();
    let reniced = false;
    for (let waited = 0; waited < 10_000 && !reniced; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reniced = threadNiceness().includes(5);
    }
    assert.ok(reniced, 'a worker started ahead reniced itself to 5 while it waited for files');
    // The run takes the waiting workers, so none is left for another test.
    const result = await extractFiles(root, files, { workers: 2 });
    assert.deepStrictEqual(result.notDone, []);
  },
);
