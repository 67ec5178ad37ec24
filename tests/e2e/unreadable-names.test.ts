// Names the index cannot open are counted and named, not dropped (SPEC §init_workspace
// behaviour 1; READING-NOTES "Caps": the answer names what was left out): a file whose name is
// not valid UTF-8, and a folder whose path reaches PATH_MAX, reported by init_workspace over
// stdio and by `metabob-mcp index --json`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { PATH_MAX } from '../../core/index/unreadable-names.ts';

const SEGMENT = 'd'.repeat(200);

/** A workspace with a readable file, a file named with the byte 0xff, and a file below PATH_MAX's reach. */
function hostileWorkspace(): { root: string; deepBytes: number } {
  const root = tempDir('metabob-unreadable-');
  after(() => execFileSync('rm', ['-rf', root]));
  writeFileSync(join(root, 'ok.ts'), 'export function ok() { return 1; }\n');
  writeFileSync(Buffer.concat([Buffer.from(`${root}/bad`), Buffer.from([0xff]), Buffer.from('.ts')]), 'export const bad = 1;\n');
  // Built relative to the working directory, one level at a time: no call names the whole path.
  const levels = Math.ceil(PATH_MAX / (SEGMENT.length + 1)) + 1;
  const start = process.cwd();
  try {
    process.chdir(root);
    for (let i = 0; i < levels; i++) {
      mkdirSync(SEGMENT);
      process.chdir(SEGMENT);
    }
    writeFileSync('deep.ts', 'export const deep = 1;\n');
  } finally {
    process.chdir(start);
  }
  return { root, deepBytes: Buffer.byteLength(root) + levels * (SEGMENT.length + 1) + '/deep.ts'.length };
}

test('init_workspace names the files it cannot open: not valid UTF-8, and past PATH_MAX', async () => {
  const { root, deepBytes } = hostileWorkspace();
  assert.ok(deepBytes > PATH_MAX);
  const s = await startClient({ cwd: root });
  after(() => s.close());
  const answer = await s.client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } });
  const text = textOf(answer);
  assert.equal(answer.isError, undefined, text);
  assert.match(text, /^Indexed .*: 1 files /m);
  const line = text.split('\n').find((l) => l.startsWith('Unreadable names: '));
  assert.ok(line, text);
  assert.match(
    line,
    /^Unreadable names: 2 file\(s\) or folder\(s\) not indexed \(1 not valid UTF-8: bad\\xff\.ts; 1 a path of PATH_MAX \(4096\) bytes or more: d{48}…d+\/ \(\d+-byte absolute path\)\);/,
  );
  assert.ok(line.length < 400, line);
});

test('`index --json` counts them by reason, with escaped examples', () => {
  const { root } = hostileWorkspace();
  const out = execFileSync(process.execPath, [CLI, 'index', root, '--json'], { env: cleanEnv(), encoding: 'utf8' });
  const stats = JSON.parse(out) as { files: number; unreadable: { counts: Record<string, number>; examples: Record<string, string[]> } };
  assert.equal(stats.files, 1);
  assert.deepEqual(stats.unreadable.counts, { invalid_utf8: 1, path_too_long: 1, name_too_long: 0 });
  assert.deepEqual(stats.unreadable.examples.invalid_utf8, ['bad\\xff.ts']);
  assert.match(stats.unreadable.examples.path_too_long[0]!, /^d{48}…d+\/ \(\d+-byte absolute path\)$/);
});
