// Server start to tools/list answered, median of 10 spawns (issue #2 target: < 250 ms).
import { tempDir } from '../../tests/helpers/git.ts';
import { handshake, startRawServer } from '../../tests/helpers/raw-server.ts';

const RUNS = 10;
const times: number[] = [];
const cwd = tempDir();
for (let i = 0; i < RUNS + 1; i++) {
  const started = performance.now();
  const server = startRawServer({ cwd });
  const list = await handshake(server);
  const ms = performance.now() - started;
  if (list.result.tools.length !== 30) throw new Error('tools/list did not list the 30 tools');
  await server.close();
  if (i > 0) times.push(ms); // the first spawn warms the OS file cache
}
times.sort((a, b) => a - b);
const median = (times[RUNS / 2 - 1] + times[RUNS / 2]) / 2;
console.log(`startup: spawn -> tools/list answered, ${RUNS} spawns: median ${median.toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[RUNS - 1].toFixed(1)} ms (target < 250 ms)`);
