// `npm run eval:calls`' parse measure: how much of a corpus' source the grammar could not read.
// A byte inside a tree-sitter ERROR node belongs to no statement the extractor handles, so a
// definition there is missing from the graph (SPEC §init_workspace: every parsed file's
// components are nodes). Counted over the outermost ERROR nodes (nested ones are inside them),
// in UTF-16 code units as web-tree-sitter indexes the text (bytes, for ASCII sources).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { grammarForPath, parserFor } from '../../core/index/extract/grammar-loader.ts';

export interface ParseErrorShare {
  /** Source characters of every file measured. */
  total: number;
  /** Of them, inside an ERROR node of the raw parse. */
  inError: number;
  /** Files with at least one ERROR node. */
  files: number;
}

function errorChars(node: Node): number {
  if (node.type === 'ERROR') return node.endIndex - node.startIndex;
  let sum = 0;
  for (const child of node.children) if (child?.hasError) sum += errorChars(child);
  return sum;
}

/** The raw parse's ERROR share over `files` (workspace-relative) under `root`. */
export async function parseErrorShare(root: string, files: readonly string[]): Promise<ParseErrorShare> {
  const share: ParseErrorShare = { total: 0, inError: 0, files: 0 };
  for (const file of files) {
    const kind = grammarForPath(file);
    if (!kind) continue;
    const source = readFileSync(join(root, file), 'utf8');
    const tree = (await parserFor(kind.grammar)).parse(source);
    if (!tree) continue;
    share.total += source.length;
    if (tree.rootNode.hasError) {
      share.files++;
      share.inError += errorChars(tree.rootNode);
    }
    tree.delete();
  }
  return share;
}

export function formatShare(share: ParseErrorShare, files: number): string {
  const pct = share.total ? ((100 * share.inError) / share.total).toFixed(2) : '0.00';
  return `${pct}% of source in ERROR (${share.inError} of ${share.total} chars), ${share.files} of ${files} files with ERROR nodes`;
}
