// dist/cli.js, the `metabob-mcp` bin. A server start runs dist/serve.cjs, the whole CLI as one
// CommonJS file, through V8's code cache (vm.Script's cachedData): compiling the bundle is
// about a third of what a start costs beside Node's own start-up. Every other subcommand (the
// TUI's among them, whose packages are ES modules) runs the ES module build, dist/main.js,
// through Node's module compile cache where this Node has one (22.1+).
// Spawn to tools/list, interleaved medians (scripts/bench/startup.ts): with Node's compile
// cache instead of this one the start was 102 against 93 ms under Node 22 and 98 against 81 ms
// under 24, so the server start keeps its own bundle and cache on every Node line.
//
// Both caches live in the user's cache directory (core/config/cache-dir.ts), never in the
// installed package, which may be read-only or shared. A cache entry is named by the SHA-256
// of the bundle's bytes and path and this Node's version: V8 itself checks only the source's
// length and its own version and flags, so an edited bundle of the same length would
// otherwise run stale code. An entry is read only from an owner-only directory, when the file
// is this user's and mode 0600. No cache directory (read-only home, another user's): the start
// compiles as usual. `doctor` says which.
//
// First of all it applies the V8 settings for one-pass indexing (engine-flags.ts), so every
// process the bin starts runs under them, and the code cache is made under the same flags.
// Nothing here writes to stdout: it is the MCP transport (SPEC src/index.ts@stdout-is-transport).
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { startsServer } from './cli/invocation.ts';
import { cacheDir, ensurePrivateDir, writeFileAtomic0600 } from './config/cache-dir.ts';
import { applyEngineFlags } from './engine-flags.ts';

applyEngineFlags();

const here = dirname(fileURLToPath(import.meta.url));
/** Entries kept per cache folder: a few Node versions or installs side by side, no more. */
const KEEP = 4;

interface ModuleInternals {
  wrap(source: string): string;
  _nodeModulePaths(dir: string): string[];
  new (id: string): { filename: string; paths: string[]; exports: unknown };
}

/** `<cache>/<name>` made owner-only and checked, or undefined to run without it. */
function privateCacheFolder(name: string): string | undefined {
  const dir = join(cacheDir(), name);
  return ensurePrivateDir(dir) === undefined ? dir : undefined;
}

/** Removes all but the KEEP most recently written entries of `dir` (old Node versions, old builds), never `keep`. */
function prune(dir: string, keep: string): void {
  try {
    const entries = readdirSync(dir)
      .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
      .filter((e) => e.path !== keep);
    entries.sort((a, b) => b.mtime - a.mtime);
    for (const old of entries.slice(KEEP - 1)) rmSync(old.path, { recursive: true, force: true });
  } catch {
    // another process pruned first, or the folder went away: nothing to bound
  }
}

/** The entry's bytes when it is this user's own 0600 file, else undefined. */
function readOwnFile(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const st = fstatSync(fd);
    if (process.platform !== 'win32' && (st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined; // no entry yet: compile, and write one at exit
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function runWithCodeCache(bundle: string): void {
  // esbuild writes ASCII only (non-ASCII is escaped), so latin1 reads it faster than utf8.
  const source = readFileSync(bundle, 'latin1');
  const folder = privateCacheFolder('code-cache');
  const key = createHash('sha256').update(bundle).update('\0').update(source, 'latin1').digest('hex').slice(0, 32);
  const entry = folder && join(folder, `serve-${process.version}-${process.arch}-${key}.bin`);
  const cachedData = entry ? readOwnFile(entry) : undefined;
  const NodeModule = Module as unknown as ModuleInternals;
  const script = new vm.Script(NodeModule.wrap(source), { filename: bundle, cachedData });
  if (entry && (!cachedData || script.cachedDataRejected)) {
    // At exit, so the cache holds what the start compiled lazily too (V8 adds every function
    // compiled so far); a failed write only means the next start compiles again.
    process.once('exit', () => {
      if (writeFileAtomic0600(entry, script.createCachedData()) === undefined) prune(folder, entry);
    });
  }
  const module = new NodeModule(bundle);
  module.filename = bundle;
  module.paths = NodeModule._nodeModulePaths(here);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, here);
}

/** Node's module compile cache (22.1+) for the ES module build, one folder per Node version. */
function enableModuleCompileCache(): void {
  const enable = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return;
  const folder = privateCacheFolder('compile-cache');
  if (!folder) return;
  const dir = join(folder, `${process.version}-${process.arch}`);
  if (ensurePrivateDir(dir) !== undefined) return;
  prune(folder, dir);
  enable(dir);
}

if (startsServer(process.argv.slice(2))) runWithCodeCache(join(here, 'serve.cjs'));
else {
  enableModuleCompileCache();
  await import(new URL('./main.js', import.meta.url).href);
}
