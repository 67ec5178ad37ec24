// The shape every language module has: a handler per tree-sitter node type of interest. The
// extractor collects every node of those types in one pass inside WASM
// (`descendantsOfType`, a plain cursor walk, cheaper than a query's pattern matching), then
// calls the handler of each. Handlers touch only the few children they need and read names
// straight from the source text, because every node property read is a call into WASM
// (SPEC §init_workspace: the index is rebuilt on every launch, so per-file work stays lean).
import type { Node } from 'web-tree-sitter';
import type { FileExtraction } from '../../extract-types.ts';
import type { GrammarId } from '../grammar-loader.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';

export interface FileContext {
  b: ExtractionBuilder;
  source: string;
}

export type NodeHandler = (node: Node, f: FileContext) => void;

export interface LanguageModule {
  grammars: readonly GrammarId[];
  /** Handlers by node type name (JavaScript lacks the TypeScript-only node types). */
  handlers(grammar: GrammarId): Record<string, NodeHandler>;
  /** Optional last step after the builder settled nesting (e.g. Python's top-level-public exports). */
  finish?: (result: FileExtraction) => void;
}

const WORD = /#?[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*/uy;

/** The identifier starting at `index` in the source (node.text without the WASM call). */
export function wordAt(source: string, index: number): string {
  WORD.lastIndex = index;
  return WORD.exec(source)?.[0] ?? '';
}

/**
 * The receiver of a member call, from the source between the start of the callee expression
 * and the start of the member name: 'this', 'obj', 'a.b' ('?.' and '!' dropped); '<expr>' when
 * that is not a plain name path (`namePath` is the language's: dotted, or '::' for Rust).
 */
export function receiverText(source: string, from: number, to: number, namePath: RegExp): string {
  let text = source.slice(from, to).replace(/\s+/g, '');
  text = text.replace(/(\?\.|\.|::)$/, '').replace(/\?\./g, '.').replace(/!/g, '');
  return namePath.test(text) ? text : '<expr>';
}

/** The text of a string literal node without its quotes. */
export function unquote(text: string): string {
  const first = text[0];
  if ((first === '"' || first === "'" || first === '`') && text.length >= 2 && text[text.length - 1] === first) {
    return text.slice(1, -1);
  }
  return text;
}

/**
 * Go's and Rust's module surface: top-level exported definitions, methods aside (they are
 * reached through their type); an exported-looking item nested in a function stays private.
 */
export function exportTopLevelDefinitions(result: FileExtraction): void {
  for (const def of result.definitions) {
    if (def.kind === 'method') continue;
    if (def.parent !== null) def.exported = false;
    else if (def.exported) result.exports.push({ local: def.name, exported: def.name });
  }
}
