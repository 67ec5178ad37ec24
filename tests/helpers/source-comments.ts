// The comments of a TypeScript or JavaScript source file, found by the TypeScript parser so a
// `//` inside a string, template or regex literal is not mistaken for one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface SourceComment {
  file: string;
  line: number;
  text: string;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every source file under `dir`, recursively, skipping node_modules. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out.sort();
}

/** Each comment of `file` once, with the 1-based line it starts on. */
export function commentsOf(file: string): SourceComment[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, ts.CommentRange>();
  const collect = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => seen.set(r.pos, r));
  // Comments are trivia before or after a token, so visiting every token's edges finds them all.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...seen.values()]
    .sort((a, b) => a.pos - b.pos)
    .map((r) => ({ file, line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) }));
}
