// What tree-sitter-typescript 0.23 misreads, masked for a re-parse (core/index/extract/recover-parse.ts).
// Every change replaces characters one for one and never a newline, so offsets and lines stay;
// a change is made only inside an ERROR region or where one begins, so text the grammar read
// is left as it was.
// - Call signatures one per line in an interface or type literal, separated by a line break
//   only (TypeScript handbook, "Call Signatures"; effect's `dual` overloads): after a member's
//   type, a line starting `<A>(` or `(` is read as type arguments or a call continuing that type
//   (the grammar's open issue on anonymous generic call signatures). A `;` put in the line's
//   indentation ends the member before it.
// - Variance annotations on type parameters (`interface I<in A, out B>`, TypeScript 4.7): the
//   grammar has no `in`/`out` modifier; they are blanked, leaving the parameters.
// - `export type * from` / `export type * as ns from` (TypeScript 5.0): the grammar lacks the
//   type-only star export; `type` is blanked, leaving the re-export.
// - An escaped backtick in a template literal type (`` `use \`new\`` ``): the grammar ends the
//   type's template there and reads the rest of the file as a template string, definitions and
//   all, with only a few characters in ERROR; the grammar reads no escape in a template type.
//   On a line where an ERROR region lies, the escape becomes `''`, plain text of its length.
// - `using` and `await using` declarations (TypeScript 5.2, ECMAScript explicit resource
//   management: `using list = await realm.handle()`, `for await (using frame of frames)`): the
//   grammar reads `using` as a name and, from there, often the whole file as one ERROR. The
//   keyword (with its `await`) becomes `const` and spaces, which binds the same names.

/** Whether [from, to) overlaps one of the sorted, disjoint ranges. */
function overlaps(ranges: ReadonlyArray<[number, number]>, from: number, to: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = ranges[mid]!;
    if (to <= s) hi = mid - 1;
    else if (from >= e) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The offset of the last character before `from` that is neither white space nor in a comment (-1 if none). */
function previousToken(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i >= 0 && /\s/.test(text[i]!)) i--;
    if (i >= 1 && text[i] === '/' && text[i - 1] === '*') {
      const open = text.lastIndexOf('/*', i - 2);
      if (open < 0) return i;
      i = open - 1;
      continue;
    }
    // A `//` comment ending this line (not inside a string on it).
    const lineStart = text.lastIndexOf('\n', i) + 1;
    const comment = text.indexOf('//', lineStart);
    if (comment >= 0 && comment <= i && !/['"`]/.test(text.slice(lineStart, comment))) {
      i = comment - 1;
      continue;
    }
    return i;
  }
}

// A line whose first token is `<` or `(` opening a call signature: `  <A, B>(`, `  <`, `  (`.
const SIGNATURE_LINE = /\n([ \t]+)(?=<\s*[\p{ID_Start}_$]|<\s*$|\()/gmu;
// What a member's type ends with: a name, `>`, `)`, `]`, `}`, a literal.
const TYPE_END = /[\p{ID_Continue}$)\]}'"`>]/u;
const VARIANCE = /([<,]\s*)(in\s+out|in|out)(\s+)(?=[\p{ID_Start}_$][\p{ID_Continue}$]*\s*(?:[,>=]|extends\b))/gu;
const TYPE_STAR_EXPORT = /\bexport(\s+)type(?=\s*\*)/g;
const ESCAPED_BACKTICK = /\\`/g;
// `using x =`, `using x:` (annotated), `using x of` (a for-of head); `await` and `using` on one line.
const USING = /\b(?:await[ \t]+)?using[ \t]+(?=[\p{ID_Start}_$][\p{ID_Continue}$]*[ \t]*(?:[=:]|of\b))/gu;
/** How far into a call signature its ERROR may start and still be the signature's. */
const SIGNATURE_WINDOW = 300;

export function maskUnreadable(source: string, errors: ReadonlyArray<[number, number]>): string | undefined {
  // The changed characters by offset, applied at the end: a file's few changes cost a copy of
  // the text, where an array of its characters cost more than parsing it (effect's sources).
  const edits = new Map<number, string>();
  const set = (at: number, c: string): void => {
    edits.set(at, c);
  };
  SIGNATURE_LINE.lastIndex = 0;
  for (let m = SIGNATURE_LINE.exec(source); m; m = SIGNATURE_LINE.exec(source)) {
    const open = m.index + 1 + m[1]!.length;
    const before = previousToken(source, m.index);
    // The grammar's ERROR may start at the previous member's type, at the `<`, or a little into the signature (`C = B`).
    if (before < 0 || !overlaps(errors, before, open + SIGNATURE_WINDOW)) continue;
    const c = source[before]!;
    if (TYPE_END.test(c) && !(c === '>' && source[before - 1] === '=')) set(open - 1, ';');
  }
  VARIANCE.lastIndex = 0;
  for (let m = VARIANCE.exec(source); m; m = VARIANCE.exec(source)) {
    const start = m.index + m[1]!.length;
    // The ERROR may hold the modifier or only the parameter after it (`<out E>` reads `out` as the name).
    if (!overlaps(errors, start, m.index + m[0].length + 1)) continue;
    for (let k = start; k < start + m[2]!.length; k++) set(k, ' ');
  }
  TYPE_STAR_EXPORT.lastIndex = 0;
  for (let m = TYPE_STAR_EXPORT.exec(source); m; m = TYPE_STAR_EXPORT.exec(source)) {
    const type = m.index + 'export'.length + m[1]!.length;
    if (!overlaps(errors, m.index, type + 4)) continue;
    for (let k = type; k < type + 4; k++) set(k, ' ');
  }
  USING.lastIndex = 0;
  for (let m = USING.exec(source); m; m = USING.exec(source)) {
    // The ERROR may start at the keyword or at the name after it.
    if (!overlaps(errors, m.index, m.index + m[0].length + 1)) continue;
    for (let k = 0; k < m[0].length; k++) set(m.index + k, 'const'[k] ?? ' ');
  }
  ESCAPED_BACKTICK.lastIndex = 0;
  // The line around a match is found once per line, not per match: linear on a long line of them.
  let lineEnd = -1;
  let onErrorLine = false;
  for (let m = ESCAPED_BACKTICK.exec(source); m; m = ESCAPED_BACKTICK.exec(source)) {
    if (m.index >= lineEnd) {
      const lineStart = source.lastIndexOf('\n', m.index) + 1;
      const end = source.indexOf('\n', m.index);
      lineEnd = end === -1 ? source.length : end;
      onErrorLine = overlaps(errors, lineStart, lineEnd);
    }
    if (!onErrorLine) continue;
    set(m.index, "'");
    set(m.index + 1, "'");
  }
  return edits.size > 0 ? withEdits(source, edits) : undefined;
}

/** `source` with each offset's character replaced by its edit. */
function withEdits(source: string, edits: ReadonlyMap<number, string>): string {
  const parts: string[] = [];
  let at = 0;
  for (const offset of [...edits.keys()].sort((a, b) => a - b)) {
    parts.push(source.slice(at, offset), edits.get(offset)!);
    at = offset + 1;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

/** A top-level statement's first line: a declaration or export at column 0. */
export const STATEMENT_START =
  /^(?:export\s|import[\s{*'"]|(?:declare\s+|abstract\s+|default\s+)*(?:async\s+)?(?:function|class|interface|type\s|enum|namespace|module\s|const\s|let\s|var\s)|@[\p{ID_Start}_$])/gmu;
