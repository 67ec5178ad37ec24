// core/engine-flags.ts: the bin sets a V8 flag only where the running V8 knows it (an unknown
// one is printed to the user's terminal), and never the test natives. CI runs this under every
// Node line it installs, so a V8 that drops or renames a flag fails here first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineFlagsFor } from '../../core/engine-flags.ts';

const known = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).stdout;
/** `--no-x` and `--x=v` are spellings of the flag `--x` that --v8-options lists. */
const listed = (flag: string) => new RegExp(`^\\s+--${flag.replace(/^--(no-)?/, '').replace(/=.*$/, '')} `, 'm').test(known);

test(`every flag set under this V8 (${process.versions.v8}) is one it lists`, () => {
  const flags = engineFlagsFor();
  for (const flag of flags) assert.ok(listed(flag), `${flag} is not in node --v8-options`);
  // Parser WebAssembly keeps V8's own tiering (core/engine-flags.ts says why).
  assert.ok(!flags.some((f) => f.includes('wasm')), flags.join(' '));
});

test('no test natives, and nothing under a V8 the table does not name', () => {
  for (const v8 of ['11.3.244.8-node.30', '12.4.254.21-node.33', '13.6.233.17-node.63']) assert.ok(!engineFlagsFor(v8).includes('--allow-natives-syntax'));
  assert.deepEqual(engineFlagsFor('99.0.0'), []);
  assert.deepEqual(engineFlagsFor('13.6.233.17-node.63'), ['--semi-space-growth-factor=1', '--invocation-count-for-turbofan=24000']);
  assert.deepEqual(engineFlagsFor('12.4.254.21-node.33'), ['--invocation-count-for-turbofan=24000']);
  assert.ok(!engineFlagsFor('12.4.254.21-node.33').includes('--semi-space-growth-factor=1'), 'measured to change nothing under V8 12');
  assert.ok(engineFlagsFor('11.3.244.8-node.30').includes('--interrupt-budget=1081344'));
});

test('setting them prints nothing', () => {
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import { setFlagsFromString } from 'node:v8'; setFlagsFromString(${JSON.stringify(engineFlagsFor().join(' '))});`],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '');
});

test(
  "the young generation stays at its start size after the index's workers start, where V8 would undo the flag",
  { skip: !engineFlagsFor().includes('--semi-space-growth-factor=1') },
  () => {
    // In a process of its own, as the bin sets the flags: each worker's heap set-up writes the
    // growth factor back to 2, so without keepEngineFlags the semi-spaces grow to 16 MB.
    const workspace = mkdtempSync(join(tmpdir(), 'engine-flags-ws-'));
    for (let i = 0; i < 60; i++) writeFileSync(join(workspace, `m${i}.ts`), `export function f${i}(a: number) { return g${i}(a) + 1; }\n`.repeat(200));
    const script = join(workspace, 'run.mts');
    writeFileSync(
      script,
      [
        `import { getHeapSpaceStatistics } from 'node:v8';`,
        `import { applyEngineFlags } from ${JSON.stringify(fileURLToPath(new URL('../../core/engine-flags.ts', import.meta.url)))};`,
        `import { extractFiles } from ${JSON.stringify(fileURLToPath(new URL('../../core/index/extract/index.ts', import.meta.url)))};`,
        `applyEngineFlags();`,
        `const files = Array.from({ length: 60 }, (_, i) => 'm' + i + '.ts');`,
        `const results = await extractFiles(${JSON.stringify(workspace)}, files, { workers: 2 });`,
        // Survivors, as the index's results are: what makes a scavenger grow the young generation.
        `const kept: unknown[] = [results];`,
        `for (let i = 0; i < 300_000; i++) kept.push({ i, name: 'n' + i, list: [i, i + 1] });`,
        `const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!;`,
        `console.log(JSON.stringify({ files: results.length, youngMb: young.space_size / 1048576 }));`,
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    rmSync(workspace, { recursive: true, force: true });
    assert.equal(run.status, 0, run.stderr);
    const { files, youngMb } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { files: number; youngMb: number };
    assert.equal(files, 60);
    // Node 20: 32 MB without the flag kept, 2-4 MB with it. Node 24 (V8 13): 8 MB either way
    // (64 MB with no flag at all), so there the bound only guards against losing the flag.
    assert.ok(youngMb <= 8, `the young generation grew to ${youngMb} MB`);
  },
);
