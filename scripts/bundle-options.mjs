// The esbuild options of dist/ in one place: scripts/build.mjs uses them, and so do the
// extraction bench and test that bundle the extractor the way dist/ does.
import { fileURLToPath } from 'node:url';

const ajvStub = fileURLToPath(new URL('./ajv-stub.mjs', import.meta.url));

// The SDK's server imports its Ajv validator statically, through its runtime shims; the
// server never uses it.
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: ajvStub }));
  },
};

/** The ES-module build's entry points, by output name (dist/<name>.js). */
export const ESM_ENTRIES = { main: 'core/cli.ts', 'index-worker': 'core/index/extract/worker.ts' };
/** The bin, dist/cli.js: a small ES module that picks the code-cached server start or dist/main.js. */
export const BIN_ENTRY = { cli: 'core/cli-loader.ts' };

/**
 * Native and WASM parts, the exact tokenizer, the TUI and the OpenTelemetry SDK (loaded only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set, core/server/otlp-traces.ts) stay external and load lazily.
 */
export const EXTERNAL = [
  'better-sqlite3',
  'web-tree-sitter',
  'js-tiktoken',
  'ink',
  'react',
  'react/jsx-runtime',
  '@clack/prompts',
  'ink-testing-library',
  '@opentelemetry/*',
];

const REQUIRE_SHIM = "import { createRequire as __metabobCreateRequire } from 'node:module';\nconst require = __metabobCreateRequire(import.meta.url);";

/** esbuild options for `entryPoints` bundled into `outdir` as dist/ is; `shebang` for the CLI entry. */
export function bundleOptions({ entryPoints, outdir, shebang = false }) {
  return {
    plugins: [noAjv],
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    keepNames: true,
    external: EXTERNAL,
    banner: { js: (shebang ? '#!/usr/bin/env node\n' : '') + REQUIRE_SHIM },
    logLevel: 'warning',
  };
}

/**
 * The CLI as one CommonJS file (dist/serve.cjs) that dist/cli.js runs through V8's code cache
 * for a server start (core/cli-loader.ts): a vm script cannot be an ES module. Modules the CLI
 * imports dynamically stay lazily evaluated inside it, and external packages are require()d
 * (each the server loads has a CommonJS entry); the TUI's ES-module packages are never reached
 * from a server start.
 */
export function serveBundleOptions({ outfile }) {
  return {
    plugins: [noAjv],
    entryPoints: ['core/cli.ts'],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import() of an external becomes require(): a vm script has no dynamic import.
    supported: { 'dynamic-import': false },
    minify: true,
    keepNames: true,
    external: EXTERNAL,
    // import.meta.url is the bundle's own file URL; import.meta.resolve is only reached when
    // running from source under tsx.
    define: { 'import.meta.url': '__metabobImportMetaUrl' },
    banner: { js: 'const __metabobImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
    logOverride: { 'empty-import-meta': 'silent' },
    logLevel: 'warning',
  };
}
