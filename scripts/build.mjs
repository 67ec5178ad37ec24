// Bundles core/cli.ts into dist/cli.js. Native and WASM parts (better-sqlite3,
// web-tree-sitter and its grammars), the exact tokenizer and the TUI stay external or in
// their own chunks and load lazily, so a server start loads none of them (SPEC §init_workspace
// `lazy-native`).
import { build } from 'esbuild';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';

// Built beside dist/ and swapped in, so a test that is running the old build keeps its files.
const out = `dist.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });
// The SDK's server imports its Ajv validator statically; the server never uses it.
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes('@modelcontextprotocol/sdk') && args.importer.includes('/server/')
        ? { path: new URL('./ajv-stub.mjs', import.meta.url).pathname }
        : undefined,
    );
  },
};

await build({
  plugins: [noAjv],
  entryPoints: { cli: 'core/cli.ts', 'index-worker': 'core/index/extract/worker.ts' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  external: [
    'better-sqlite3',
    'web-tree-sitter',
    'tree-sitter-wasms',
    'js-tiktoken',
    'ink',
    'react',
    'react/jsx-runtime',
    '@clack/prompts',
    'ink-testing-library',
  ],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __metabobCreateRequire } from 'node:module';\nconst require = __metabobCreateRequire(import.meta.url);",
  },
  define: { 'process.env.METABOB_BUILD_VERSION': JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  logLevel: 'warning',
});
chmodSync(`${out}/cli.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, { recursive: true, force: true });
