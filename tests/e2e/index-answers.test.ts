// The local index's answers an agent acts on (SPEC §init_workspace, §analyze_impact), over stdio
// with the built server in real temp repositories: what a call that leaves out include and
// exclude indexes, what a symlink in the workspace is to the index, and what analyze_impact
// lists as possible dependents and open gaps.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { commitFiles, tempDir, tempRepo, writeFiles } from '../helpers/git.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function server(cwd: string, env: Record<string, string> = {}) {
  const s = await startClient({ cwd, env: { METABOB_HOME: tempDir('metabob-home-'), ...env } });
  cleanups.push(() => s.close());
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await s.client.callTool({ name, arguments: args });
    return { text: textOf(result), meta: metaOf(result), isError: result.isError === true };
  };
  return { ...s, call };
}

test('include and exclude left out are the defaults again, not the last call’s sets', async () => {
  const repo = tempRepo();
  commitFiles(repo, {
    'src/app.ts': 'export function startApp(): number {\n  return 1;\n}\n',
    'lib/tool.go': 'package lib\n\nfunc Tool() int {\n\treturn 1\n}\n',
    'build/out.ts': 'export function builtOut(): number {\n  return 2;\n}\n',
  });
  const s = await server(repo);
  const onlyGo = await s.call('init_workspace', { include: ['go'], exclude: [] });
  assert.equal(onlyGo.isError, false, onlyGo.text);
  assert.match((await s.call('search_codebase', { query: 'Tool' })).text, /lib\/tool\.go/);
  const defaults = await s.call('init_workspace', {});
  assert.equal(defaults.isError, false, defaults.text);
  assert.match((await s.call('search_codebase', { query: 'startApp' })).text, /src\/app\.ts/);
  // The default exclude is back too: build/ is skipped again.
  assert.doesNotMatch((await s.call('search_codebase', { query: 'builtOut' })).text, /build\/out\.ts/);
  assert.doesNotMatch((await s.call('search_codebase', { query: 'Tool' })).text, /lib\/tool\.go/);
});

test('symbolic links: one inside the workspace answers as the file it leads to, one leading out is never read, and neither asks for init_workspace again', async () => {
  const repo = tempRepo();
  commitFiles(repo, {
    'src/real.ts': 'export function realWork(): number {\n  return 1;\n}\n',
    'src/user.ts': "import { realWork } from './real';\n\nexport function useIt(): number {\n  return realWork();\n}\n",
  });
  const outside = tempDir('metabob-outside-');
  writeFiles(outside, { 'secret.ts': 'export function outsideSecret(): number {\n  return 42;\n}\n' });
  symlinkSync('real.ts', join(repo, 'src/link.ts'));
  symlinkSync(join(outside, 'secret.ts'), join(repo, 'src/out.ts'));
  symlinkSync(outside, join(repo, 'elsewhere'));
  mkdirSync(join(repo, 'alias'));
  symlinkSync(join(repo, 'src'), join(repo, 'alias/src'));
  const s = await server(repo);
  const init = await s.call('init_workspace', {});
  assert.equal(init.isError, false, init.text);

  const viaLink = await s.call('analyze_impact', { changed_files: ['src/link.ts'] });
  assert.match(viaLink.text, /^Through symbolic links, answered for the files they lead to: src\/link\.ts -> src\/real\.ts\.$/m, viaLink.text);
  assert.match(viaLink.text, /useIt\s+src\/user\.ts:3/, viaLink.text);
  const viaFolder = await s.call('analyze_impact', { changed_files: ['alias/src/real.ts'] });
  assert.match(viaFolder.text, /useIt\s+src\/user\.ts:3/, viaFolder.text);

  for (const path of ['src/out.ts', 'elsewhere/secret.ts']) {
    const out = await s.call('analyze_impact', { changed_files: [path] });
    assert.match(
      out.text,
      /is reached through a symbolic link that leads outside the workspace; the index never follows a link out of the workspace/,
      out.text,
    );
    assert.doesNotMatch(out.text, /init_workspace indexes it/, out.text);
    assert.equal(out.meta.next_steps, undefined, JSON.stringify(out.meta));
    assert.equal(out.meta.empty_reason, 'not_in_index');
  }
  assert.match((await s.call('search_codebase', { query: 'outsideSecret' })).text, /^Components: none match "outsideSecret"\./);
  // Nothing stays "added and not indexed": a second call finds the index current.
  const again = await s.call('init_workspace', {});
  assert.equal(again.meta.empty_reason, 'incremental_no_change', again.text);
  assert.doesNotMatch((await s.call('get_analysis_context', {})).text, /added and not indexed/);
});

test("analyze_impact's possible dependents stay in the changed file's language: a JavaScript flatten() has no Python callers", async () => {
  const repo = tempRepo();
  commitFiles(repo, {
    'web/tree.js': 'export function flatten(items) {\n  return items.flat();\n}\n',
    'web/view.js': 'export function render(node) {\n  return node.children.flatten();\n}\n',
    'py/shape.py': 'def reshape(arr):\n    return arr.flatten()\n',
  });
  const s = await server(repo);
  assert.equal((await s.call('init_workspace', {})).isError, false);
  const impact = await s.call('analyze_impact', { changed_files: ['web/tree.js'] });
  assert.match(impact.text, /web\/view\.js:2 {2}calls \.flatten\(\)/, impact.text);
  assert.doesNotMatch(impact.text, /py\/shape\.py/, impact.text);
});
