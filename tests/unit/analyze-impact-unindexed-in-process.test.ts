// SPEC §analyze_impact through the in-process boundary on a temp repository: an answer that
// covers a file not in the index never reads as "none", and next_steps offers init_workspace
// only for a file re-indexing can pick up (META-ENVELOPE §next_steps: no speculation); for the
// rest the answer says why the file is not indexed and how to include it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles, tempRepo } from '../helpers/git.ts';
import { startInProcess, textOf, type InProcess } from '../helpers/in-process.ts';

type Meta = Record<string, any>;

async function indexedRepo(): Promise<{ s: InProcess; repo: string }> {
  const repo = tempRepo();
  commitFiles(
    repo,
    {
      'src/leaf.ts': 'export function leaf() { return 1; }\n',
      'src/big.ts': '// a hand-written comment line\n'.repeat(40_000),
      'vendor/lib.ts': 'export function lib() { return 2; }\n',
      'notes.md': '# notes\n',
      'src/tool.rb': 'def tool; end\n',
    },
    'init',
  );
  const s = await startInProcess({ cwd: repo });
  const init = await s.client.callTool({ name: 'init_workspace', arguments: {} });
  assert.equal(init.isError, undefined, textOf(init));
  return { s, repo };
}

const impact = async (s: InProcess, files: string[]) => {
  const r = await s.client.callTool({ name: 'analyze_impact', arguments: { changed_files: files } });
  return { text: textOf(r), meta: r._meta as Meta };
};

test('an indexed leaf with an unknown file is not "no_dependents": the unknown file\'s dependents are unknown', async () => {
  const { s } = await indexedRepo();
  try {
    const { text, meta } = await impact(s, ['src/leaf.ts', 'src/nonexistent.ts']);
    assert.notEqual(meta.empty_reason, 'no_dependents');
    assert.equal(meta.empty_reason, 'not_in_index');
    assert.doesNotMatch(text, /the files are indexed/);
    assert.match(text, /src\/nonexistent\.ts is not in the workspace/);
    assert.match(text, /No dependents of src\/leaf\.ts/);
    assert.equal(meta.next_steps, undefined, 'a file that is not there is not indexed by re-indexing');
    // The indexed leaf alone is no true "none" either: src/big.ts, over the size bound, was not read.
    const alone = await impact(s, ['src/leaf.ts']);
    assert.equal(alone.meta.empty_reason, 'files_not_indexed');
    assert.match(alone.text, /No dependents among the indexed files.*1 file\(s\) not indexed over the 1 MB size bound/);
  } finally {
    await s.close();
  }
});

test('a file over the size cap, in an excluded directory or of an extension not included: why, how to include it, and no init_workspace step', async () => {
  const { s } = await indexedRepo();
  try {
    for (const [file, why] of [
      ['src/big.ts', /src\/big\.ts is over the 1 MB size bound/],
      ['vendor/lib.ts', /vendor\/lib\.ts is in an excluded directory \(vendor\); init_workspace with an exclude list that leaves out vendor includes it/],
      ['src/tool.rb', /src\/tool\.rb has an extension \(\.rb\) no language module of this server extracts/],
    ] as const) {
      const { text, meta } = await impact(s, [file]);
      assert.match(text, why);
      assert.equal(meta.next_steps, undefined, `${file}: re-indexing as before cannot help`);
      const notice = meta.warnings_v2.find((w: Meta) => w.code === 'not_in_index');
      assert.ok(notice.data.files.includes(file));
    }
  } finally {
    await s.close();
  }
});

test('a file added since init_workspace: init_workspace is the next step', async () => {
  const { s, repo } = await indexedRepo();
  try {
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src/fresh.ts'), 'export const fresh = 1;\n');
    const { text, meta } = await impact(s, ['src/fresh.ts']);
    assert.match(text, /src\/fresh\.ts is new since the last init_workspace/);
    assert.deepEqual(
      meta.next_steps.map((n: Meta) => n.tool),
      ['init_workspace'],
    );
  } finally {
    await s.close();
  }
});
