// Reading names straight from the source text (language-module.ts): a call's receiver path
// and other name paths as written, whitespace dropped. Read char by char and given up at the
// first char no name path holds, so a node's text is never copied whole: a chain of 10,000
// calls `a().b().c()…` has 10,000 receivers that each span the chain before it, and reading
// each whole made one 50 KB file cost seconds (SPEC §init_workspace: any file up to the size cap of core/index/index-caps.ts).

/** Whether a char code is one JavaScript's `\s` matches (what `text.replace(/\s+/g, '')` drops). */
export function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** `[A-Za-z0-9_]`, JavaScript's `\w`. */
export function isAsciiWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * The source between `from` and `to` with whitespace dropped, when every other char is one
 * `keep` accepts; undefined at the first char it refuses. The same as `text.replace(/\s+/g, '')`
 * followed by a test that only such chars are in it, without reading past the first refusal.
 */
export function compactText(source: string, from: number, to: number, keep: (c: number) => boolean): string | undefined {
  let spaced = false;
  for (let i = from; i < to; i++) {
    const c = source.charCodeAt(i);
    if (isJsSpace(c)) spaced = true;
    else if (!keep(c)) return undefined;
  }
  const text = source.slice(from, to);
  return spaced ? text.replace(/\s+/g, '') : text;
}

/** A char a receiver path may hold before its `?.`, `!` and trailing separator are dropped: word chars, `$#.:?!`, and any non-ASCII char (Python and Java identifiers). */
function receiverChar(c: number): boolean {
  return isAsciiWord(c) || c === 46 || c === 36 || c === 35 || c === 58 || c === 63 || c === 33 || c > 127;
}

/** Reads of a receiver's chars longer than this are remembered for the calls after it that start where it does. */
const REMEMBERED_FROM = 32;

/**
 * Receivers of one file's member calls (language-module.ts receiverText): how far from each
 * start the source holds only receiver chars is remembered, so the calls of one chain, which
 * all start where the chain does, read its text once between them.
 */
export class ReceiverTexts {
  /** Per start: the first char at or after it that no receiver holds, once found. */
  private readonly stops = new Map<number, number>();
  /** Per start: how far receiver chars alone were read, while no stop is found. */
  private readonly clear = new Map<number, number>();

  constructor(private readonly source: string) {}

  /**
   * The receiver of a member call, from the source between the start of the callee expression
   * and the start of the member name: 'this', 'obj', 'a.b' ('?.' and '!' dropped); '<expr>' when
   * that is not a plain name path (`namePath` is the language's: dotted, or '::' for Rust).
   */
  read(from: number, to: number, namePath: RegExp): string {
    const stop = this.stops.get(from);
    if (stop !== undefined && stop < to) return '<expr>';
    if (stop === undefined) {
      const clear = this.clear.get(from) ?? from;
      let i = clear;
      for (; i < to; i++) {
        const c = this.source.charCodeAt(i);
        if (!receiverChar(c) && !isJsSpace(c)) break;
      }
      // Only a long read is worth remembering: a short one costs less than the entry.
      const remember = i - from > REMEMBERED_FROM;
      if (i < to) {
        if (remember) this.stops.set(from, i);
        this.clear.delete(from);
        return '<expr>';
      }
      if (remember && i > clear) this.clear.set(from, i);
    }
    let text = this.source.slice(from, to).replace(/\s+/g, '');
    text = text
      .replace(/(\?\.|\.|::)$/, '')
      .replace(/\?\./g, '.')
      .replace(/!/g, '');
    return namePath.test(text) ? text : '<expr>';
  }
}
