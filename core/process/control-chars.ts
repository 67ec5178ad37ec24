// The characters that end or bend a line of text, and the one way they are shown. A concept's
// header block is `key: value` lines read up to the first blank line, and the first match of a
// key wins (SPEC §concept_create "Readers follow the same rule"), so a value that carries a line
// break can write fields of its own: a file named `z.ts\nseverity: CRITICAL` would make a LOW
// finding read CRITICAL to every agent. Every value the server writes as one line passes here,
// and every refusal and report that quotes a name or an argument shows it escaped.

/**
 * C0 controls (NUL, tab, line feed, carriage return, escape, ...), DEL, the C1 controls (NEL
 * U+0085 among them), and the Unicode line and paragraph separators U+2028 and U+2029: each
 * either breaks a line in some reader or is never part of a name a person typed.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `U+000A` for a line feed: how a refusal names the character without printing it. */
export function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first control character of `text` (its label and 1-based character position), else undefined. */
export function firstControlChar(text: string): { label: string; position: number } | undefined {
  const m = CONTROL.exec(text);
  return m ? { label: codePointLabel(m[0]), position: [...text.slice(0, m.index)].length + 1 } : undefined;
}

export function hasControlChar(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * `text` with each control character written as `\n`, `\r`, `\t` or `\uXXXX`, so it is one
 * line whatever it held. It is for showing and for one-line fields, not a reversible encoding:
 * a backslash already in the text is left as it is.
 */
export function escapeControlChars(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROL_ALL, (ch) => SHORT_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}
