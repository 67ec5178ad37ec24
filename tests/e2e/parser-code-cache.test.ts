// The parser code cache (core/index/extract/parser-code-cache.ts): the build's optimized code
// for web-tree-sitter and every grammar is what the bin parses with; a cache that does not fit
// (damaged, another V8, refused by V8) costs only the compile: the same graph, the reason named
// in the debug log and by doctor, no crash; and a launch under a V8 with no cache has one
// written in the background for the next launch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { CLI, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

const DIST = dirname(CLI);
const REPO = dirname(DIST);
const ALL = ['.ts', '.tsx', '.js', '.py', '.go', '.java', '.rs'];
/** Where this Node's cache lives inside a dist/parser-cache. */
const V8 = process.versions.v8;

/** One small file per grammar. */
function workspace(): string {
  const dir = tempDir('parser-cache-ws-');
  const files: Record<string, string> = {
    'a.ts': 'export function a() { return 1; }\n',
    'b.tsx': 'export const B = () => <div/>;\n',
    'c.js': 'function c() {}\nc();\n',
    'd.py': 'def d():\n    pass\n\nd()\n',
    'e.go': 'package main\n\nfunc main() {}\n',
    'F.java': 'class F { void g() {} }\n',
    'h.rs': 'fn h() {}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function run(cli: string, args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, METABOB_LOG_LEVEL: 'debug' } });
  assert.equal(result.status, 0, result.stderr);
  return result;
}

const cacheLines = (stderr: string) => stderr.split('\n').filter((l) => l.includes('parser code cache'));
/** The modules each cache line says were loaded, sorted; a line of another kind stays as undefined, so it fails an exact match. */
const loadedModules = (lines: string[]) => lines.map((l) => /parser code cache: (\S+) loaded$/.exec(l)?.[1]).sort();

/** A copy of dist/ whose cache `spoil` may change; node_modules resolves through a link. */
function distCopy(spoil: (cacheDir: string) => void): string {
  const root = tempDir('parser-cache-dist-');
  cpSync(DIST, join(root, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  spoil(join(root, 'dist', 'parser-cache', V8));
  return join(root, 'dist', 'cli.js');
}

function graphOf(cli: string, dir: string): { graph: string; log: string[] } {
  const out = join(tempDir('parser-cache-graph-'), 'graph.jsonl');
  const result = run(cli, ['index', dir, '--graph', out]);
  return { graph: readFileSync(out, 'utf8'), log: cacheLines(result.stderr) };
}

test('the bin parses every grammar with the shipped cache of optimized code', () => {
  const dir = workspace();
  const result = run(CLI, ['call', 'init_workspace', JSON.stringify({ workspace_path: dir, include: ALL })]);
  assert.match(result.stdout, /7 files parsed/);
  assert.match(result.stdout, /Parse failures: 0\./);
  const loaded = loadedModules(cacheLines(result.stderr));
  assert.deepEqual(loaded, [
    'tree-sitter-go',
    'tree-sitter-java',
    'tree-sitter-javascript',
    'tree-sitter-python',
    'tree-sitter-rust',
    'tree-sitter-tsx',
    'tree-sitter-typescript',
    'web-tree-sitter',
  ]);
});

test('the stdio server parses with the cache too (its start path is dist/serve.cjs)', async () => {
  const dir = workspace();
  const { client, close, stderr } = await startClient({ cwd: dir, env: { METABOB_LOG_LEVEL: 'debug', METABOB_LOOPBACK: 'off' } });
  try {
    const result = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: dir } });
    assert.match(textOf(result), /4 files/);
  } finally {
    await close();
  }
  const loaded = loadedModules(cacheLines(stderr.join('\n')));
  assert.deepEqual(loaded, ['tree-sitter-javascript', 'tree-sitter-python', 'tree-sitter-tsx', 'tree-sitter-typescript', 'web-tree-sitter']);
});

test('a cache that does not fit is skipped with its reason, and the graph is the same', () => {
  const dir = workspace();
  const intact = graphOf(CLI, dir);
  assert.ok(intact.graph.includes('"d.py::function::d::1"'), intact.graph);
  const manifestOf = (cache: string) => JSON.parse(readFileSync(join(cache, 'manifest.json'), 'utf8'));

  const cases: Array<{ reason: RegExp; spoil: (cache: string) => void }> = [
    {
      reason: /not used \(tree-sitter-python\.bin is damaged\)/,
      spoil: (cache) => {
        const file = join(cache, 'tree-sitter-python.bin');
        const bytes = readFileSync(file);
        bytes[bytes.length >> 1] ^= 0xff;
        writeFileSync(file, bytes);
      },
    },
    {
      reason: /not used \(made by V8 0\.0\.0-test, this is /,
      spoil: (cache) => {
        const manifest = manifestOf(cache);
        writeFileSync(join(cache, 'manifest.json'), JSON.stringify({ ...manifest, v8: '0.0.0-test' }));
      },
    },
    {
      // A header V8 does not accept (its version stamp changed), with the checksum made to
      // match: V8 itself must refuse it.
      reason: /not used \(V8 refused web-tree-sitter\.bin/,
      spoil: (cache) => {
        const file = join(cache, 'web-tree-sitter.bin');
        const bytes = readFileSync(file);
        bytes[4] ^= 0xff;
        writeFileSync(file, bytes);
        const manifest = manifestOf(cache);
        manifest.entries['web-tree-sitter'].code = createHash('sha256').update(bytes).digest('hex');
        writeFileSync(join(cache, 'manifest.json'), JSON.stringify(manifest));
      },
    },
  ];
  for (const { reason, spoil } of cases) {
    const cli = distCopy(spoil);
    const spoilt = graphOf(cli, dir);
    assert.equal(spoilt.graph, intact.graph);
    assert.ok(
      spoilt.log.some((l) => reason.test(l)),
      spoilt.log.join('\n'),
    );
    // doctor says so too, as a note on a passing check: the parser works, a cold index is slower.
    const doctor = spawnSync(process.execPath, [cli, 'doctor', '--json'], { encoding: 'utf8', env: { ...process.env, HOME: tempDir('parser-cache-home-') } });
    const parser = JSON.parse(doctor.stdout).checks.find((c: { id: string }) => c.id === 'parser');
    assert.equal(parser.status, 'ok');
    assert.equal(parser.data.parserCode, 'compiled');
    assert.match(parser.detail, /; parser code: compiled here \(no optimized code from dist\/parser-cache: /);
    assert.ok(reason.test(`not used (${parser.data.parserCodeNotUsed})`), parser.detail);
  }
});

test('a launch under a V8 with no cache writes one in the background, and the next launch parses with it', async () => {
  const dir = workspace();
  const intact = graphOf(CLI, dir);
  // This Node's cache moved aside, as if the package had been built under another Node.
  const cli = distCopy((cache) => renameSync(cache, `${cache}-elsewhere`));
  const cache = join(dirname(cli), 'parser-cache', V8);
  const first = graphOf(cli, dir);
  assert.equal(first.graph, intact.graph);
  assert.ok(
    first.log.some((l) => l.includes(`not used (none for V8 ${V8} yet; being written in the background for the next launch)`)),
    first.log.join('\n'),
  );
  // The maker compiles every module with the optimizing compiler: a few seconds, at low priority.
  for (let i = 0; i < 600 && !existsSync(join(cache, 'manifest.json')); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(existsSync(join(cache, 'manifest.json')), 'the background rebuild wrote no cache within 60 s');
  const second = graphOf(cli, dir);
  assert.equal(second.graph, intact.graph);
  assert.deepEqual(loadedModules(second.log), ['tree-sitter-javascript', 'tree-sitter-python', 'tree-sitter-tsx', 'tree-sitter-typescript', 'web-tree-sitter']);
});
