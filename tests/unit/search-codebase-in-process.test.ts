// SPEC §search_codebase through the in-process boundary on a temp repository: containment is of
// the query's tokens in a component's tokens (never the other way), exact and prefix matches
// rank first, a limit that cuts the list says how many matched, and a finding on three files
// is one problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf, type InProcess } from '../helpers/in-process.ts';

async function indexed(files: Record<string, string>): Promise<InProcess> {
  const repo = tempRepo();
  commitFiles(repo, files, 'init');
  const s = await startInProcess({ cwd: repo });
  const init = await s.client.callTool({ name: 'init_workspace', arguments: {} });
  assert.equal(init.isError, undefined, textOf(init));
  return s;
}

const search = async (s: InProcess, args: Record<string, unknown>) => textOf(await s.client.callTool({ name: 'search_codebase', arguments: args }));

test('a query token is contained in a component token, not the reverse: "forgetting" and "targeted" do not find getUserName', async () => {
  const s = await indexed({ 'src/user.ts': 'export function getUserName() { return 1; }\nexport function forgettingCurve() { return 2; }\n' });
  try {
    const forgetting = await search(s, { query: 'forgetting', target: 'components' });
    assert.doesNotMatch(forgetting, /getUserName/);
    assert.match(forgetting, /forgettingCurve/);
    assert.match(await search(s, { query: 'targeted', target: 'components' }), /^Components: none match "targeted"\./m);
    // "get" is getUserName's token exactly and inside forgettingCurve's "forgetting": the exact match ranks first.
    assert.match(await search(s, { query: 'get', target: 'components' }), /\(2\):\n\s+function\s+getUserName .*\n\s+function\s+forgettingCurve /);
    // The whole run-together name still finds its component.
    assert.match(await search(s, { query: 'getusername', target: 'components' }), /getUserName/);
  } finally {
    await s.close();
  }
});

test('exact and prefix matches rank before containment', async () => {
  const s = await indexed({
    'src/load.ts': 'export function preloaded() { return 0; }\nexport function loaderFor() { return 1; }\nexport function load() { return 2; }\n',
  });
  try {
    const rows = (await search(s, { query: 'load', target: 'components' })).split('\n').filter((l) => /^\s+function /.test(l));
    assert.deepEqual(
      rows.map((r) => r.trim().split(/\s+/)[1]),
      ['load', 'loaderFor', 'preloaded'],
    );
  } finally {
    await s.close();
  }
});

test('search_codebase {limit: 2} with 4 matches says 2 of 4; a three-file finding is one problem', async () => {
  const s = await indexed({
    'src/a.ts': 'export function parseA() { return 1; }\nexport function parseB() { return 2; }\n',
    'src/b.ts': 'export function parseC() { return 3; }\nexport function parseD() { return 4; }\n',
  });
  try {
    const components = await search(s, { query: 'parse', target: 'components', limit: 2 });
    assert.match(components, /^Components matching "parse" \(2 of 4; 2 more not shown, raise limit up to 50\):/m);
    const rec = await s.client.callTool({
      name: 'record_finding',
      arguments: { files: ['src/a.ts', 'src/b.ts', 'src/c.ts'], summary: 'the parser drops trailing commas', severity: 'MEDIUM', category: 'correctness' },
    });
    assert.equal(rec.isError, undefined, textOf(rec));
    const problems = await search(s, { query: 'parser commas', target: 'problems' });
    assert.match(
      problems,
      /^Problems matching "parser commas" \(1\):\n {2}\[MEDIUM\]\[correctness\] src\/a\.ts .*\n {4}also on: src\/b\.ts \(agf_[0-9a-f]+\), src\/c\.ts \(agf_[0-9a-f]+\)$/m,
    );
  } finally {
    await s.close();
  }
});
