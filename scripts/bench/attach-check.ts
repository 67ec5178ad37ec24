// `npm run bench`: what a person waits for. Wall time of `attach --check` and `doctor` against
// the substrate emulator on 127.0.0.1 (spawn to exit, the built dist/cli.js), and, for a
// blackholed anchor under the default 5 s connect budget, how long until the failing hop's line
// is on screen (SPEC §Budgets and retries: a blackholed anchor fails within the connect budget).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { fullBacklogMissingReason, startFullBacklog } from '../../tests/helpers/net-fixtures.ts';
import { percentile } from './support/percentile.ts';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Spawns the CLI; resolves with the time the first line matching `until` appeared and the exit time. */
function timed(args: string[], env: NodeJS.ProcessEnv, until?: RegExp): Promise<{ lineMs: number | null; exitMs: number; code: number | null }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let lineMs: number | null = null;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      if (lineMs === null && until && until.test(buffered)) lineMs = performance.now() - started;
    });
    child.on('exit', (code) => resolve({ lineMs, exitMs: performance.now() - started, code }));
  });
}

async function series(label: string, runs: number, fn: () => Promise<number>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${runs}`);
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const emulator = await startEmulator();
const home = mkdtempSync(join(tmpdir(), 'metabob-bench-home-'));
const base = { PATH: process.env.PATH, HOME: home };
const attached = { ...base, METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl };
await series('attach --check --json, attached (spawn to exit)', 10, async () => {
  const r = await timed(['attach', '--check', '--json'], attached);
  if (r.code !== 0) throw new Error(`attach --check exited ${r.code}`);
  return r.exitMs;
});
await series('doctor --json, attached (spawn to exit; parser grammars load each time)', 5, async () => (await timed(['doctor', '--json'], attached)).exitMs);
await emulator.stop();

const missing = fullBacklogMissingReason();
if (missing) console.log(`  blackholed anchor: skipped (${missing})`);
else {
  const backlog = await startFullBacklog();
  const dead = { ...base, METABOB_API_KEY: 'mbk_full_0123456789abcdef', DISCOVERY_ENDPOINT: `http://127.0.0.1:${backlog.port}` };
  const times: Array<{ lineMs: number | null; exitMs: number }> = [];
  for (let i = 0; i < 3; i++) times.push(await timed(['doctor'], dead, /^fail bootstrap .*connect_timeout/m));
  backlog.close();
  const line = times.map((t) => t.lineMs ?? NaN);
  console.log(
    `  doctor, blackholed anchor, default 5000 ms connect budget: failing hop on screen after p50 ${percentile(line, 50).toFixed(0)} ms ` +
      `(max ${Math.max(...line).toFixed(0)} ms); process exit p50 ${percentile(
        times.map((t) => t.exitMs),
        50,
      ).toFixed(0)} ms`,
  );
}
