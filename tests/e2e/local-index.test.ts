// The local index end to end over stdio (SPEC §init_workspace, §analyze_impact,
// §search_codebase, §assign_git_changes): a temp git repository, the built server, a real SDK
// client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { startClient, textOf, metaOf } from '../helpers/client.ts';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { capabilityProbe } from '../helpers/probe.ts';

const CONFIG = `export function parseConfig(text: string): Record<string, string> {
  return Object.fromEntries(text.split('\\n').map((line) => line.split('=')));
}
`;
const LOADER = `import { parseConfig } from './config';

export function loadConfig(path: string): Record<string, string> {
  return parseConfig(path);
}
`;
const APP = `import { loadConfig } from './loader';

export function start(): void {
  loadConfig('app.env');
}
`;
const TEST = `import { parseConfig } from '../src/config';

export function testParse(): void {
  parseConfig('a=b');
}
`;

function makeRepo(): string {
  const repo = realpathSync(tempRepo());
  commitFiles(repo, { 'src/config.ts': CONFIG, 'src/loader.ts': LOADER }, 'config and loader');
  commitFiles(repo, { 'src/config.ts': CONFIG + '\n', 'src/loader.ts': LOADER + '\n' }, 'both again');
  commitFiles(repo, { 'src/app.ts': APP, 'tests/config.test.ts': TEST }, 'app and test');
  return repo;
}

let repo: string;
test.before(() => {
  repo = makeRepo();
});

test('before init_workspace the graph tools answer no_workspace_indexed and name the call', async () => {
  const { client, close } = await startClient({ cwd: repo });
  try {
    for (const [name, args] of [
      ['analyze_impact', { changed_files: ['src/config.ts'] }],
      ['assign_git_changes', { changed_files: ['src/config.ts'] }],
      ['search_codebase', { query: 'config', target: 'components' }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, true);
      assert.equal(
        textOf(result),
        `no_workspace_indexed: ${name} needs the local code graph and init_workspace has not indexed ${repo} in this process (the index is not persisted across restarts); call init_workspace, then retry`,
      );
      const meta = metaOf(result);
      assert.equal(meta.empty_reason, 'no_workspace_indexed');
      assert.deepEqual(meta.next_steps, [{ tool: 'init_workspace', args: {}, why: `index ${repo} so ${name} can read the code graph` }]);
    }
  } finally {
    await close();
  }
});

capabilityProbe('mcp_progress', async () => {
  // A tree the worker lanes parse (past the size a call parses on the server's own thread), so
  // the files' results arrive over time and their notifications before the answer; a 4-file tree
  // parses in one slice, and a client may take progress sent with its answer as too late.
  const files = Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [`src/m${String(i).padStart(3, '0')}.ts`, `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`]),
  );
  const wide = tempRepo();
  commitFiles(wide, files, 'many modules');
  const { client, close } = await startClient({ cwd: wide });
  try {
    const progress: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool(
      { name: 'init_workspace', arguments: {} },
      {
        onprogress: (p) => progress.push({ progress: p.progress, total: p.total, message: p.message }),
      },
    );
    assert.equal(result.isError, undefined, textOf(result));
    assert.ok(progress.length >= 1, 'at least one notifications/progress');
    // Files parsed of the total, rising; the last one (120 of 120) goes out just before the
    // answer, which a client reading both at once may drop (the SDK forgets the handler first).
    progress.forEach((p, i) => {
      assert.deepEqual(p, { progress: p.progress, total: 120, message: `parsed ${p.progress} of 120 files` });
      assert.ok(p.progress >= 1 && p.progress <= 120 && (i === 0 || p.progress > progress[i - 1].progress));
    });
    assert.ok(metaOf(result).capabilities.includes('mcp_progress'));
  } finally {
    await close();
  }
});

test('init_workspace, then analyze_impact, search_codebase and assign_git_changes answer from the graph', async () => {
  const { client, close } = await startClient({ cwd: repo });
  try {
    const init = await client.callTool({
      name: 'init_workspace',
      arguments: { recently_changed_files: ['src/config.ts'] },
    });
    const initText = textOf(init);
    assert.match(initText, new RegExp(`^Indexed ${repo}: 4 files parsed in \\d+\\.\\d\\d s\\.$`, 'm'));
    assert.match(initText, /^Graph: 8 nodes \(file 4, function 4\); 10 edges \(calls 3, contains 4, imports 3\)\.$/m);
    assert.match(
      initText,
      /^Calls: 7 call sites, 42\.9% resolved \(same file 0, own class 0, base class 0, declared type 0, import 3\); 0 to packages or built-ins outside the workspace; 4 unresolved \(0 of them name a definition in an imported file\)\.$/m,
    );
    assert.match(
      initText,
      /^Co-change: the 1 recently changed file\(s\) have 1 co-change neighbour\(s\) at confidence >= 0.3 in git history \(2 of their commits in the last 3; 0 more below the threshold\); predict_cochanges lists them\.$/m,
    );
    assert.match(initText, /^No file content left this machine/m);

    const impact = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/config.ts'] } });
    const lines = textOf(impact).split('\n');
    assert.deepEqual(lines.slice(0, 10), [
      'Impact of changing src/config.ts (dependents, max depth 5):',
      'Dependents (what calls, imports or extends the changed code):',
      '  Depth 1 (4):',
      '    file      src/loader.ts  src/loader.ts:1  confidence 1.00 via imports  [src/loader.ts]',
      '    file      tests/config.test.ts  tests/config.test.ts:1  confidence 1.00 via imports  [tests/config.test.ts]',
      '    function  loadConfig  src/loader.ts:3  confidence 0.99 via calls  [src/loader.ts::function::loadConfig::3]',
      '    function  testParse  tests/config.test.ts:3  confidence 0.99 via calls  [tests/config.test.ts::function::testParse::3]',
      '  Depth 2 (2):',
      '    file      src/app.ts  src/app.ts:1  confidence 1.00 via imports  [src/app.ts]',
      '    function  start  src/app.ts:3  confidence 0.98 via calls  [src/app.ts::function::start::3]',
    ]);
    assert.equal(
      lines[10],
      "Affected: 6 component(s) in 3 file(s). Confidence is the product of edge confidences along the path; an edge's confidence is how often its kind of edge (import, declared type, base class) was right when measured on real code in its language, 1.0 only where the file itself proves it (docs/call-confidence.md); by-name guesses make no edge and are listed as possible dependents.",
    );
    assert.match(textOf(impact), /Index gaps: 4 call site\(s\) stayed unresolved\./);
    assert.match(textOf(impact), /Local store findings for the changed files: /);
    const impactMeta = metaOf(impact);
    assert.equal(impactMeta.empty_reason, undefined);
    assert.equal(impactMeta.baseline_method, 'full_file_read');

    const noTests = await client.callTool({
      name: 'analyze_impact',
      arguments: { changed_files: [`${repo}/src/config.ts`], include_tests: false, max_depth: 1 },
    });
    assert.match(textOf(noTests), /^ {2}Depth 1 \(2\):$/m);
    assert.doesNotMatch(textOf(noTests), /config\.test\.ts/);

    const forward = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/app.ts'], direction: 'forward', max_depth: 1 } });
    assert.match(textOf(forward), /^Dependencies \(what the changed code calls, imports or extends\):$/m);
    assert.match(textOf(forward), /^ {4}function {2}loadConfig {2}src\/loader\.ts:3 {2}confidence 0\.99 via calls/m);

    const leaf = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/app.ts'] } });
    assert.equal(metaOf(leaf).empty_reason, 'no_dependents');
    assert.match(textOf(leaf), /^No dependents: the files are indexed and nothing in the graph reaches them in this direction\.$/m);

    const missing = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/nope.ts'] } });
    assert.equal(metaOf(missing).empty_reason, 'not_in_index');
    assert.match(
      textOf(missing),
      /^not_in_index: src\/nope\.ts is not in the local index, so its dependents are unknown, not none: src\/nope\.ts is not in the workspace \(no such file\); check the path\.$/m,
    );
    assert.doesNotMatch(textOf(missing), /No dependents/);

    const assigned = await client.callTool({ name: 'assign_git_changes', arguments: { changed_files: ['src/config.ts'] } });
    const assignedText = textOf(assigned);
    assert.match(
      assignedText,
      /^ {2}src\/config\.ts: 1 component\(s\)\n {4}function {2}parseConfig {2}lines 1-3 {2}\[src\/config\.ts::function::parseConfig::1\]$/m,
    );
    assert.match(assignedText, /^ {2}src\/loader\.ts {2}confidence 1\.00 {2}\(2 of 2 commits\)$/m);
  } finally {
    await close();
  }
});

capabilityProbe('tokens_saved_pct', async () => {
  const { client, close } = await startClient({ cwd: repo });
  try {
    await client.callTool({ name: 'init_workspace', arguments: {} });
    const search = await client.callTool({ name: 'search_codebase', arguments: { query: 'parse_config', target: 'components' } });
    assert.equal(
      textOf(search),
      'Components matching "parse_config" (2):\n' +
        '  function  parseConfig  src/config.ts:1-3  [src/config.ts::function::parseConfig::1]\n' +
        '  function  testParse  tests/config.test.ts:3-5  [tests/config.test.ts::function::testParse::3]',
    );
    const meta = metaOf(search);
    assert.equal(meta.baseline_method, 'grep_recursive');
    assert.equal(typeof meta.tokens_saved, 'number');
    assert.ok(meta.tokens_saved > 0, 'two files stand behind this answer');
    assert.equal(meta.tokens_saved_pct, Math.round((meta.tokens_saved / (meta.tokens_saved + meta.tokens_used)) * 1000) / 10);
    assert.ok(meta.capabilities.includes('tokens_saved_pct'));
    // The same file again this session: no baseline left, so no saving is claimed.
    const again = await client.callTool({ name: 'search_codebase', arguments: { query: 'parseConfig', target: 'components' } });
    assert.equal(metaOf(again).tokens_saved, undefined);
  } finally {
    await close();
  }
});

test('a parser that cannot load: init_workspace and the graph tools name it, other tools keep working', async () => {
  const { client, close } = await startClient({ cwd: repo, env: { METABOB_FAKE_PARSER_FAILURE: 'web-tree-sitter' } });
  try {
    const init = await client.callTool({ name: 'init_workspace', arguments: {} });
    assert.equal(init.isError, true);
    const line = 'local_index_unavailable(web-tree-sitter: simulated load failure (METABOB_FAKE_PARSER_FAILURE))';
    assert.equal(textOf(init).split('\n')[0], `${line}; the local code graph is unavailable in this process. The ledger and substrate tools still work.`);
    assert.equal(metaOf(init).empty_reason, 'local_index_unavailable');
    const impact = await client.callTool({ name: 'analyze_impact', arguments: { changed_files: ['src/config.ts'] } });
    assert.equal(textOf(impact), `${line}; analyze_impact needs the local code graph. The ledger and substrate tools still work.`);
    assert.equal(metaOf(impact).empty_reason, 'local_index_unavailable');
    const cochange = await client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/config.ts'] } });
    assert.equal(cochange.isError, undefined);
    assert.match(textOf(cochange), /src\/loader\.ts/);
  } finally {
    await close();
  }
});
