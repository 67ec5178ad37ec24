// Bundles core/cli.ts into dist/cli.js (and the index worker into dist/index-worker.js).
// Native and WASM parts, the exact tokenizer and the TUI stay external or in their own
// chunks and load lazily, so a server start loads none of them (SPEC §init_workspace
// `lazy-native`). The options live in scripts/bundle-options.mjs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { bundleOptions } from './bundle-options.mjs';

// Built beside dist/ and swapped in, so a test that is running the old build keeps its files.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });

// The tools/list answer is computed here once and baked in (core/server/mcp-server.ts), so a
// server start loads no tool module and no schema converter.
const toolListScript = `${out}-tool-list.mjs`;
await build({
  ...bundleOptions({ entryPoints: [], outdir: '.' }),
  stdin: { contents: "import { buildToolList } from './core/tools/tool-list.ts';\nprocess.stdout.write(JSON.stringify(buildToolList()));", resolveDir: '.', loader: 'ts' },
  splitting: false,
  outdir: undefined,
  outfile: toolListScript,
});
const toolList = execFileSync(process.execPath, [toolListScript], { encoding: 'utf8' });
rmSync(toolListScript, { force: true });

await build({
  ...bundleOptions({ entryPoints: { cli: 'core/cli.ts', 'index-worker': 'core/index/extract/worker.ts' }, outdir: out, shebang: true }),
  sourcemap: 'linked',
  define: { __METABOB_TOOL_LIST__: toolList, 'process.env.METABOB_BUILD_VERSION': JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
});
chmodSync(`${out}/cli.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
