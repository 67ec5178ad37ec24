// SPEC §analyze_impact honest impact and READING-NOTES "Staleness is reported, not repaired":
// an unproven call naming a changed symbol is a possible dependent (never "no dependents"),
// and every index answer says first when the files it covers changed, were deleted, or new
// files appeared beside indexed ones since indexing, by stat only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf, type InProcess } from '../helpers/in-process.ts';

type Meta = Record<string, any>;

async function indexed(files: Record<string, string>): Promise<{ s: InProcess; repo: string }> {
  const repo = tempRepo();
  commitFiles(repo, files, 'init');
  const s = await startInProcess({ cwd: repo });
  const init = await s.client.callTool({ name: 'init_workspace', arguments: {} });
  assert.equal(init.isError, undefined, textOf(init));
  return { s, repo };
}

const call = async (s: InProcess, name: string, args: Record<string, unknown>) => {
  const r = await s.client.callTool({ name, arguments: args });
  return { text: textOf(r), meta: r._meta as Meta };
};

test('a call the resolver cannot prove but that names a changed method is a possible dependent, with file and line', async () => {
  const { s } = await indexed({
    // `store` has no declared type, so `store.save()` cannot be proven to reach Repo.save.
    'src/repo.ts': 'export class Repo {\n  save() { return 1; }\n}\n',
    'src/use.ts': 'export function persist(store) {\n  return store.save();\n}\n',
    'src/other.ts': 'export function unrelated() {\n  return save();\n}\n',
  });
  try {
    const { text, meta } = await call(s, 'analyze_impact', { changed_files: ['src/repo.ts'] });
    assert.equal(meta.empty_reason, 'no_proven_dependents');
    assert.match(text, /No proven dependents: no edge in the graph reaches src\/repo\.ts, but 1 unproven call site\(s\) name a changed symbol\./);
    assert.match(text, /Possible dependents \(1\): call sites the resolver could not prove/);
    assert.match(text, /src\/use\.ts:2 {2}calls \.save\(\) {2}in \[src\/use\.ts::function::persist::1\]/);
    // A bare save() is not a call of the method Repo.save.
    assert.doesNotMatch(text, /src\/other\.ts/);
  } finally {
    await s.close();
  }
});

test('a proven dependent is not listed again as possible, and a changed function with no callers stays no_dependents', async () => {
  const { s } = await indexed({
    'src/lib.ts': 'export function helper() { return 1; }\nexport function lonely() { return 2; }\n',
    'src/main.ts': "import { helper } from './lib';\nexport function run() { return helper(); }\n",
  });
  try {
    const proven = await call(s, 'analyze_impact', { changed_files: ['src/lib.ts'] });
    assert.equal(proven.meta.empty_reason, undefined);
    assert.match(proven.text, /function\s+run {2}src\/main\.ts:2/);
    assert.doesNotMatch(proven.text, /Possible dependents/);
  } finally {
    await s.close();
  }
  const { s: s2 } = await indexed({ 'src/leaf.ts': 'export function leaf() { return 1; }\n' });
  try {
    assert.equal((await call(s2, 'analyze_impact', { changed_files: ['src/leaf.ts'] })).meta.empty_reason, 'no_dependents');
  } finally {
    await s2.close();
  }
});

test('after an edit, a delete or an added file, each index tool and the snapshot say the index is stale first, warns index_stale and names init_workspace', async () => {
  const { s, repo } = await indexed({
    'src/a.ts': "import { b } from './b';\nexport function a() { return b(); }\n",
    'src/b.ts': 'export function b() { return 1; }\n',
    'src/c.ts': 'export function c() { return 3; }\n',
  });
  try {
    const fresh = await call(s, 'analyze_impact', { changed_files: ['src/b.ts'] });
    assert.doesNotMatch(fresh.text, /index_stale/);
    assert.equal(
      (fresh.meta.warnings_v2 ?? []).some((w: any) => w.code === 'index_stale'),
      false,
    );

    appendFileSync(join(repo, 'src/b.ts'), 'export function b2() { return 2; }\n');
    const edited = await call(s, 'analyze_impact', { changed_files: ['src/b.ts'] });
    assert.match(edited.text.split('\n')[0]!, /^index_stale: files changed on disk since init_workspace indexed them \(changed: .*src\/b\.ts/);
    const warning = edited.meta.warnings_v2.find((w: any) => w.code === 'index_stale');
    assert.ok(warning.data.changed.includes('src/b.ts'), JSON.stringify(warning));
    assert.equal(edited.meta.next_steps[0].tool, 'init_workspace');

    rmSync(join(repo, 'src/c.ts'));
    const search = await call(s, 'search_codebase', { query: 'c', target: 'components' });
    assert.match(search.text.split('\n')[0]!, /^index_stale: .*deleted: src\/c\.ts/);

    writeFileSync(join(repo, 'src/d.ts'), 'export function d() { return 4; }\n');
    const assign = await call(s, 'assign_git_changes', { changed_files: ['src/a.ts'] });
    assert.match(assign.text.split('\n')[0]!, /^index_stale: .*added and not indexed: src\/d\.ts/);

    const snapshot = await call(s, 'get_analysis_context', {});
    assert.match(snapshot.text.split('\n')[0]!, /^index_stale: .*changed: src\/b\.ts.*deleted: src\/c\.ts.*added and not indexed: src\/d\.ts/);

    // Re-indexing makes every answer current again.
    await call(s, 'init_workspace', {});
    const after = await call(s, 'analyze_impact', { changed_files: ['src/b.ts'] });
    assert.doesNotMatch(after.text, /index_stale/);
    assert.doesNotMatch((await call(s, 'get_analysis_context', {})).text, /index_stale/);
  } finally {
    await s.close();
  }
});
