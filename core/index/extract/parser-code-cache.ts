// The parser's WebAssembly (web-tree-sitter's runtime and each grammar) as optimized machine
// code the build made, so a fresh process parses at full speed from its first file.
// SPEC §init_workspace (`index-not-persisted`): the index is rebuilt on every launch, so without
// this cache each launch chooses between parsing on V8's baseline code (Liftoff) or paying ~780 ms of
// optimizing-compiler CPU on a 2-core machine (core/engine-flags.ts). Measured on Django's
// 859 .py files, one thread: Liftoff 1036-1121 ms, this cache's code 738-760 ms, for ~17 ms
// of deserialising.
//
// V8 has no public API for WebAssembly code caching in Node 20; its test natives
// (%SerializeWasmModule, %DeserializeWasmModule, under --allow-natives-syntax, which the bin
// sets) are the one way in. V8 refuses a cache made by another V8 version, CPU or flag set
// (it returns undefined), and this file refuses one whose wire bytes or content changed
// (SHA-256 in the manifest), so a stale or damaged cache costs a compile, never a wrong parse.
// On any refusal the parser stays on Liftoff for the rest of the process.
//
// The cache is kept per V8 version (dist/parser-cache/<v8>/): the build writes one for its
// Node, and a launch under another Node (a package built elsewhere, a Node upgrade) starts
// dist/parser-cache-maker.js in the background, at the lowest CPU priority, to write one for
// its own, so only that first launch parses on Liftoff.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { log } from '../../log.ts';

type WasmModule = object;
/** Node's WebAssembly global, typed here: the project's lib settings carry no WebAssembly types. */
export const WebAssemblyApi = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule; Instance: new (module: WasmModule, imports: object) => object };
  }
).WebAssembly;

const CACHE_DIR_NAME = 'parser-cache';
const MANIFEST = 'manifest.json';
const MAKER = 'parser-cache-maker.js';
/** A rebuild not finished within this long is taken as dead, and its lock as stale. */
const REBUILD_LOCK_MS = 5 * 60_000;

interface Manifest {
  v8: string;
  entries: Record<string, { wire: string; code: string; file: string }>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Node majors whose V8 natives this file was tested against (CI runs Node 20). The natives
 * check nothing (a wrong argument aborts the process), so under another major the parser keeps
 * to baseline code until someone has run tests/e2e/parser-code-cache.test.ts there and added it.
 */
const TESTED_NODE_MAJORS = [20];
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The natives, compiled once; undefined when the process was not started with the bin's flags. */
function natives(): { serialize: (m: WasmModule) => ArrayBuffer; deserialize: (code: ArrayBuffer, wire: Uint8Array) => WasmModule | undefined } | undefined {
  try {
    return {
      serialize: new Function('m', 'return %SerializeWasmModule(m)') as never,
      deserialize: new Function('code', 'wire', 'return %DeserializeWasmModule(code, wire)') as never,
    };
  } catch {
    return undefined; // SyntaxError: no --allow-natives-syntax
  }
}

/**
 * dist/parser-cache and dist/parser-cache-maker.js beside the bundled code (dist/ or
 * dist/chunks/), or the built ones when run from source (benches under tsx with the bin's flags).
 */
function distDir(): string | undefined {
  const here = import.meta.url;
  const candidates = here.endsWith('.ts') ? ['../../../dist/'] : ['./', '../'];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, here));
    if (existsSync(join(dir, MAKER))) return dir;
  }
  return undefined;
}

/**
 * Starts the maker for this V8, once per process and machine-wide at most one at a time (a lock
 * file), unless the cache directory cannot be written. Detached and unref'd: it outlives a
 * short process, and a server never waits for it.
 */
function startRebuild(dist: string, base: string): string {
  try {
    mkdirSync(base, { recursive: true });
    accessSync(base, constants.W_OK);
  } catch {
    return `${base} is not writable`;
  }
  const lock = join(base, `${process.versions.v8}.building`);
  try {
    if (Date.now() - statSync(lock).mtimeMs < REBUILD_LOCK_MS) return 'being written by another process';
    rmSync(lock, { force: true });
  } catch {
    // no lock: ours to take
  }
  try {
    closeSync(openSync(lock, 'wx'));
    const child = spawn(process.execPath, [join(dist, MAKER), base, lock], { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => rmSync(lock, { force: true }));
    child.unref();
    try {
      if (child.pid) setPriority(child.pid, 19);
    } catch {
      // a lower priority is a courtesy to the lanes, not a requirement
    }
    return 'being written in the background for the next launch';
  } catch (err) {
    return `could not start its rebuild: ${(err as Error).message.split('\n')[0]}`;
  }
}

// Process cache: which compiled-code cache this process reads is decided once.
/** The cache this process reads, or why it reads none (set on the first module loaded). */
let state: { dir: string; manifest: Manifest; deserialize: NonNullable<ReturnType<typeof natives>>['deserialize'] } | { off: string } | undefined;

/** For `doctor`: why the parser modules loaded so far did not all come from the cache, if so. */
export function parserCodeStatus(): { notUsed?: string } {
  return { notUsed: state && 'off' in state ? state.off : undefined };
}

/**
 * No cache for this process. Under the bin's flags the parser then stays on Liftoff, whose
 * optimizing tier would cost more CPU than it saves in one pass (core/engine-flags.ts); a
 * process started otherwise keeps V8's settings as they are.
 */
function stayOnBaseline(why: string, binFlags = true): void {
  if (state && 'off' in state) return; // the first reason stands, and the flags are set
  log.debug(`parser code cache: not used (${why})`);
  state = { off: why };
  if (binFlags) setFlagsFromString('--liftoff-only');
}

function open(): typeof state {
  if (state) return state;
  const own = natives();
  if (!own) {
    stayOnBaseline("started without the bin's engine flags", false);
    return state;
  }
  if (!TESTED_NODE_MAJORS.includes(nodeMajor)) {
    stayOnBaseline(`not tried under Node ${nodeMajor}`);
    return state;
  }
  const dist = distDir();
  if (!dist) {
    stayOnBaseline('no cache beside the code');
    return state;
  }
  const base = join(dist, CACHE_DIR_NAME);
  const dir = join(base, process.versions.v8);
  if (!existsSync(join(dir, MANIFEST))) {
    stayOnBaseline(`none for V8 ${process.versions.v8} yet; ${startRebuild(dist, base)}`);
    return state;
  }
  try {
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.v8 !== process.versions.v8) stayOnBaseline(`made by V8 ${manifest.v8}, this is ${process.versions.v8}`);
    else state = { dir, manifest, deserialize: own.deserialize };
  } catch (err) {
    stayOnBaseline(`unreadable manifest: ${(err as Error).message.split('\n')[0]}`);
  }
  return state;
}

/**
 * The compiled module for `name`'s wire bytes: from the cache when it holds this exact module
 * for this V8, else compiled here (lazily, on Liftoff).
 */
export function parserModule(name: string, wire: Uint8Array): WasmModule {
  const cache = open();
  if (cache && !('off' in cache)) {
    const entry = cache.manifest.entries[name];
    if (!entry) stayOnBaseline(`no entry for ${name}`);
    else if (entry.wire !== sha256(wire)) stayOnBaseline(`${name} changed since the build`);
    else {
      try {
        const code = readFileSync(join(cache.dir, entry.file));
        if (sha256(code) !== entry.code) stayOnBaseline(`${entry.file} is damaged`);
        else {
          // An exact ArrayBuffer and a typed array: the natives check nothing else.
          const module = cache.deserialize(new Uint8Array(code).buffer, new Uint8Array(wire));
          if (module) {
            log.debug(`parser code cache: ${name} loaded`);
            return module;
          }
          stayOnBaseline(`V8 refused ${entry.file} (another CPU or flag set)`);
        }
      } catch (err) {
        stayOnBaseline(`${entry.file}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  }
  return new WebAssemblyApi.Module(wire);
}

/**
 * dist/parser-cache-maker.js: compiles each module fully with the optimizing compiler and writes
 * its code and the manifest to `<base>/<this V8>/`, built aside and renamed into place, so a
 * reader sees a whole cache or none. Runs in a process started with the bin's engine flags; the
 * flags are switched back before serialising, because V8 stamps the cache with the flag set in
 * force then and accepts it only under the same set.
 */
export function writeParserCodeCache(base: string, modules: Record<string, Uint8Array>): void {
  const own = TESTED_NODE_MAJORS.includes(nodeMajor) ? natives() : undefined;
  if (!own) throw new Error(`writeParserCodeCache: needs Node ${TESTED_NODE_MAJORS.join(' or ')} started with --allow-natives-syntax (the bin's engine flags)`);
  const dir = join(base, process.versions.v8);
  const aside = `${dir}.tmp-${process.pid}`;
  mkdirSync(aside, { recursive: true });
  try {
    const manifest: Manifest = { v8: process.versions.v8, entries: {} };
    for (const [name, wire] of Object.entries(modules)) {
      setFlagsFromString('--no-liftoff');
      setFlagsFromString('--no-wasm-lazy-compilation');
      let module: WasmModule;
      try {
        module = new WebAssemblyApi.Module(wire);
      } finally {
        // --no-liftoff also turned dynamic tiering off; all three go back to their defaults.
        setFlagsFromString('--liftoff');
        setFlagsFromString('--wasm-lazy-compilation');
        setFlagsFromString('--wasm-dynamic-tiering');
      }
      const code = new Uint8Array(own.serialize(module));
      const file = `${name}.bin`;
      writeFileSync(join(aside, file), code);
      manifest.entries[name] = { wire: sha256(wire), code: sha256(code), file };
    }
    writeFileSync(join(aside, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Another process may have finished first: its cache is as good, and stays.
    if (!existsSync(dir)) renameSync(aside, dir);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}
