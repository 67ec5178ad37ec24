// Server start to tools/list answered, median of 10 spawns (target: < 250 ms).
import { spawnSync } from 'node:child_process';
import { tempDir } from '../../tests/helpers/git.ts';
import { handshake, startRawServer } from '../../tests/helpers/raw-server.ts';

const RUNS = 10;
const cwd = tempDir();

async function serverStarts(env: Record<string, string | undefined> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = performance.now();
    const server = startRawServer({ cwd, env });
    const list = await handshake(server);
    const ms = performance.now() - started;
    if (list.result.tools.length !== 30) throw new Error('tools/list did not list the 30 tools');
    await server.close();
    if (i > 0) times.push(ms); // the first spawn warms the OS file cache
  }
  return times.sort((a, b) => a - b);
}

/** Node's own start (`node -e ''`), spawned the same way: what no server can go below. */
function bareNodeStarts(env: NodeJS.ProcessEnv = process.env): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', ''], { env });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const median = (times: number[]) => (times[RUNS / 2 - 1] + times[RUNS / 2]) / 2;
const times = await serverStarts();
console.log(
  `startup: spawn -> tools/list answered, ${RUNS} spawns: median ${median(times).toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[RUNS - 1].toFixed(1)} ms (target < 250 ms: ${median(times) < 250 ? 'met' : 'MISSED'})`,
);
console.log(`  node -e '' alone, same environment: median ${median(bareNodeStarts()).toFixed(1)} ms`);
if (process.env.NODE_EXTRA_CA_CERTS) {
  // Node reads and parses the extra CA bundle at every start; this machine's environment sets it.
  const without = await serverStarts({ NODE_EXTRA_CA_CERTS: undefined });
  const bare = bareNodeStarts({ ...process.env, NODE_EXTRA_CA_CERTS: undefined } as NodeJS.ProcessEnv);
  console.log(
    `  without NODE_EXTRA_CA_CERTS (set here to ${process.env.NODE_EXTRA_CA_CERTS}): server median ${median(without).toFixed(1)} ms, node -e '' median ${median(bare).toFixed(1)} ms`,
  );
}
