// `npm run bench`: the first connect of the current SDK's client to the built server over stdio,
// in each way a host may open it: `auto` (probe with server/discover, fall back to initialize),
// the 2025 initialize handshake asked for directly, and the 2026-07-28 revision pinned. The time
// is from `connect()` to its resolving, each in a fresh server process, interleaved; medians of
// RUNS runs (BENCH_CONNECT_RUNS overrides). BENCH_CONNECT_CLI names other builds' dist/cli.js,
// comma-separated (for example a checkout of main beside this one), to compare under the same
// load; a mode a build cannot serve is reported.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CLIS = (process.env.BENCH_CONNECT_CLI ?? join(ROOT, 'dist/cli.js')).split(',');
const RUNS = Number(process.env.BENCH_CONNECT_RUNS ?? 7);

type Mode = 'auto' | 'legacy' | 'pinned';
const NEGOTIATION = {
  auto: { mode: 'auto' },
  legacy: { mode: 'legacy' },
  pinned: { mode: { pin: '2026-07-28' } },
} as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function connectOnce(cli: string, mode: Mode): Promise<{ ms: number; era: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(METABOB_|XDG_CACHE_HOME|WORKSPACE_PATH)/.test(k)) clean[k] = v;
  const cwd = mkdtempSync(join(tmpdir(), 'bench-connect-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli],
    cwd,
    env: { ...clean, HOME: mkdtempSync(join(tmpdir(), 'bench-connect-home-')), METABOB_LOOPBACK: 'off' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-connect', version: '1.0.0' }, { versionNegotiation: NEGOTIATION[mode] as never });
  const started = performance.now();
  try {
    await client.connect(transport);
    const ms = performance.now() - started;
    return { ms, era: client.getProtocolEra() ?? 'unknown' };
  } finally {
    await client.close().catch(() => {});
  }
}

type Figures = { times: Record<Mode, number[]>; eras: Record<Mode, Set<string>>; failures: Partial<Record<Mode, string>> };
const figures = new Map<string, Figures>(
  CLIS.map((cli) => [cli, { times: { auto: [], legacy: [], pinned: [] }, eras: { auto: new Set(), legacy: new Set(), pinned: new Set() }, failures: {} }]),
);
for (let run = 0; run < RUNS; run++) {
  for (const mode of ['auto', 'legacy', 'pinned'] as Mode[]) {
    for (const [cli, f] of figures) {
      if (f.failures[mode]) continue;
      try {
        const { ms, era } = await connectOnce(cli, mode);
        f.times[mode].push(ms);
        f.eras[mode].add(era);
      } catch (err) {
        f.failures[mode] = (err as Error).message.split('\n')[0];
      }
    }
  }
}
for (const [cli, { times, eras, failures }] of figures) {
  console.log(`first connect to ${cli}, median of ${RUNS}:`);
  for (const mode of Object.keys(times) as Mode[]) {
    if (failures[mode]) console.log(`  ${mode.padEnd(7)} fails: ${failures[mode]}`);
    else
      console.log(
        `  ${mode.padEnd(7)} ${median(times[mode]).toFixed(0)} ms (era ${[...eras[mode]].join('/')}; runs ${times[mode].map((t) => t.toFixed(0)).join(' ')})`,
      );
  }
}
