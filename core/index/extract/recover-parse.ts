// Recovery from parse errors, so a construct the grammar cannot read costs the graph that
// construct and not the definitions around it (SPEC §init_workspace: every parsed file's
// components are nodes). tree-sitter's own recovery sometimes wraps the rest of a file, or a
// whole declaration, in one ERROR node. When the first parse has ERROR nodes, the text is
// re-parsed with offsets and lines kept (every change replaces characters one for one, never a
// newline), in at most two more passes:
// 1. mask: the language module blanks or separates what it knows its grammar misreads, inside
//    and next to the ERROR regions (typescript-recovery.ts);
// 2. isolate: a top-level statement in which an ERROR region starts and which that region
//    runs past (it swallowed the statements after it) is blanked, so the ones after parse.
// A pass is kept only when fewer characters are left in ERROR, counting blanked statements as
// left in ERROR. Each pass is one regex scan and one parse: linear in the file's size. A pass's
// parse is incremental: it is handed a copy of the kept tree edited where the characters
// changed, so tree-sitter re-reads only around the changes (the tree it builds is the one a
// fresh parse of the changed text builds; a third of a fresh parse's time on effect's sources).
import type { Edit, Node, Tree } from 'web-tree-sitter';
import type { LanguageModule } from './languages/language-module.ts';

/** What stayed unreadable: [first line, last line] (1-based) of each region, and its size in characters. */
export interface Unparsed {
  lines: Array<[number, number]>;
  chars: number;
}

export interface RecoveredParse {
  tree: Tree;
  /** The text the tree was parsed from: the source, or the source with masked characters. */
  text: string;
  /** Absent when the file parsed whole. */
  unparsed: Unparsed | undefined;
}

/**
 * The outermost ERROR nodes' character ranges, in document order. An explicit stack, not
 * recursion: a hostile file nests deeper than the JS stack goes.
 */
export function errorRanges(root: Node): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (!root.hasError) return out;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'ERROR') {
      out.push([node.startIndex, node.endIndex]);
      continue;
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) if (children[i]?.hasError) stack.push(children[i]!);
  }
  return out;
}

function size(ranges: ReadonlyArray<[number, number]>): number {
  let sum = 0;
  for (const [s, e] of ranges) sum += e - s;
  return sum;
}

/** Sorted, overlapping and touching ranges merged. */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Every character of the ranges replaced by a space, newlines kept. */
function blank(text: string, ranges: ReadonlyArray<[number, number]>): string {
  let out = '';
  let at = 0;
  for (const [s, e] of ranges) {
    out += text.slice(at, s) + text.slice(s, e).replace(/[^\n\r]/g, ' ');
    at = e;
  }
  return out + text.slice(at);
}

/** Offsets at which a top-level statement starts, by the module's `statementStart` (a multiline, global regex). */
function statementStarts(text: string, pattern: RegExp): number[] {
  const starts: number[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    starts.push(m.index);
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return starts;
}

/**
 * The statements to blank: for each ERROR region that runs past the start of a later
 * statement, from the start of the statement it begins in to the next statement's start.
 */
function swallowingStatements(text: string, errors: ReadonlyArray<[number, number]>, pattern: RegExp): Array<[number, number]> {
  const starts = statementStarts(text, pattern);
  if (starts.length === 0) return [];
  const out: Array<[number, number]> = [];
  let i = 0;
  for (const [s, e] of errors) {
    while (i + 1 < starts.length && starts[i + 1]! <= s) i++;
    const next = starts[i + 1];
    if (next === undefined || next >= e) continue;
    out.push([starts[i]! <= s ? starts[i]! : 0, next]);
  }
  return merged(out);
}

function lineRanges(text: string, ranges: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let line = 1;
  let at = 0;
  const lineAt = (offset: number): number => {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
  for (const [s, e] of ranges) {
    const first = lineAt(s);
    // An ERROR ending with a newline ends on the line before it.
    const last = lineAt(Math.max(s, e - 1));
    const previous = out.at(-1);
    if (previous && first <= previous[1]) previous[1] = Math.max(previous[1], last);
    else out.push([first, last]);
  }
  return out;
}

/**
 * The edits that turn `text` into `changed`, the same length with no newline changed: one per
 * run of changed characters. Columns count UTF-16 code units, as web-tree-sitter's indices do.
 */
export function editsBetween(text: string, changed: string): Edit[] {
  const edits: Edit[] = [];
  let row = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === changed.charCodeAt(i)) {
      if (text.charCodeAt(i) === 10) {
        row++;
        lineStart = i + 1;
      }
      continue;
    }
    const start = { row, column: i - lineStart };
    let end = i;
    for (; end < text.length && text.charCodeAt(end) !== changed.charCodeAt(end); end++) {
      if (text.charCodeAt(end) === 10) {
        row++;
        lineStart = end + 1;
      }
    }
    const endPosition = { row, column: end - lineStart };
    edits.push({ startIndex: i, oldEndIndex: end, newEndIndex: end, startPosition: start, oldEndPosition: endPosition, newEndPosition: endPosition });
    i = end - 1;
  }
  return edits;
}

/** Parses `source`, and when ERROR nodes remain, tries the module's masks and then isolation. */
export async function parseRecovering(
  parse: (text: string, old?: Tree) => Promise<Tree | null>,
  source: string,
  module: LanguageModule,
): Promise<RecoveredParse | undefined> {
  let tree = await parse(source);
  if (!tree) return undefined;
  let text = source;
  let errors = errorRanges(tree.rootNode);
  if (errors.length === 0) return { tree, text, unparsed: undefined };
  // Blanked statements stay counted as unread.
  let blanked: Array<[number, number]> = [];
  let left = size(errors);
  const attempt = async (candidate: string | undefined, blanks: Array<[number, number]>): Promise<void> => {
    if (candidate === undefined || candidate === text) return;
    // The kept tree stays as it was: the copy is edited, and freed once the parse is done.
    const old = tree!.copy();
    for (const edit of editsBetween(text, candidate)) old.edit(edit);
    let next: Tree | null;
    try {
      next = await parse(candidate, old);
    } finally {
      old.delete();
    }
    if (!next) return;
    const nextErrors = errorRanges(next.rootNode);
    const nextLeft = size(merged([...nextErrors, ...blanks]));
    if (nextLeft < left) {
      tree!.delete();
      tree = next;
      text = candidate;
      errors = nextErrors;
      blanked = blanks;
      left = nextLeft;
    } else next.delete();
  };
  await attempt(module.maskUnreadable?.(text, errors), blanked);
  if (errors.length > 0 && module.statementStart) {
    const isolate = swallowingStatements(text, errors, module.statementStart);
    if (isolate.length) await attempt(blank(text, isolate), merged([...blanked, ...isolate]));
  }
  const unread = merged([...errors, ...blanked]);
  return { tree, text, unparsed: unread.length ? { lines: lineRanges(source, unread), chars: size(unread) } : undefined };
}
