// Bundles core/cli.ts into dist/cli.js (and the index worker into dist/index-worker.js).
// Native and WASM parts, the exact tokenizer and the TUI stay external or in their own
// chunks and load lazily, so a server start loads none of them (SPEC §init_workspace
// `lazy-native`). The options live in scripts/bundle-options.mjs.
import { build } from 'esbuild';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { bundleOptions } from './bundle-options.mjs';

// Built beside dist/ and swapped in, so a test that is running the old build keeps its files.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });

await build({
  ...bundleOptions({ entryPoints: { cli: 'core/cli.ts', 'index-worker': 'core/index/extract/worker.ts' }, outdir: out, shebang: true }),
  sourcemap: 'linked',
  define: { 'process.env.METABOB_BUILD_VERSION': JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
});
chmodSync(`${out}/cli.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
