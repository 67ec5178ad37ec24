// `npm run bench`: the edit check answers within 100 ms (READING-NOTES §"the edit check"), spawn
// to exit of the built dist/cli.js, the way a host runs its hook after a read: with news on the
// file (the reminder printed, its once-per-session record cleared before each run), the same file
// again (said already: nothing printed), a covered file with no news, and no marker at all.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markerPathFor, markersDir } from '../../core/identity/attached-marker.ts';
import { remindedPathFor, writeEditNews } from '../../core/identity/edit-news.ts';
import { rmSync } from 'node:fs';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const RUNS = 15;

function once(input: string, env: NodeJS.ProcessEnv, args: string[] = [CLI, 'edit-check']): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('exit', () => resolve({ ms: performance.now() - started, out }));
    child.stdin.end(input);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const home = mkdtempSync(join(tmpdir(), 'metabob-bench-home-'));
const workspace = mkdtempSync(join(tmpdir(), 'metabob-bench-ws-'));
mkdirSync(join(workspace, 'src/deep/er'), { recursive: true });
const env = { ...process.env, METABOB_HOME: home };
mkdirSync(markersDir(env), { recursive: true });
const marker = { workspace, pid: process.pid, session_id: 'bench', vessel_id: null, attached: true, written_at: new Date().toISOString() };
writeFileSync(markerPathFor(workspace, env), JSON.stringify(marker));
const file = join(workspace, 'src/deep/er/a.ts');
const quiet = join(workspace, 'src/deep/er/b.ts');
const files = { 'src/deep/er/a.ts': ['agf_bench [HIGH, correctness] a is read before it is set', 'agf_bench2 [LOW, design] a has two names'] };
writeEditNews({ session_id: 'bench', workspace, written_at: new Date().toISOString(), files, asked: [] }, env);
const read = (path: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Read', cwd: workspace, tool_input: { file_path: path, ...extra } });

// Node's own start on this machine, the floor under every figure below.
const floor: number[] = [];
for (let i = 0; i < RUNS; i++) floor.push((await once('', env, ['-e', '0'])).ms);
console.log(`  node -e 0 (the floor): median ${median(floor).toFixed(0)} ms over ${RUNS}`);

for (const [label, input, fresh] of [
  ['open findings on the file, reminder printed', read(file), true],
  ['the same file again, nothing printed (said once)', read(file), false],
  ['covered file with no news, nothing printed', read(quiet), false],
  [
    'file outside any workspace, nothing printed',
    JSON.stringify({ tool_name: 'Read', cwd: tmpdir(), tool_input: { file_path: join(tmpdir(), 'x.ts') } }),
    false,
  ],
  [
    'Write of 512 KiB content',
    JSON.stringify({ tool_name: 'Write', cwd: workspace, tool_input: { file_path: quiet, content: 'x'.repeat(512 * 1024) } }),
    false,
  ],
] as const) {
  const times: number[] = [];
  let printed = false;
  await once(input, env); // warm the file cache
  for (let i = 0; i < RUNS; i++) {
    if (fresh) rmSync(remindedPathFor(workspace, env), { force: true });
    const { ms, out } = await once(input, env);
    times.push(ms);
    printed ||= out.length > 0;
  }
  console.log(
    `  edit-check, ${label}: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${RUNS} (target 100 ms; printed: ${printed})`,
  );
}
