// dist/cli.js, the `metabob-mcp` bin. A server start runs dist/serve.cjs, the whole CLI as one
// CommonJS file, through V8's code cache: compiling the bundle is about a third of what a
// start costs beside Node's own start-up, and the cache (dist/serve.cjs.cache, written by the
// build from a real start) holds the compiled code of everything a start runs (start-up,
// spawn to tools/list, interleaved medians on this machine: 204 ms without the cache, 181 ms with
// it; 254 and 234 ms with its NODE_EXTRA_CA_CERTS). Every other subcommand (the TUI's
// among them, whose packages are ES modules) runs the ES module build, dist/main.js.
//
// First of all it applies the V8 settings for one-pass indexing (engine-flags.ts), so every
// process the bin starts, and the build's cache run, runs under the same flags.
//
// V8 takes the cache only from the same V8 version and flags; otherwise it compiles as usual
// and this file writes a fresh cache at exit for the next start (beside the bundle, atomically;
// a read-only install just keeps compiling). Nothing here writes to stdout: it is the MCP
// transport (SPEC src/index.ts@stdout-is-transport).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { startsServer } from './cli/invocation.ts';
import { applyEngineFlags } from './engine-flags.ts';

applyEngineFlags();

const here = dirname(fileURLToPath(import.meta.url));

interface ModuleInternals {
  wrap(source: string): string;
  _nodeModulePaths(dir: string): string[];
  new (id: string): { filename: string; paths: string[]; exports: unknown };
}

/**
 * The cache's first line is the bundle path it was made for: V8 names a script after the one
 * the cache was made from, so a cache made elsewhere (the build's folder, another install)
 * would put that path in every stack trace. Such a cache is treated as missing.
 */
function readCache(cacheFile: string, bundle: string): Buffer | undefined {
  try {
    const file = readFileSync(cacheFile);
    const newline = file.indexOf(10);
    return newline > 0 && file.toString('utf8', 0, newline) === bundle ? file.subarray(newline + 1) : undefined;
  } catch {
    return undefined; // no cache yet: compile, and write one at exit
  }
}

function runWithCodeCache(bundle: string): void {
  const cacheFile = `${bundle}.cache`;
  const cachedData = readCache(cacheFile, bundle);
  const NodeModule = Module as unknown as ModuleInternals;
  // esbuild writes ASCII only (non-ASCII is escaped), so latin1 reads it faster than utf8.
  const script = new vm.Script(NodeModule.wrap(readFileSync(bundle, 'latin1')), { filename: bundle, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    process.once('exit', () => {
      try {
        const temporary = `${cacheFile}.${process.pid}`;
        writeFileSync(temporary, Buffer.concat([Buffer.from(`${bundle}\n`), script.createCachedData()]));
        renameSync(temporary, cacheFile);
      } catch {
        // a read-only install: the next start compiles again
      }
    });
  }
  const module = new NodeModule(bundle);
  module.filename = bundle;
  module.paths = NodeModule._nodeModulePaths(here);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, here);
}

if (startsServer(process.argv.slice(2))) runWithCodeCache(join(here, 'serve.cjs'));
else await import(new URL('./main.js', import.meta.url).href);
