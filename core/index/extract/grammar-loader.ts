// Loads web-tree-sitter and the grammar .wasm files (vendor/grammars/, grammar-files.ts) on first use.
// SPEC §init_workspace: the parser loads on the first init_workspace, never at server start,
// and a module that cannot load makes the local tools answer
// `local_index_unavailable(<module>: <reason>)` while everything else keeps working. So nothing
// here runs at import time: `web-tree-sitter` is imported dynamically and each grammar is
// loaded the first time a file of its language is parsed.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { Language, Parser } from 'web-tree-sitter';
import { GRAMMAR_IDS, kindOfPath, type GrammarId } from './languages/registry.ts';
import { GRAMMARS_DIR, grammarsDir } from './grammar-files.ts';
import { descriptorsExhausted, fdExhaustionCode } from '../fd-exhaustion.ts';
import { installNodeReads, installWordAccess } from './runtime-fast-paths.ts';

// The grammars and which one parses a file are the language modules' (languages/registry.ts).
export { GRAMMAR_IDS, type GrammarId };

/** The typed load failure the index turns into `local_index_unavailable(<module>: <reason>)` (SPEC §init_workspace `lazy-native`). */
export interface ParserUnavailable {
  module: string;
  reason: string;
}

export class ParserLoadError extends Error implements ParserUnavailable {
  readonly module: string;
  readonly reason: string;
  constructor(module: string, reason: string) {
    super(`local_index_unavailable(${module}: ${reason})`);
    this.name = 'ParserLoadError';
    this.module = module;
    this.reason = reason;
  }
}

export function isParserUnavailable(value: unknown): value is ParserUnavailable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ParserUnavailable).module === 'string' &&
    typeof (value as ParserUnavailable).reason === 'string'
  );
}

/** The module name a grammar failure is reported under, e.g. `tree-sitter-python`. */
export function grammarModuleName(grammar: GrammarId): string {
  return `tree-sitter-${grammar}`;
}

/**
 * Test switch: `METABOB_FAKE_PARSER_FAILURE=web-tree-sitter` (or `tree-sitter-python`, ...)
 * makes loading that module fail, so the `local_index_unavailable` path can be exercised
 * end to end without breaking the installation.
 */
function fakeFailure(module: string): void {
  const fake = process.env.METABOB_FAKE_PARSER_FAILURE;
  if (fake && (fake === module || fake === '*')) {
    throw new ParserLoadError(module, 'simulated load failure (METABOB_FAKE_PARSER_FAILURE)');
  }
}

function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.trim() || 'unknown error';
}

const requireHere = createRequire(import.meta.url);

function resolveGrammarDir(grammar: GrammarId): string {
  const dir = grammarsDir();
  if (!dir) throw new ParserLoadError(grammarModuleName(grammar), `${GRAMMARS_DIR} not found beside the package`);
  return dir;
}

/** web-tree-sitter's own runtime wasm, found next to its CommonJS entry. */
function resolveRuntimeWasm(): string | undefined {
  try {
    const file = join(dirname(requireHere.resolve('web-tree-sitter')), 'tree-sitter.wasm');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

type TreeSitterModule = typeof import('web-tree-sitter');

type WasmModule = object;
/** Node's WebAssembly global, typed here: the project's lib settings carry no WebAssembly types. */
const WebAssemblyApi = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule; Instance: new (module: WasmModule, imports: object) => object };
  }
).WebAssembly;

// Process caches: the WebAssembly runtime and each grammar compile once per process (or worker).
let runtime: Promise<TreeSitterModule> | undefined;
const grammars = new Map<GrammarId, Promise<Language>>();

/**
 * A load that failed for want of a file descriptor (EMFILE, ENFILE) is the process's state, not
 * the module's: it is forgotten, so the next load tries again instead of answering
 * local_index_unavailable for the rest of the process. The error does not always say so (an
 * import that cannot open package.json fails as "Cannot find module"), so descriptors are
 * also checked as it fails.
 */
export function forgetWhenFdExhausted(pending: Promise<unknown>, forget: () => void): void {
  pending.catch((err: unknown) => {
    if (fdExhaustionCode(err) ?? descriptorsExhausted('.')) forget();
  });
}

// @anchor lazy-native
/** Loads web-tree-sitter once (per thread); later calls share the same promise. */
export function loadRuntime(): Promise<TreeSitterModule> {
  if (runtime) return runtime;
  const pending = (async () => {
    fakeFailure('web-tree-sitter');
    let mod: TreeSitterModule;
    try {
      mod = await import('web-tree-sitter');
    } catch (err) {
      throw new ParserLoadError('web-tree-sitter', oneLine(err));
    }
    const wasm = resolveRuntimeWasm();
    // Emscripten makes this object the runtime's Module, whose loadWebAssemblyModule is what
    // Language.load calls for each grammar. Its instantiateWasm hook compiles the runtime
    // synchronously too (see compileGrammarsSynchronously).
    const emscriptenModule: Record<string, unknown> = wasm
      ? {
          locateFile: () => wasm,
          instantiateWasm: (imports: object, receive: (instance: object, module: object) => void) => {
            const module = new WebAssemblyApi.Module(readFileSync(wasm));
            receive(new WebAssemblyApi.Instance(module, imports), module);
            return {};
          },
        }
      : {};
    try {
      await mod.Parser.init(emscriptenModule);
    } catch (err) {
      throw new ParserLoadError('web-tree-sitter', oneLine(err));
    }
    compileGrammarsSynchronously(emscriptenModule);
    // Node reads cost less through these (runtime-fast-paths.ts); each falls back to the
    // library's own path when the runtime is not the shape it was written against.
    installWordAccess(emscriptenModule);
    installNodeReads(mod.Node);
    return mod;
  })();
  // A failed load is remembered: every later call answers the same cause without retrying
  // (but for want of a descriptor, see above).
  runtime = pending;
  forgetWhenFdExhausted(pending, () => {
    if (runtime === pending) runtime = undefined;
  });
  return pending;
}

/**
 * Grammars are compiled with `new WebAssembly.Module` rather than web-tree-sitter's
 * `WebAssembly.instantiate(bytes)`: in Node 20 an asynchronous compile started after another
 * grammar has parsed waits ~150-300 ms for the compiler threads (measured: python loaded after
 * javascript, 280 ms async, 17 ms this way), and a Django checkout has both. The synchronous
 * compile is lazy, so it costs this thread ~10-30 ms. When the runtime does not expose the
 * hook (another web-tree-sitter build), grammars load its own way.
 */
function compileGrammarsSynchronously(emscriptenModule: Record<string, unknown>): void {
  const load = emscriptenModule.loadWebAssemblyModule;
  if (typeof load !== 'function') return;
  emscriptenModule.loadWebAssemblyModule = (binary: unknown, ...rest: unknown[]) => {
    if (!(binary instanceof Uint8Array)) return load(binary, ...rest);
    return load(new WebAssemblyApi.Module(binary), ...rest);
  };
}

/** The parser's WebAssembly files by the module names the loader reports: web-tree-sitter's runtime and every grammar. */
export function parserWasmFiles(): Record<string, string> {
  const runtimeWasm = resolveRuntimeWasm();
  if (!runtimeWasm) throw new ParserLoadError('web-tree-sitter', 'tree-sitter.wasm not found');
  const files: Record<string, string> = { 'web-tree-sitter': runtimeWasm };
  for (const grammar of GRAMMAR_IDS) files[grammarModuleName(grammar)] = grammarWasmFile(grammar);
  return files;
}

/** A grammar's .wasm file in vendor/grammars/ (throws a ParserLoadError when the folder is missing). */
function grammarWasmFile(grammar: GrammarId): string {
  return join(resolveGrammarDir(grammar), `${grammarModuleName(grammar)}.wasm`);
}

/** Loads one grammar on its first use. */
export function loadGrammar(grammar: GrammarId): Promise<Language> {
  let pending = grammars.get(grammar);
  if (!pending) {
    const loading = (async () => {
      const mod = await loadRuntime();
      const module = grammarModuleName(grammar);
      fakeFailure(module);
      const file = grammarWasmFile(grammar);
      if (!existsSync(file)) throw new ParserLoadError(module, `grammar file missing: ${file}`);
      try {
        return await mod.Language.load(readFileSync(file));
      } catch (err) {
        throw new ParserLoadError(module, oneLine(err));
      }
    })();
    pending = loading;
    grammars.set(grammar, loading);
    forgetWhenFdExhausted(loading, () => {
      if (grammars.get(grammar) === loading) grammars.delete(grammar);
    });
  }
  return pending;
}

/** One parser per grammar, reused for every file of that grammar in this thread. */
const parsers = new Map<GrammarId, Parser>();

export async function parserFor(grammar: GrammarId): Promise<Parser> {
  const existing = parsers.get(grammar);
  if (existing) return existing;
  const [mod, language] = await Promise.all([loadRuntime(), loadGrammar(grammar)]);
  const parser = new mod.Parser();
  parser.setLanguage(language);
  parsers.set(grammar, parser);
  return parser;
}

/** The grammar and language of a path by its extension, or undefined when none is known. */
export const grammarForPath = kindOfPath;
