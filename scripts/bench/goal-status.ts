// `npm run bench -- goal-status`: goal_status over stdio from the spawned server against the
// emulator on 127.0.0.1 (target: p95 under 50 ms beyond the emulator's own latency switch).
// A finished dispatch costs two resolves (goalWalkState, then activityExecutionTrace for the
// trace); a running one, one. With the latency switch set, the emulator's own delay is
// subtracted to show what the server itself adds.
import { textOf } from '../../tests/helpers/client.ts';
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { startServer } from '../../tests/substrate/server-fixture.ts';
import { percentile } from './support/percentile.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const e = await startEmulator({ switches: { goalRunMs: 10 } });
const server = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key });
await server.waitForHealth((h) => h.attached === true);

async function dispatch(walk: 'reached' | 'running'): Promise<string> {
  e.setSwitch('goalWalk', walk);
  const sent = textOf(await server.client.callTool({ name: 'run_goal_async', arguments: { goal: `bench ${walk}` } }));
  const id = /^Dispatched: (\S+)/m.exec(sent)?.[1];
  if (!id) throw new Error(sent);
  await new Promise((r) => setTimeout(r, 50));
  return id;
}

async function measure(label: string, id: string, expect: RegExp, emulatorMs: number): Promise<void> {
  const once = async () => {
    const result = await server.client.callTool({ name: 'goal_status', arguments: { dispatch_id: id } });
    if (result.isError || !expect.test(textOf(result))) throw new Error(textOf(result));
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 95);
  const beyond = emulatorMs > 0 ? `; beyond the emulator's ${emulatorMs} ms: p95 ${(p95 - emulatorMs).toFixed(2)} ms` : '';
  console.log(`  goal_status ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${RUNS}${beyond}`);
}

const finished = await dispatch('reached');
const running = await dispatch('running');
await measure('finished (record + trace)', finished, /^reached: yes/, 0);
await measure('running (record + walkLog tail)', running, /^reached: \(running\)/, 0);
e.setSwitch('latencyMs', { goalWalkState: 20, activityExecutionTrace: 20 });
await measure('finished, latency switch 20 ms per producer answer', finished, /^reached: yes/, 40);
e.setSwitch('latencyMs', {});
await server.close();
await e.stop();
