// Bundles core/cli.ts twice: as ES modules (dist/main.js and chunks) for the subcommands, and
// as one CommonJS file (dist/serve.cjs) that the bin dist/cli.js (core/cli-loader.ts) runs for
// a server start through V8's code cache, which this build writes from one real start; the
// index worker into dist/index-worker.js; and dist/parser-cache-maker.js, which writes the
// parser's optimized code into dist/parser-cache/<v8>/, run here for this Node. Native and
// WASM parts, the exact tokenizer and the TUI stay external and load lazily, so a server start
// loads none of them (SPEC §init_workspace `lazy-native`). The options live in
// scripts/bundle-options.mjs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN_ENTRY, ESM_ENTRIES, bundleOptions, serveBundleOptions } from './bundle-options.mjs';

// Built beside dist/ and swapped in, so a test that is running the old build keeps its files.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });

// The tools/list answer is computed here once and baked in (core/server/mcp-server.ts), so a
// server start loads no tool module and no schema converter.
const toolListScript = `${out}-tool-list.mjs`;
await build({
  ...bundleOptions({ entryPoints: [], outdir: '.' }),
  stdin: {
    contents: "import { buildToolList } from './core/tools/tool-list.ts';\nprocess.stdout.write(JSON.stringify(buildToolList()));",
    resolveDir: '.',
    loader: 'ts',
  },
  splitting: false,
  outdir: undefined,
  outfile: toolListScript,
});
const toolList = execFileSync(process.execPath, [toolListScript], { encoding: 'utf8' });
rmSync(toolListScript, { force: true });

const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const define = { __METABOB_TOOL_LIST__: toolList, 'process.env.METABOB_BUILD_VERSION': JSON.stringify(version) };
// Every subcommand but the server start: ES modules, loaded a chunk at a time.
await build({
  ...bundleOptions({ entryPoints: ESM_ENTRIES, outdir: out }),
  sourcemap: 'linked',
  define,
});
// The server start: one CommonJS file, run through V8's code cache.
const serve = serveBundleOptions({ outfile: `${out}/serve.cjs` });
await build({ ...serve, sourcemap: 'linked', define: { ...serve.define, ...define } });
// The bin: a small ES module that picks one of the two.
await build({
  ...bundleOptions({ entryPoints: BIN_ENTRY, outdir: out, shebang: true }),
  splitting: false,
});
chmodSync(`${out}/cli.js`, 0o755);

// The parser code cache (core/index/extract/parser-code-cache.ts): the parser runtime and every
// grammar compiled by V8's optimizing compiler, for this Node's V8, by the same maker a launch
// under another Node starts for itself.
try {
  execFileSync(process.execPath, [`${out}/parser-cache-maker.js`, `${out}/parser-cache`], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
} catch (err) {
  // V8's test natives are not a stable API: under a Node whose V8 lacks them the build still
  // succeeds, and the parser runs on V8's baseline code.
  rmSync(`${out}/parser-cache`, { recursive: true, force: true });
  console.warn(`build: no parser code cache (${String(err.message).split('\n')[0]}); the index will parse on V8's baseline code`);
}

const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });

// The code cache: one real start (initialize, tools/list, stdin closed) of the installed
// dist/ compiles what a start runs, and the loader writes the cache as the process exits. It
// is made in place because V8 keeps the path a cache was made at (see core/cli-loader.ts).
const handshake =
  [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'build', version } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ]
    .map((m) => JSON.stringify(m))
    .join('\n') + '\n';
const cacheHome = mkdtempSync(join(tmpdir(), 'metabob-build-'));
try {
  execFileSync(process.execPath, [join(process.cwd(), 'dist', 'cli.js')], {
    input: handshake,
    cwd: cacheHome,
    env: { PATH: process.env.PATH, HOME: cacheHome, METABOB_HOME: join(cacheHome, '.metabob') },
    stdio: ['pipe', 'ignore', 'ignore'],
    timeout: 30_000,
  });
} finally {
  rmSync(cacheHome, { recursive: true, force: true });
}
if (!existsSync('dist/serve.cjs.cache')) throw new Error('build: the start-up run wrote no code cache (dist/serve.cjs.cache)');
