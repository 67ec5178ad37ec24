// The shape every language module has: tree-sitter query patterns, each with the handler that
// turns one match into definitions, imports, exports, calls and heritage on the builder. The
// patterns of a grammar are compiled into one query and run once over the tree, so per-file
// work is one pass in WASM plus a handler call per interesting node (no JS walk over every
// node, no query per definition).
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { GrammarId } from '../grammar-loader.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';

/** The captures of one match by name. */
export type Captures = Record<string, Node>;

export interface Pattern {
  /** One top-level tree-sitter query pattern (a `[...]` alternation counts as one). */
  query: string;
  handle: (captures: Captures, b: ExtractionBuilder, match: QueryMatch) => void;
}

export interface LanguageModule {
  grammars: readonly GrammarId[];
  /** The patterns for a grammar (JavaScript lacks the TypeScript-only node types). */
  patterns(grammar: GrammarId): Pattern[];
  /** Optional last step after the builder settled nesting (e.g. Python's top-level-public exports). */
  finish?: (result: import('../../extract-types.ts').FileExtraction) => void;
}

/** Tree-sitter's error recovery: counted, never a failure (extract-types `errorNodes`). */
export const ERROR_PATTERN: Pattern = {
  query: '(ERROR) @error',
  handle: (_c, b) => {
    b.errorNodes++;
  },
};

/** The text of a string literal node without its quotes. */
export function unquote(text: string): string {
  const first = text[0];
  if ((first === '"' || first === "'" || first === '`') && text.length >= 2 && text[text.length - 1] === first) {
    return text.slice(1, -1);
  }
  return text;
}
