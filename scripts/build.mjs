// Bundles core/cli.ts twice: as ES modules (dist/main.js and chunks) for the subcommands, and
// as one CommonJS file (dist/serve.cjs) that the bin dist/cli.js (core/cli-loader.ts) runs for
// a server start through V8's code cache, kept in the user's cache directory (the first start
// writes it); and the index worker into dist/index-worker.js. Nothing is written into dist/
// after the build, so an installed package can be read-only. Native and WASM parts, the exact
// tokenizer, the TUI and the OpenTelemetry SDK stay external and load lazily, so a server start loads none of them
// (SPEC §init_workspace `lazy-native`). The options live in
// scripts/bundle-options.mjs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { BIN_ENTRY, ESM_ENTRIES, bundleOptions, serveBundleOptions } from './bundle-options.mjs';

// Built beside dist/ and swapped in, so a test that is running the old build keeps its files.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });

// Computed here once from core's own code and baked in: the tool catalog tools/list answers
// from (core/server/tool-surface.ts), so a server start loads no tool module and no schema converter;
// and the extraction sources' hash (core/index/extractor-version.ts), the warm-start cache's key.
const bakedScript = `${out}-baked.mjs`;
await build({
  ...bundleOptions({ entryPoints: [], outdir: '.' }),
  stdin: {
    contents: [
      "import { buildToolCatalog } from './core/tools/tool-list.ts';",
      "import { extractorSourceHashOf } from './core/index/extractor-version.ts';",
      "process.stdout.write(JSON.stringify({ toolCatalog: buildToolCatalog(), extractorSources: extractorSourceHashOf('.') }));",
    ].join('\n'),
    resolveDir: '.',
    loader: 'ts',
  },
  splitting: false,
  outdir: undefined,
  outfile: bakedScript,
});
const baked = JSON.parse(execFileSync(process.execPath, [bakedScript], { encoding: 'utf8' }));
rmSync(bakedScript, { force: true });

const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const define = {
  __METABOB_TOOL_CATALOG__: JSON.stringify(baked.toolCatalog),
  'process.env.METABOB_BUILD_VERSION': JSON.stringify(version),
  __METABOB_EXTRACTOR_SOURCES__: JSON.stringify(baked.extractorSources),
};
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

const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
