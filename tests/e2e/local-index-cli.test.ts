// `metabob-mcp index`: statistics, --json, --graph in the documented JSON-lines
// format (docs/graph-format.md), and a progress line only when stderr is a terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/graph/cjs', import.meta.url));
// These runs are about a cold index (progress, V8 tiering): the warm-start cache stays off and unwritten (tests/e2e/warm-start.test.ts has it).
const COLD = { ...process.env, METABOB_CACHE: 'off' };

test('index --graph writes every node and edge as one JSON line; piped stderr gets no progress line', () => {
  const out = join(tempDir('index-cli-'), 'graph.jsonl');
  const run = spawnSync(process.execPath, [CLI, 'index', FIXTURE, '--graph', out], { encoding: 'utf8', env: COLD });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  const lines = run.stdout.trim().split('\n');
  assert.match(lines[0], new RegExp(`^Indexed ${FIXTURE}: 3 files in \\d+\\.\\d\\d s \\(parse \\d+ ms, resolve \\d+ ms\\); peak memory [\\d.]+ MB RSS\\.$`));
  assert.deepEqual(lines.slice(1), [
    'Graph: 9 nodes (class 1, file 3, function 3, method 2); 12 edges (calls 4, contains 6, imports 2).',
    'Calls: 4 call sites, 100% resolved (same file 0, own class 1, base class 0, declared type 0, import 3); 0 to packages or built-ins outside the workspace; 0 unresolved (0 of them name a definition in an imported file).',
    'Imports: 3 of 3 resolved to workspace files (0 external or unresolvable); inheritance: 0 of 0 bases resolved.',
    'Parse failures: 0.',
    `Graph written to ${out} (format: docs/graph-format.md).`,
  ]);
  assert.deepEqual(
    readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l)),
    [
      { kind: 'node', id: 'app.js', type: 'file', name: 'app.js', file: 'app.js', start_line: 1, end_line: 15 },
      { kind: 'node', id: 'app.js::class::Service::5', type: 'class', name: 'Service', file: 'app.js', start_line: 5, end_line: 15 },
      { kind: 'node', id: 'app.js::method::Service.start::6', type: 'method', name: 'Service.start', file: 'app.js', start_line: 6, end_line: 9 },
      { kind: 'node', id: 'app.js::method::Service.stop::11', type: 'method', name: 'Service.stop', file: 'app.js', start_line: 11, end_line: 14 },
      { kind: 'node', id: 'lib/db.js', type: 'file', name: 'lib/db.js', file: 'lib/db.js', start_line: 1, end_line: 7 },
      { kind: 'node', id: 'lib/db.js::function::close::5', type: 'function', name: 'close', file: 'lib/db.js', start_line: 5, end_line: 7 },
      { kind: 'node', id: 'lib/db.js::function::connect::1', type: 'function', name: 'connect', file: 'lib/db.js', start_line: 1, end_line: 3 },
      { kind: 'node', id: 'lib/factory.js', type: 'file', name: 'lib/factory.js', file: 'lib/factory.js', start_line: 1, end_line: 3 },
      { kind: 'node', id: 'lib/factory.js::function::makeThing::1', type: 'function', name: 'makeThing', file: 'lib/factory.js', start_line: 1, end_line: 3 },
      { kind: 'edge', type: 'calls', from: 'app.js::method::Service.start::6', to: 'app.js::method::Service.stop::11', confidence: 1 },
      { kind: 'edge', type: 'calls', from: 'app.js::method::Service.start::6', to: 'lib/db.js::function::connect::1', confidence: 0.99 },
      { kind: 'edge', type: 'calls', from: 'app.js::method::Service.stop::11', to: 'lib/db.js::function::close::5', confidence: 0.99 },
      { kind: 'edge', type: 'calls', from: 'app.js::method::Service.stop::11', to: 'lib/factory.js::function::makeThing::1', confidence: 0.99 },
      { kind: 'edge', type: 'contains', from: 'app.js', to: 'app.js::class::Service::5', confidence: 1 },
      { kind: 'edge', type: 'contains', from: 'app.js::class::Service::5', to: 'app.js::method::Service.start::6', confidence: 1 },
      { kind: 'edge', type: 'contains', from: 'app.js::class::Service::5', to: 'app.js::method::Service.stop::11', confidence: 1 },
      { kind: 'edge', type: 'contains', from: 'lib/db.js', to: 'lib/db.js::function::close::5', confidence: 1 },
      { kind: 'edge', type: 'contains', from: 'lib/db.js', to: 'lib/db.js::function::connect::1', confidence: 1 },
      { kind: 'edge', type: 'contains', from: 'lib/factory.js', to: 'lib/factory.js::function::makeThing::1', confidence: 1 },
      { kind: 'edge', type: 'imports', from: 'app.js', to: 'lib/db.js', confidence: 1 },
      { kind: 'edge', type: 'imports', from: 'app.js', to: 'lib/factory.js', confidence: 1 },
    ],
  );
});

test('index --json prints the statistics as one object', () => {
  const run = spawnSync(process.execPath, [CLI, 'index', FIXTURE, '--json'], { encoding: 'utf8', env: COLD });
  assert.equal(run.status, 0, run.stderr);
  const stats = JSON.parse(run.stdout);
  assert.equal(stats.files, 3);
  assert.deepEqual(stats.edgesByType, { calls: 4, contains: 6, imports: 2 });
  assert.deepEqual(stats.calls.byOutcome, { same_file: 0, own_class: 1, base_class: 0, declared_type: 0, import: 3, fallback: 0, external: 0, unresolved: 0 });
  assert.deepEqual(stats.parseFailures, []);
  assert.equal(typeof stats.timing.peak_rss_mb, 'number');
});

test('on a terminal, index draws a live progress line on stderr', () => {
  // script(1) gives the process a pseudo-terminal for its stdio.
  const run = spawnSync('script', ['-qec', `${process.execPath} ${CLI} index ${FIXTURE}`, '/dev/null'], { encoding: 'utf8', env: COLD });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /\r\x1b\[2Kindexing: parsed 3 of 3 files/);
});

test('index with a path that is not a directory is a usage error', () => {
  const run = spawnSync(process.execPath, [CLI, 'index', join(FIXTURE, 'nope')], { encoding: 'utf8', env: COLD });
  assert.equal(run.status, 2);
  assert.equal(run.stderr, `metabob-mcp index: ${join(FIXTURE, 'nope')} is not a directory\n`);
});
