// One file in, one FileExtraction out: read, parse, collect the nodes of the types the
// language module handles in one walk, hand each to its handler, free the tree. Runs the same
// in the main thread and in the pool's workers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileExtraction, LanguageId } from '../extract-types.ts';
import { ExtractionBuilder } from './extraction-builder.ts';
import { contentHashOf } from './content-hash.ts';
import { forgetWhenFdExhausted, grammarForPath, loadGrammar, loadRuntime, parserFor, type GrammarId } from './grammar-loader.ts';
import type { FileContext, LanguageModule, NodeHandler } from './languages/language-module.ts';
import { FALLBACK_LANGUAGE, grammarModule } from './languages/registry.ts';
import { parseRecovering } from './recover-parse.ts';
import { Ancestry } from './ancestry.ts';
import { ReceiverTexts } from './languages/source-text.ts';
import { parseSource } from './paced-parse.ts';
import type { TimeSlicer } from './time-slices.ts';
import { fdExhaustionCode } from '../fd-exhaustion.ts';
import { MAX_FILE_BYTES } from '../index-caps.ts';

/** The pool's extractions carry the bytes' hash, the warm-start cache's key. */
export const HASHED = { hash: true } as const;

// The scan's size bound (../index-caps.ts), checked again on the bytes read: a file can grow
// between the scan and the parse.
export { MAX_FILE_BYTES } from '../index-caps.ts';

interface CompiledGrammar {
  /** The node type names to collect. */
  types: string[];
  /** Handlers by node type id (named ids only: `class` the node, not `class` the keyword). */
  byId: Map<number, NodeHandler>;
  module: LanguageModule;
}

const compiled = new Map<GrammarId, Promise<CompiledGrammar>>();

function compile(grammar: GrammarId): Promise<CompiledGrammar> {
  let pending = compiled.get(grammar);
  if (!pending) {
    const compiling = (async () => {
      const language = await loadGrammar(grammar);
      const module = grammarModule(grammar);
      if (!module) throw new Error(`no language module for grammar ${grammar}`);
      const handlers = module.handlers(grammar);
      const byId = new Map<number, NodeHandler>();
      const names = language.types;
      for (let id = 0; id < names.length; id++) {
        const name = names[id]!;
        if (Object.hasOwn(handlers, name) && language.nodeTypeIsNamed(id)) byId.set(id, handlers[name]!);
      }
      const types = Object.keys(handlers);
      const missing = types.filter((t) => ![...byId.keys()].some((id) => names[id] === t));
      // A misspelt node type would silently extract nothing of that kind.
      if (missing.length) throw new Error(`grammar ${grammar} has no node types ${missing.join(', ')}`);
      return { types, byId, module };
    })();
    pending = compiling;
    compiled.set(grammar, compiling);
    forgetWhenFdExhausted(compiling, () => {
      if (compiled.get(grammar) === compiling) compiled.delete(grammar);
    });
  }
  return pending;
}

/** A grammar's parser and handlers, loaded ahead of its first file. */
export async function prepareGrammar(grammar: GrammarId): Promise<void> {
  await Promise.all([parserFor(grammar), compile(grammar)]);
}

function failed(file: string, language: LanguageId, error: string): FileExtraction {
  return { file, language, definitions: [], imports: [], exports: [], calls: [], heritage: [], error };
}

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

/** Handlers run between two looks at the slicer's clock. */
const HANDLERS_PER_CHECK = 64;

/**
 * Extracts from text already in memory. Grammar load failures (ParserLoadError) propagate:
 * they make the whole index unavailable, not one file. `slicer`: on a thread that must keep
 * answering (the server's), parse and handlers pause when a slice has run its time.
 */
export async function extractSource(file: string, source: string, slicer?: TimeSlicer): Promise<FileExtraction> {
  const kind = grammarForPath(file);
  if (!kind) return failed(file, FALLBACK_LANGUAGE, `unsupported_language(${file})`);
  // The steps no progress callback or handler count cuts (the parser's and a grammar's first
  // loads, the tree's last steps, the collecting walk) each start a slice of their own when one is due.
  if (slicer) {
    await loadRuntime();
    await slicer.maybePause();
  }
  const [parser, grammar] = await Promise.all([parserFor(kind.grammar), compile(kind.grammar)]);
  await slicer?.maybePause();
  let parsed;
  try {
    parsed = await parseRecovering((text, old) => parseSource(parser, text, slicer, old), source, grammar.module);
  } catch (err) {
    parser.reset();
    return failed(file, kind.language, `parse_failed(${oneLine(err)})`);
  }
  if (!parsed) return failed(file, kind.language, 'parse_failed(no tree)');
  const { tree, text, unparsed } = parsed;
  try {
    await slicer?.maybePause();
    // The text parsed: the source, or the source with characters masked for recovery (same offsets, same names).
    const builder = new ExtractionBuilder(file, kind.language, text);
    const root = tree.rootNode;
    const ancestry = new Ancestry(root);
    const receivers = new ReceiverTexts(text);
    const context: FileContext = {
      b: builder,
      source: text,
      parentOf: (node) => ancestry.parentOf(node),
      receiverText: (from, to, namePath) => receivers.read(from, to, namePath),
    };
    const { byId } = grammar;
    let handled = 0;
    const nodes = root.descendantsOfType(grammar.types);
    await slicer?.maybePause();
    for (const node of nodes) {
      const handler = node && byId.get(node.typeId);
      const steps = handler ? handler(node!, context) : undefined;
      // A handler reading a long list yields between parts of it (NodeHandler).
      if (steps) for (const _ of steps) if (slicer?.due()) await slicer.pause();
      if (slicer && ++handled % HANDLERS_PER_CHECK === 0 && slicer.due()) await slicer.pause();
    }
    // Error recovery is counted, never a failure; only a file with errors pays for the count.
    if (root.hasError) builder.errorNodes = root.descendantsOfType('ERROR').length;
    const result = builder.finish();
    if (unparsed) result.unparsed = unparsed;
    grammar.module.finish?.(result, root);
    return result;
  } catch (err) {
    return failed(file, kind.language, `extract_failed(${oneLine(err)})`);
  } finally {
    tree.delete();
  }
}

/**
 * Reads `<root>/<relFile>` and extracts it; read problems and oversize files become `error`,
 * except EMFILE and ENFILE, which are thrown (they are the process's, not the file's).
 * `hash`: also set contentHash, as the index's pool does for the warm-start cache. `slicer`:
 * as extractSource's.
 */
export async function extractFile(root: string, relFile: string, options: { hash?: boolean; slicer?: TimeSlicer } = {}): Promise<FileExtraction> {
  const kind = grammarForPath(relFile);
  const language = kind?.language ?? FALLBACK_LANGUAGE;
  let buffer: Buffer;
  try {
    // Synchronous on purpose: a promise read is four trips through the libuv pool (open, stat,
    // read, close) per file, and on a loaded machine the thread sat idle waiting for them.
    // The parse that follows blocks far longer than this read.
    buffer = readFileSync(join(root, relFile));
  } catch (err) {
    // No descriptor free says nothing about the file: a read_failed here would index the
    // workspace without it and call that a success, so the whole run stops (../fd-exhaustion.ts).
    if (fdExhaustionCode(err)) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    return failed(relFile, language, `read_failed(${code}: ${oneLine(err)})`);
  }
  if (buffer.length > MAX_FILE_BYTES) {
    return failed(relFile, language, `file_too_large(${buffer.length} bytes > ${MAX_FILE_BYTES} bytes)`);
  }
  const result = await extractSource(relFile, buffer.toString('utf8'), options.slicer);
  // Hashed here, from the bytes just parsed, so a cached extraction always matches its key
  // even when the file changes while the index runs.
  if (options.hash) result.contentHash = contentHashOf(buffer);
  return result;
}
