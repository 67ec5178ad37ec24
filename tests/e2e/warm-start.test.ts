// The warm-start cache (READING-NOTES "A warm start is not a persisted index"): the built CLI
// and server, a real cache directory under a temp XDG_CACHE_HOME, and after every scenario
// the graph (`metabob-mcp index --graph`, docs/graph-format.md) byte-identical to a cold index
// of the same tree taken with METABOB_CACHE=off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, cleanEnv, startClient } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/graph', import.meta.url));
/** A string only a source file holds: the cache must never contain it. */
const SECRET = 'warm-start-canary-7f3a9c';

/** A workspace of three fixture trees (TypeScript, Python, CommonJS) with cross-file calls, plus one file holding SECRET. */
function workspace(): string {
  const root = tempDir('warm-ws-');
  for (const name of ['ts-esm', 'py-pkg', 'cjs']) cpSync(join(FIXTURES, name), join(root, name), { recursive: true });
  writeFileSync(join(root, 'cjs', 'secret.js'), `const token = '${SECRET}';\nfunction useToken() { return connect(token); }\nmodule.exports = { useToken };\n`);
  return root;
}

interface IndexRun {
  fromCache: number;
  files: number;
  graph: string;
}

function indexArgs(root: string, out: string): string[] {
  return [CLI, 'index', root, '--json', '--graph', out];
}

function readRun(stdout: string, out: string): IndexRun {
  const stats = JSON.parse(stdout);
  return { fromCache: stats.timing.from_cache, files: stats.files, graph: readFileSync(out, 'utf8') };
}

function runIndex(root: string, cacheHome: string, env: Record<string, string> = {}): IndexRun {
  const out = join(tempDir('warm-graph-'), 'graph.jsonl');
  const run = spawnSync(process.execPath, indexArgs(root, out), { encoding: 'utf8', env: cleanEnv({ XDG_CACHE_HOME: cacheHome, ...env }) });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '', 'a plain index prints nothing to stderr');
  return readRun(run.stdout, out);
}

/** The graph a cold full index builds of the tree as it is now. */
function coldGraph(root: string): string {
  const run = runIndex(root, tempDir('warm-cold-cache-'), { METABOB_CACHE: 'off' });
  assert.equal(run.fromCache, 0);
  return run.graph;
}

function cacheFiles(cacheHome: string): string[] {
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
}

function theCacheFile(cacheHome: string): string {
  const files = cacheFiles(cacheHome);
  assert.equal(files.length, 1, `one cache file per workspace: ${files.join(', ')}`);
  return files[0];
}

/** Cold, then warm: the warm run takes every file from the cache. */
function warmed(root: string, cacheHome: string): IndexRun {
  const first = runIndex(root, cacheHome);
  assert.equal(first.fromCache, 0);
  const second = runIndex(root, cacheHome);
  assert.equal(second.fromCache, second.files);
  assert.equal(second.graph, first.graph);
  return second;
}

test('round trip: a restart takes every file from the cache and builds the cold graph; the cache is 0600 in 0700 and holds no file content', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  assert.ok(warm.files >= 10, `a workspace of several files (${warm.files})`);
  assert.equal(warm.graph, coldGraph(root));
  const file = theCacheFile(cacheHome);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(join(cacheHome, 'metabob-mcp')).mode & 0o777, 0o700);
  assert.equal(statSync(join(cacheHome, 'metabob-mcp', 'extractions')).mode & 0o777, 0o700);
  const text = readFileSync(file, 'utf8');
  assert.ok(!text.includes(SECRET), 'no string literal of a source file is stored');
  assert.ok(text.includes('"useToken"'), 'definitions are stored by name');
});

test('one file edited: only it is re-extracted, and ids that moved are what a cold index gives', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  // Lines inserted above db.js's functions move their ids, which app.js's calls point at.
  const db = join(root, 'cjs', 'lib', 'db.js');
  writeFileSync(db, `// moved down\n\nfunction extra() { return 1; }\n${readFileSync(db, 'utf8')}`);
  const edited = runIndex(root, cacheHome);
  assert.equal(edited.fromCache, warm.files - 1);
  assert.notEqual(edited.graph, warm.graph);
  assert.equal(edited.graph, coldGraph(root));
  assert.equal(runIndex(root, cacheHome).fromCache, warm.files, 'the edit is cached for the next start');
});

test('a file deleted: the graph loses it as a cold index does, and its entry is pruned from the cache', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  unlinkSync(join(root, 'cjs', 'lib', 'factory.js'));
  const after = runIndex(root, cacheHome);
  assert.equal(after.files, warm.files - 1);
  assert.equal(after.fromCache, warm.files - 1);
  assert.equal(after.graph, coldGraph(root));
  assert.ok(!readFileSync(theCacheFile(cacheHome), 'utf8').includes('"cjs/lib/factory.js"'));
});

test('a file renamed: the new path is extracted, the old one dropped, the graph is the cold one', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  renameSync(join(root, 'cjs', 'lib', 'factory.js'), join(root, 'cjs', 'lib', 'maker.js'));
  const after = runIndex(root, cacheHome);
  assert.equal(after.files, warm.files);
  assert.equal(after.fromCache, warm.files - 1);
  assert.equal(after.graph, coldGraph(root));
  const text = readFileSync(theCacheFile(cacheHome), 'utf8');
  assert.ok(text.includes('"cjs/lib/maker.js"') && !text.includes('"cjs/lib/factory.js"'));
});

test('another extractor version: the cache is not used and the index is cold', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  const file = theCacheFile(cacheHome);
  const text = readFileSync(file, 'utf8');
  const newline = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, newline));
  writeFileSync(file, `${JSON.stringify({ ...header, version: 'an-older-extractor' })}${text.slice(newline)}`, { mode: 0o600 });
  const after = runIndex(root, cacheHome);
  assert.equal(after.fromCache, 0);
  assert.equal(after.graph, warm.graph);
  assert.equal(runIndex(root, cacheHome).fromCache, warm.files, 'rewritten under this version');
});

test('a corrupt cache file (truncated, a flipped byte, not JSON, valid JSON of the wrong shape) means a cold index, never a failure', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  const file = theCacheFile(cacheHome);
  const good = readFileSync(file);
  const newline = good.indexOf(0x0a);
  const flipped = Buffer.from(good);
  flipped[newline + 40] ^= 0x01;
  const header = JSON.parse(good.subarray(0, newline).toString('utf8'));
  const wrongBody = Buffer.from(JSON.stringify(new Array(header.entries).fill({ file: 'x.js' })));
  const wrongShape = Buffer.concat([
    Buffer.from(`${JSON.stringify({ ...header, bodyBytes: wrongBody.length, bodySha256: createHash('sha256').update(wrongBody).digest('hex') })}\n`),
    wrongBody,
  ]);
  for (const [label, bytes] of [
    ['truncated', good.subarray(0, Math.floor(good.length / 2))],
    ['a flipped byte', flipped],
    ['not JSON', Buffer.from('\u0000garbage\nmore garbage')],
    ['the wrong shape', wrongShape],
  ] as const) {
    writeFileSync(file, bytes, { mode: 0o600 });
    const after = runIndex(root, cacheHome);
    assert.equal(after.fromCache, 0, label);
    assert.equal(after.graph, warm.graph, label);
  }
});

test('two processes indexing one workspace at once both build the cold graph, and leave one whole cache file', async () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const cold = coldGraph(root);
  const runTwo = () =>
    Promise.all(
      [0, 1].map(
        () =>
          new Promise<IndexRun>((resolve, reject) => {
            const out = join(tempDir('warm-graph-'), 'graph.jsonl');
            const child = spawn(process.execPath, indexArgs(root, out), { env: cleanEnv({ XDG_CACHE_HOME: cacheHome }) });
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
            child.on('error', reject);
            child.on('close', (code) => (code === 0 ? resolve(readRun(stdout, out)) : reject(new Error(`index exited ${code}: ${stderr}`))));
          }),
      ),
    );
  for (const run of await runTwo()) assert.equal(run.graph, cold);
  // Both warm now, and both rewriting nothing or the same entries.
  for (const run of await runTwo()) {
    assert.equal(run.graph, cold);
    assert.equal(run.fromCache, run.files);
  }
  theCacheFile(cacheHome);
  assert.deepEqual(
    cacheFiles(cacheHome).filter((f) => f.endsWith('.tmp')),
    [],
    'no temp file left',
  );
});

test('an unusable cache directory (group-writable) is not read or written: the index is cold and still succeeds', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const warm = warmed(root, cacheHome);
  chmodSync(join(cacheHome, 'metabob-mcp'), 0o770);
  const after = runIndex(root, cacheHome);
  assert.equal(after.fromCache, 0);
  assert.equal(after.graph, warm.graph);
});

test('METABOB_CACHE=off writes no cache', () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  runIndex(root, cacheHome, { METABOB_CACHE: 'off' });
  // Under Node 22+ the bin's start-up code may sit beside it (compile-cache/); no extraction does.
  assert.equal(existsSync(join(cacheHome, 'metabob-mcp', 'extractions')), false);
});

test('init_workspace says how many files came from the cache, cold and after a restart', async () => {
  const root = workspace();
  const cacheHome = tempDir('warm-cache-');
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  const initText = async (): Promise<string> => {
    const { client, close } = await startClient({ cwd: root, env: { XDG_CACHE_HOME: cacheHome } });
    try {
      const result = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } });
      return (result.content as Array<{ text: string }>)[0].text;
    } finally {
      await close();
    }
  };
  const cold = await initText();
  const files = Number(/^Indexed .*: (\d+) files parsed in/m.exec(cold)?.[1]);
  assert.ok(files > 0, cold);
  assert.match(
    cold,
    new RegExp(
      `^Extraction cache: 0 of ${files} file\\(s\\) came from it \\(${dir}\\), none: cache_cold\\(no cache for this workspace yet\\); ${files} extracted; the graph was resolved whole, as a cold index resolves it\\.$`,
      'm',
    ),
  );
  const warm = await initText();
  assert.match(warm, new RegExp(`^Indexed ${root}: ${files} files in \\d+\\.\\d\\d s, 0 parsed and ${files} from the extraction cache\\.$`, 'm'));
  assert.match(
    warm,
    new RegExp(`^Extraction cache: ${files} of ${files} file\\(s\\) came from it \\(${dir}\\); 0 extracted; the graph was resolved whole`, 'm'),
  );
});

test('doctor reports the cache directory and whether init_workspace uses it, writing nothing', () => {
  const doctor = (env: Record<string, string>) => {
    const run = spawnSync(process.execPath, [CLI, 'doctor', '--json'], { encoding: 'utf8', env: cleanEnv(env), cwd: tempDir('warm-doctor-') });
    return (JSON.parse(run.stdout).checks as Array<{ id: string; status: string; detail: string; data: { dir: string; used: boolean } }>).find(
      (c) => c.id === 'index_cache',
    )!;
  };
  const fresh = tempDir('warm-cache-');
  const dir = join(fresh, 'metabob-mcp', 'extractions');
  const none = doctor({ XDG_CACHE_HOME: fresh });
  assert.deepEqual([none.status, none.detail, none.data.used], ['ok', `used: ${dir}, not created yet (the first init_workspace creates it, 0700)`, true]);
  assert.equal(existsSync(dir), false, 'doctor creates no index cache');

  runIndex(workspace(), fresh);
  const used = doctor({ XDG_CACHE_HOME: fresh });
  assert.equal(used.status, 'ok');
  assert.match(used.detail, new RegExp(`^used: ${dir}, 1 workspace\\(s\\), \\d+\\.\\d MB$`));

  const off = doctor({ XDG_CACHE_HOME: fresh, METABOB_CACHE: 'off' });
  assert.deepEqual([off.status, off.detail, off.data.used], ['ok', 'off (METABOB_CACHE=off): every init_workspace indexes cold', false]);

  chmodSync(join(fresh, 'metabob-mcp'), 0o770);
  const open = doctor({ XDG_CACHE_HOME: fresh });
  assert.equal(open.status, 'warn');
  assert.equal(open.detail, `not used: ${join(fresh, 'metabob-mcp')} is mode 770, group or others can reach it; every init_workspace indexes cold`);
});
