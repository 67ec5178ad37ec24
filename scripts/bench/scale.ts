// `npm run bench`: the index's cost curve (files -> time, memory) on trees of 1k, 5k, 10k and
// 50k files assembled from installed sources (support/source-tree.ts: real distinct files first,
// cycled copies past them, and it says how many). Per size, each in fresh processes:
//   - cold `metabob-mcp index` through the built CLI (no budget; METABOB_CACHE=off): wall, peak RSS;
//   - cold init_workspace over stdio, called again while it answers `index_budget_exhausted`
//     (SPEC §init_workspace: a 20 s budget per call, resume by calling again): total time, calls,
//     and the server's peak RSS (VmHWM of /proc/<pid>/status, its workers included);
//   - warm: a new server on the same cache home, with no edits: total time, calls, files from the cache;
//   - single-threaded parse-only of the same files (read + parse, grammars preloaded) in a fresh process;
//   - what the index holds: retained heap after GC (V8 heap plus array buffers), per file, and the
//     graph's share of it per edge, from an in-process index in a fresh process.
// Targets (issue: scale by design): the 7,000+-file tree within 1.2x parse-only, peak RSS <= 600 MB;
// warm <= 35% of cold at every size. BENCH_SCALE_SIZES picks sizes (e.g. `1000,10000`);
// BENCH_SCALE_CLI another build's cli.js (e.g. main's, for before and after).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { sourceTree } from './support/source-tree.ts';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CLI = resolve(process.env.BENCH_SCALE_CLI ?? join(ROOT, 'dist/cli.js'));
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,5000,10000,50000').split(',').map(Number);
// A loaded machine parses few files a call; this only stops a run that never finishes.
const MAX_CALLS = 100;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The files the index takes from `root` (its scan and file cap, no git), for parse-only. */
async function indexedFiles(root: string): Promise<string[]> {
  const { scanWorkspace, normalizeExtensions, DEFAULT_EXCLUDE } = await import('../../core/index/scan-workspace.ts');
  const { chooseUnderCap } = await import('../../core/index/file-cap.ts');
  const { maxFiles } = await import('../../core/index/index-caps.ts');
  const scan = scanWorkspace(root, normalizeExtensions(undefined), DEFAULT_EXCLUDE);
  return chooseUnderCap(scan.files, maxFiles(), undefined, new Set()).kept.map((f) => f.file);
}

/** Child: read + parse every indexed file on one thread, grammars loaded first; prints ms. */
async function parseOnlyChild(root: string): Promise<void> {
  const { grammarForPath, parserFor } = await import('../../core/index/extract/grammar-loader.ts');
  const files = (await indexedFiles(root)).filter((f) => grammarForPath(f));
  for (const f of files) await parserFor(grammarForPath(f)!.grammar);
  const started = performance.now();
  for (const f of files) (await parserFor(grammarForPath(f)!.grammar)).parse(readFileSync(join(root, f), 'utf8'))?.delete();
  console.log(JSON.stringify({ ms: performance.now() - started, files: files.length }));
}

/** Child (--expose-gc): retained bytes after GC with the whole index, with only its graph, and with neither. */
async function heapChild(root: string): Promise<void> {
  const { LocalIndex } = await import('../../core/index/local-index.ts');
  const gc = (globalThis as { gc?: () => void }).gc!;
  const retained = () => {
    for (let i = 0; i < 3; i++) gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = retained();
  let index: InstanceType<typeof LocalIndex> | undefined = new LocalIndex(root);
  const result = await index.run({ budgetMs: Number.POSITIVE_INFINITY });
  if (!result.ok) throw new Error(result.cause);
  const withIndex = retained();
  const graph = index.graph!;
  const files = graph.componentsByFile.size;
  const edges = graph.edges.length;
  const nodes = graph.nodes.size;
  index = undefined;
  const graphOnly = retained();
  console.log(JSON.stringify({ files, nodes, edges, index: withIndex - before, graph: graphOnly - before, rss: process.resourceUsage().maxRSS * 1024 }));
}

function child(mode: string, root: string, flags: string[] = []): Record<string, number> {
  const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', new URL(import.meta.url).pathname], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, BENCH_SCALE_CHILD: mode, BENCH_SCALE_ROOT: root, METABOB_CACHE: 'off' },
  });
  if (run.status !== 0) throw new Error(`${mode} child failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

/** Cold `metabob-mcp index --json`, no budget, cache off: wall ms and the process's own figures. */
function cliIndex(
  root: string,
): Promise<{ wall: number; out: { files: number; nodes: number; edges: number; overCap: number; timing: { peak_rss_mb: number } } }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const p = spawn(process.execPath, [CLI, 'index', root, '--json'], { env: { ...process.env, METABOB_CACHE: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => (code === 0 ? done({ wall: performance.now() - started, out: JSON.parse(stdout) }) : fail(new Error(`index failed: ${stderr}`))));
  });
}

/** The warm-start cache's size on disk under `cacheHome`, bytes. */
function cacheBytes(cacheHome: string): number {
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  return existsSync(dir) ? readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) : 0;
}

/**
 * Waits (up to a minute) until the warm-start cache written after the last answer is in place:
 * no temp file beside it. The SDK client kills a server 4 s after closing its stdin, and at
 * 20,000 files the write can take longer on a loaded machine; the bench measures a warm start
 * from the whole cache, as a server left running a little longer leaves it.
 */
async function cacheWritten(cacheHome: string): Promise<void> {
  const dir = join(cacheHome, 'metabob-mcp', 'extractions');
  const writing = () => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.tmp'));
  await new Promise((r) => setTimeout(r, 200));
  for (const started = Date.now(); writing() && Date.now() - started < 60_000;) await new Promise((r) => setTimeout(r, 200));
}

/** The highest resident set of a live process so far, MB (its threads included). */
function peakRssMb(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

interface Session {
  ms: number;
  calls: number;
  rssMb: number;
  fromCache: number;
  text: string;
}

/** One fresh server with `cacheHome`: init_workspace until nothing is pending. */
async function initUntilDone(root: string, cacheHome: string): Promise<Session> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(METABOB_|XDG_CACHE_HOME|WORKSPACE_PATH)/.test(k)) env[k] = v;
  const home = mkdtempSync(join(tmpdir(), 'bench-scale-home-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI],
    cwd: root,
    env: { ...env, HOME: home, XDG_CACHE_HOME: cacheHome },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-scale', version: '1.0.0' });
  await client.connect(transport);
  try {
    // The process's first call loads the boundary and opens the store, index or not: not the index's cost.
    await client.callTool({ name: 'get_metrics', arguments: {} });
    const started = performance.now();
    let calls = 0;
    let fromCache = 0;
    let text = '';
    for (;;) {
      const result = await client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }, { timeout: 120_000 });
      calls++;
      text = (result.content as Array<{ text: string }>)[0]!.text;
      if (result.isError) throw new Error(text);
      fromCache += Number(/^Extraction cache: (\d+) of/m.exec(text)?.[1] ?? 0);
      const warnings = ((result._meta as { warnings_v2?: Array<{ code: string }> } | undefined)?.warnings_v2 ?? []).map((w) => w.code);
      if (!warnings.includes('index_budget_exhausted')) break;
      if (calls >= MAX_CALLS) throw new Error(`still pending after ${calls} calls`);
    }
    const ms = performance.now() - started;
    const rssMb = peakRssMb(transport.pid!);
    await cacheWritten(cacheHome);
    return { ms, calls, rssMb, fromCache, text };
  } finally {
    // The warm-start cache is written after the answer: closing stdin lets the server finish it and exit.
    await client.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SCALE_CHILD === 'parse') {
  await parseOnlyChild(process.env.BENCH_SCALE_ROOT!);
  process.exit(0);
}
if (process.env.BENCH_SCALE_CHILD === 'heap') {
  await heapChild(process.env.BENCH_SCALE_ROOT!);
  process.exit(0);
}

console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
console.log(`Cost curve (sizes ${SIZES.join(', ')}; BENCH_SCALE_SIZES picks them), load average at start ${load()}:`);
const rows: string[] = [];
for (const size of SIZES) {
  const tree = sourceTree(size, `bench-scale-${size}-`);
  const cacheHome = mkdtempSync(join(tmpdir(), 'bench-scale-cache-'));
  try {
    const loadBefore = load();
    const parse = child('parse', tree.root);
    const cli = await cliIndex(tree.root);
    const cold = await initUntilDone(tree.root, cacheHome);
    const cached = cacheBytes(cacheHome);
    const warm = await initUntilDone(tree.root, cacheHome);
    const heap = process.env.BENCH_SCALE_HEAP === 'off' ? undefined : child('heap', tree.root, ['--expose-gc']);
    const o = cli.out;
    const ratio = cli.wall / parse.ms;
    console.log(
      `\n${size} files (${tree.distinct} distinct sources${tree.files > tree.distinct ? `, ${tree.files - tree.distinct} cycled copies` : ''}); load ${loadBefore} -> ${load()}`,
    );
    console.log(`  indexed ${o.files} files, ${o.nodes} nodes, ${o.edges} edges${o.overCap ? `; ${o.overCap} past the file cap` : ''}`);
    console.log(`  cold CLI index: ${(cli.wall / 1000).toFixed(1)} s wall, peak RSS ${o.timing.peak_rss_mb} MB`);
    console.log(`  parse-only, one thread, same ${parse.files} files: ${(parse.ms / 1000).toFixed(1)} s; CLI index / parse-only = ${ratio.toFixed(2)}`);
    console.log(`  cold init_workspace over stdio: ${(cold.ms / 1000).toFixed(1)} s in ${cold.calls} call(s), server peak RSS ${cold.rssMb} MB`);
    console.log(
      `  warm init_workspace (new server, no edits): ${(warm.ms / 1000).toFixed(1)} s in ${warm.calls} call(s), ${warm.fromCache} files from the cache, peak RSS ${warm.rssMb} MB; warm / cold = ${((warm.ms / cold.ms) * 100).toFixed(0)}% (target <= 35%)`,
    );
    console.log(`    the cache file: ${(cached / 1e6).toFixed(1)} MB, ${(cached / o.files / 1024).toFixed(1)} KB a file`);
    if (warm.fromCache === 0) console.log(`    no warm start: ${/^Extraction cache: .*$/m.exec(warm.text)?.[0] ?? 'no cache line'}`);
    if (heap) {
      console.log(
        `  retained after GC: ${(heap.index / 1e6).toFixed(0)} MB for the index (${(heap.index / heap.files / 1024).toFixed(1)} KB a file), of which the graph ${(heap.graph / 1e6).toFixed(0)} MB (${(heap.graph / heap.edges).toFixed(0)} B an edge, nodes included); in-process peak RSS ${(heap.rss / 1e6).toFixed(0)} MB`,
      );
    }
    rows.push(
      `| ${size} | ${o.files} | ${(cli.wall / 1000).toFixed(1)} s | ${o.timing.peak_rss_mb} MB | ${(cold.ms / 1000).toFixed(1)} s / ${cold.calls} | ${cold.rssMb} MB | ${(parse.ms / 1000).toFixed(1)} s | ${ratio.toFixed(2)} | ${(warm.ms / 1000).toFixed(1)} s (${warm.fromCache}) | ${((warm.ms / cold.ms) * 100).toFixed(0)}% | ${heap ? `${(heap.index / heap.files / 1024).toFixed(1)} KB` : '-'} | ${heap ? `${(heap.graph / heap.edges).toFixed(0)} B` : '-'} |`,
    );
  } finally {
    rmSync(tree.root, { recursive: true, force: true });
    rmSync(cacheHome, { recursive: true, force: true });
  }
}
console.log(
  '\n| tree | indexed | CLI cold | CLI peak RSS | stdio cold / calls | server peak RSS | parse-only | CLI / parse | warm (files cached) | warm / cold | retained / file | graph / edge |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`load average at the end ${load()}`);
