// `npm run bench`: the edit check answers within 100 ms (READING-NOTES §"the edit check"), spawn
// to exit of the built dist/cli.js, with a live marker covering the file (the reminder printed)
// and with none (nothing printed), the way a host runs its PreToolUse hook.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markerPathFor, markersDir } from '../../core/identity/attached-marker.ts';

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

// Node's own start on this machine, the floor under every figure below.
const floor: number[] = [];
for (let i = 0; i < RUNS; i++) floor.push((await once('', env, ['-e', '0'])).ms);
console.log(`  node -e 0 (the floor): median ${median(floor).toFixed(0)} ms over ${RUNS}`);

for (const [label, input] of [
  ['covered file, reminder printed', JSON.stringify({ tool_name: 'Edit', cwd: workspace, tool_input: { file_path: file } })],
  ['file outside any workspace, nothing printed', JSON.stringify({ tool_name: 'Edit', cwd: tmpdir(), tool_input: { file_path: join(tmpdir(), 'x.ts') } })],
  ['Write of 512 KiB content', JSON.stringify({ tool_name: 'Write', cwd: workspace, tool_input: { file_path: file, content: 'x'.repeat(512 * 1024) } })],
] as const) {
  const times: number[] = [];
  let printed = false;
  await once(input, env); // warm the file cache
  for (let i = 0; i < RUNS; i++) {
    const { ms, out } = await once(input, env);
    times.push(ms);
    printed ||= out.length > 0;
  }
  console.log(
    `  edit-check, ${label}: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${RUNS} (target 100 ms; printed: ${printed})`,
  );
}
