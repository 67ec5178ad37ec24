// `npm run bench`: the warm start (core/index/extraction-cache.ts). init_workspace on a copy of
// Django through the built server over stdio, each in a fresh server process, interleaved:
// cold with the cache off (METABOB_CACHE=off), cold with an empty cache (what a first launch
// pays, the cache write included), a restart with no edits, and a restart after editing one
// file. Targets: warm <= 35% and one edit <= 40% of cold; cold with the cache within a few %
// of cold without. Medians of RUNS runs (BENCH_WARM_RUNS overrides).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CLI = join(ROOT, 'dist/cli.js');
const DJANGO = '/usr/lib/python3/dist-packages/django';
const EDITED = 'db/models/query.py';
const RUNS = Number(process.env.BENCH_WARM_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One fresh server: init_workspace's round trip as the client sees it, and its reply. */
async function initWorkspace(workspace: string, env: Record<string, string>): Promise<{ ms: number; text: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(METABOB_|XDG_CACHE_HOME)/.test(k)) clean[k] = v;
  const home = mkdtempSync(join(tmpdir(), 'bench-warm-home-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI],
    cwd: workspace,
    env: { ...clean, HOME: home, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-warm', version: '1.0.0' });
  await client.connect(transport);
  try {
    const started = performance.now();
    const result = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: workspace } });
    const ms = performance.now() - started;
    const text = (result.content as Array<{ text: string }>)[0].text;
    if (result.isError) throw new Error(text);
    return { ms, text };
  } finally {
    await client.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function fromCache(text: string): number {
  return Number(/^Extraction cache: (\d+) of/m.exec(text)?.[1] ?? 0);
}

if (!existsSync(DJANGO)) {
  console.log(`warm start: skipped, ${DJANGO} is absent (Django comes from Debian's python3-django)`);
  process.exit(0);
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-warm-'));
try {
  const workspace = join(scratch, 'django');
  cpSync(DJANGO, workspace, { recursive: true });
  const cacheHome = join(scratch, 'cache');
  const edited = join(workspace, EDITED);
  const original = readFileSync(edited, 'utf8');
  // Fills the cache (and warms the OS file cache) before timing.
  await initWorkspace(workspace, { XDG_CACHE_HOME: cacheHome });

  const times = { off: [] as number[], empty: [] as number[], warm: [] as number[], edit: [] as number[] };
  let files = 0;
  for (let i = 0; i < RUNS; i++) {
    times.off.push((await initWorkspace(workspace, { METABOB_CACHE: 'off' })).ms);
    const emptyCache = join(scratch, `empty-${i}`);
    times.empty.push((await initWorkspace(workspace, { XDG_CACHE_HOME: emptyCache })).ms);
    rmSync(emptyCache, { recursive: true, force: true });
    const warm = await initWorkspace(workspace, { XDG_CACHE_HOME: cacheHome });
    files = fromCache(warm.text);
    times.warm.push(warm.ms);
    // A new edit each time: the run before cached the previous one.
    writeFileSync(edited, `${original}\n# bench edit ${i}\n`);
    const edit = await initWorkspace(workspace, { XDG_CACHE_HOME: cacheHome });
    if (fromCache(edit.text) !== files - 1) throw new Error(`one edit took ${fromCache(edit.text)} of ${files} files from the cache`);
    times.edit.push(edit.ms);
  }
  const cold = median(times.off);
  const row = (label: string, xs: number[]) =>
    `  ${label}: ${median(xs).toFixed(0)} ms median (${xs.map((x) => x.toFixed(0)).join(', ')}); ${((median(xs) / cold) * 100).toFixed(0)}% of cold`;
  console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
  console.log(`\nWarm start, init_workspace on a copy of Django (${files} files), a fresh server each call, ${RUNS} interleaved runs:`);
  console.log(row('cold, METABOB_CACHE=off', times.off));
  console.log(row('cold, empty cache (first launch; writes the cache after the reply)', times.empty));
  console.log(row(`warm, no edits (target <= 35%)`, times.warm));
  console.log(row(`warm, ${EDITED} edited (target <= 40%)`, times.edit));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
