// `npm run bench`: the server's answers while init_workspace indexes a large tree, and how soon a
// cancel stops it (SPEC §init_workspace; the goals: every `ping` within 100 ms, a cancel stops
// the work within 500 ms). The tree is Django and TypeScript sources from node_modules, copied
// into a temp folder and cycled under numbered folders up to BENCH_LIVE_FILES (default 7000, the
// size the goal names: worst `ping` during init_workspace on the 7,000-file tree).
// For each server (the built dist/cli.js, and BENCH_LIVE_BASELINE's when set: a built checkout
// or its cli.js, e.g. a build of main, so before and after come from one run on one machine):
//   1. ping every 10 ms (and get_metrics every 5th probe) from the SDK client over stdio while a
//      cold init_workspace runs, until its answer: median, p95 and worst latency; and the longest
//      stall of the server's thread during the run, as its debug log states it (a build without
//      that line says n/a);
//   2. a cold init_workspace with a progressToken, cancelled (notifications/cancelled) 3 s
//      after its first progress notification: from the cancel to the last progress notification, and
//      to the server process's CPU going quiet (no tick in /proc/<pid>/stat over 100 ms); then
//      what get_metrics reports.
// BENCH_LIVE_RUNS (default 1) repeats both per server, alternating servers.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { percentile } from './support/percentile.ts';
import { cycledTree } from './support/cycled-tree.ts';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const FILES = Number(process.env.BENCH_LIVE_FILES ?? 7000);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 1);
const LIMIT_MS = 180_000;
const PING_GOAL_MS = 100;
const CANCEL_GOAL_MS = 500;
const CANCEL_AFTER_MS = 3000;

const servers: Array<{ label: string; cli: string }> = [{ label: 'this build', cli: join(ROOT, 'dist/cli.js') }];
if (process.env.BENCH_LIVE_BASELINE) servers.push({ label: 'baseline', cli: baselineCli(process.env.BENCH_LIVE_BASELINE) });

/** BENCH_LIVE_BASELINE's cli.js: the file named, or a checkout's dist/cli.js, as BENCH_BASELINE names a checkout. */
function baselineCli(named: string): string {
  const path = resolve(named);
  const cli = existsSync(path) && statSync(path).isDirectory() ? join(path, 'dist/cli.js') : path;
  if (!existsSync(cli)) throw new Error(`BENCH_LIVE_BASELINE: no ${cli}; name a built checkout (npm run build there) or its dist/cli.js`);
  return cli;
}

/** Django and the TypeScript sources of a few installed packages, copied and cycled up to FILES. */
function largeTree(): { root: string; files: number } {
  const sources = [
    '/usr/lib/python3/dist-packages/django',
    ...['effect/src', 'rxjs/src', 'zod/src', 'mobx/src', '@effect/platform/src', '@tanstack/router-core/src'].map((d) => join(ROOT, 'node_modules', d)),
  ].filter((dir) => existsSync(dir));
  const root = cycledTree(sources, FILES, 'bench-live-', (name) => /\.(ts|tsx|js|py)$/.test(name) && !name.endsWith('.d.ts'));
  return { root, files: FILES };
}

async function connect(cli: string): Promise<{ client: Client; pid: number; stderr: () => string; close: () => Promise<void> }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(METABOB_|XDG_CACHE_HOME|WORKSPACE_PATH)/.test(k)) env[k] = v;
  const home = mkdtempSync(join(tmpdir(), 'bench-live-home-'));
  // METABOB_CACHE=off: every run is cold, whatever an earlier one wrote. The debug log states the
  // index's longest main-thread stall.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli],
    env: { ...env, HOME: home, METABOB_CACHE: 'off', METABOB_LOG_LEVEL: 'debug' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'bench-live', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    pid: transport.pid!,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The process's CPU time so far (user + system, clock ticks of 10 ms), threads included. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pingsDuringIndex(
  cli: string,
  root: string,
): Promise<{ ping: number[]; metrics: number[]; firstCall: number; ms: number; text: string; stallMs: number | undefined }> {
  const { client, stderr, close } = await connect(cli);
  const ping: number[] = [];
  const metrics: number[] = [];
  // The process's first tool call loads the call boundary and opens the store (~0.5 s on this
  // machine, index or not): timed apart, so the figures below are the index's.
  let sent = performance.now();
  await client.callTool({ name: 'get_metrics', arguments: {} });
  const firstCall = performance.now() - sent;
  const started = performance.now();
  let text = '';
  try {
    let done = false;
    const init = client
      .callTool({ name: 'init_workspace', arguments: { workspace_path: root } }, { timeout: LIMIT_MS })
      .then((r) => (text = (r.content as Array<{ text: string }>)[0]!.text))
      .finally(() => (done = true));
    for (let probe = 0; !done; probe++) {
      sent = performance.now();
      if (probe % 5 === 4) {
        await client.callTool({ name: 'get_metrics', arguments: {} });
        if (!done) metrics.push(performance.now() - sent);
      } else {
        await client.ping();
        if (!done) ping.push(performance.now() - sent);
      }
      await sleep(10);
    }
    await init;
  } finally {
    await close();
  }
  const stall = /longest main-thread stall (\d+) ms/.exec(stderr());
  return { ping, metrics, firstCall, ms: performance.now() - started, text, stallMs: stall ? Number(stall[1]) : undefined };
}

async function cancelDuringIndex(
  cli: string,
  root: string,
): Promise<{ atFiles: number; total: number; lastProgressMs: number; quietMs: number; metrics: string }> {
  const { client, pid, close } = await connect(cli);
  try {
    const abort = new AbortController();
    let cancelledAt = 0;
    let firstProgressAt = 0;
    let lastProgressAt = 0;
    let atFiles = 0;
    let total = 0;
    const call = client
      .callTool(
        { name: 'init_workspace', arguments: { workspace_path: root } },
        {
          signal: abort.signal,
          timeout: LIMIT_MS,
          onprogress: (p) => {
            if (cancelledAt) lastProgressAt = performance.now();
            firstProgressAt ||= performance.now();
            atFiles = p.progress;
            total = p.total ?? 0;
          },
        },
      )
      .catch(() => undefined);
    // Quiet: no CPU tick over 100 ms (ten 10 ms samples); the figure is the start of that window.
    while (!firstProgressAt || performance.now() - firstProgressAt < CANCEL_AFTER_MS) await sleep(5);
    cancelledAt = performance.now();
    abort.abort('bench: cancelled');
    let ticks = cpuTicks(pid);
    let lastBusy = performance.now();
    while (performance.now() - lastBusy < 100 && performance.now() - cancelledAt < LIMIT_MS) {
      await sleep(10);
      const now = cpuTicks(pid);
      if (now !== ticks) lastBusy = performance.now();
      ticks = now;
    }
    await call;
    const answer = await client.callTool({ name: 'get_metrics', arguments: {} });
    const metrics = (answer.content as Array<{ text: string }>)[0]!.text.split('\n').filter((l) => /code graph|partial/i.test(l));
    return {
      atFiles,
      total,
      lastProgressMs: lastProgressAt ? lastProgressAt - cancelledAt : 0,
      quietMs: lastBusy - cancelledAt,
      metrics: metrics.join(' / '),
    };
  } finally {
    await close();
  }
}

const med = (xs: number[]) => (xs.length ? percentile(xs, 50) : NaN);
const ms = (x: number) => `${x.toFixed(0)} ms`;

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
for (const s of servers) if (!existsSync(s.cli)) throw new Error(`${s.cli} is missing: npm run build first`);
const tree = largeTree();
console.log(`Tree: ${tree.files} files (Django and node_modules TypeScript, cycled) in ${tree.root}`);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const { label, cli } of servers) {
      const p = await pingsDuringIndex(cli, tree.root);
      const worst = Math.max(0, ...p.ping);
      console.log(
        `  ${label}: init_workspace ${(p.ms / 1000).toFixed(1)} s (${p.text.split('\n')[0]}); ${p.ping.length} pings: median ${ms(med(p.ping))}, ` +
          `p95 ${ms(p.ping.length ? percentile(p.ping, 95) : NaN)}, worst ${ms(worst)} (${worst <= PING_GOAL_MS ? 'within' : 'over'} ${PING_GOAL_MS} ms); ` +
          `${p.metrics.length} get_metrics: median ${ms(med(p.metrics))}, p95 ${ms(p.metrics.length ? percentile(p.metrics, 95) : NaN)}, worst ${ms(Math.max(0, ...p.metrics))} ` +
          `(the process's first call, before the index: ${ms(p.firstCall)}); longest main-thread stall ${p.stallMs === undefined ? 'n/a' : ms(p.stallMs)}`,
      );
      const c = await cancelDuringIndex(cli, tree.root);
      console.log(
        `  ${label}: cancelled at ${c.atFiles} of ${c.total} files parsed: last progress ${ms(c.lastProgressMs)} after the cancel, ` +
          `CPU quiet ${ms(c.quietMs)} after (${c.quietMs <= CANCEL_GOAL_MS ? 'within' : 'over'} ${CANCEL_GOAL_MS} ms); get_metrics then: ${c.metrics}`,
      );
    }
  }
} finally {
  rmSync(tree.root, { recursive: true, force: true });
}
