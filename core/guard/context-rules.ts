// SPEC §outgoing-text-guard context rules: Authorization headers, cookies, URLs with credentials
// and pasted config assignments (DB_PASSWORD=…) count unless the value is a placeholder or the
// name uses the secret word as a qualifier; a header or cookie token must also be random enough,
// while a password counts however weak it is.
//
// Each regex only finds where a rule applies (the keyword, the separator) and captures a bounded
// slice; the value is judged in code. Every unbounded start sits behind a lookbehind its own
// characters fail, so the scans are linear (tests/unit/outgoing-guard-linear.test.ts).
import { RANDOM_ENOUGH_BITS, bitsPerChar, isPasswordWord, isPlaceholderValue, isSecretAssignmentName, nameWords } from './secret-values.ts';

/** A header or cookie token shorter than this is not a credential (a session id, a bearer token are longer). */
const TOKEN_MIN = 12;

/** Lower-case words joined by `_`, `.` or `-` (`_auth_user_id`), or a dotted module path of words (`django.contrib.auth.Token`): a name, not a credential. */
const identifierWords = (token: string) => /^[a-z_.-]+$/.test(token) || /^[A-Za-z_]+(?:\.[A-Za-z_]+)+$/.test(token);
const randomToken = (token: string) =>
  token.length >= TOKEN_MIN && !isPlaceholderValue(token) && !identifierWords(token) && bitsPerChar(token) >= RANDOM_ENOUGH_BITS;
/** A value with a space or a format slot (`%s`, `%(name)s`, `{0}`) is a sentence or a template, not a credential. */
const sentenceOrTemplate = (value: string) => /\s/.test(value.trim()) || /%(?:\([A-Za-z_]{1,40}\))?[sdrf]|\{[A-Za-z0-9_]{0,40}\}/.test(value);
/** Quotes, backticks and trailing punctuation around a token as code and prose write it. */
const bare = (token: string) => token.replace(/^[\s"'`(]+/, '').replace(/[\s"'`),;\]}]+$/, '');

const AUTH_HEADER = /(?<![A-Za-z0-9_-])(?:proxy-)?authorization["'`]?[ \t]{0,4}[:=][ \t]{0,4}["'`]?([^\r\n"'`]{1,600})/gi;
const AUTH_SCHEMES = new Set(['bearer', 'basic', 'token', 'apikey', 'api-key', 'key', 'sso-key', 'bot', 'jwt', 'hmac', 'negotiate', 'ntlm', 'oauth']);

function authorizationHeader(text: string): boolean {
  for (const m of text.matchAll(AUTH_HEADER)) {
    const words = m[1].trim().split(/[ \t]+/);
    const token = bare(AUTH_SCHEMES.has(words[0]?.toLowerCase() ?? '') ? (words[1] ?? '') : (words[0] ?? ''));
    if (randomToken(token)) return true;
  }
  return false;
}

const COOKIE_HEADER = /(?<![A-Za-z0-9_-])(?:set-)?cookie["'`]?[ \t]{0,4}:[ \t]{0,4}["'`]?([^\r\n"'`]{1,2000})/gi;
const COOKIE_ATTRIBUTES = new Set(['path', 'domain', 'expires', 'max-age', 'samesite', 'secure', 'httponly', 'priority', 'partitioned']);

function cookieHeader(text: string): boolean {
  for (const m of text.matchAll(COOKIE_HEADER)) {
    for (const pair of m[1].split(';')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (COOKIE_ATTRIBUTES.has(pair.slice(0, eq).trim().toLowerCase())) continue;
      if (randomToken(bare(pair.slice(eq + 1)))) return true;
    }
  }
  return false;
}

// scheme://user:password@ — the scheme only where a scheme's run of characters starts.
const CREDENTIAL_URL = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/([^\s/@:'"`<>]{0,128}):([^\s/@'"`<>]{1,256})@[A-Za-z0-9[]/g;

/** Documented examples, as AWS's keys are (SPEC): MDN's URL.password example `anonymous:flabada`. */
const DOCUMENTED_URL_CREDENTIALS = new Set(['anonymous:flabada']);

function credentialedUrl(text: string): boolean {
  for (const m of text.matchAll(CREDENTIAL_URL)) {
    const password = m[2];
    if (DOCUMENTED_URL_CREDENTIALS.has(`${m[1]}:${password}`)) continue;
    let decoded = password;
    try {
      decoded = decodeURIComponent(password);
    } catch {
      // Not percent-encoding: judge it as written.
    }
    if (!isPlaceholderValue(decoded)) return true;
  }
  return false;
}

// NAME <sep> value, where NAME starts an identifier run; `==`, `!=`, `<=` and `::` are comparisons or paths, not assignments.
const ASSIGNMENT =
  /(?<![A-Za-z0-9_.$-])(["']?)([A-Za-z_][A-Za-z0-9_.-]{0,63})["']?[ \t]{0,4}(:=|=>|=(?!=)|:(?![:/]))[ \t]{0,4}(?:"([^"\r\n]{0,512})"|'([^'\r\n]{0,512})'|`([^`\r\n]{0,512})`|([^\s"'`,;]{1,512}))/g;

/** An unquoted value that is code, not a value: a call, an index, a member chain, a variable's name (`raw_password`, `rawPassword`). */
function isCodeReference(value: string): boolean {
  if (/[()[\]{}<>|]/.test(value) || /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(value)) return true;
  return /^[a-z_$][a-z0-9_$]*$/.test(value) ? value.includes('_') || value.includes('$') : /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(value);
}

/** Whether the text from the line's start up to `index` is only indentation, `export `, a list dash or an npmrc scope (`//host/:`): a dotenv, YAML, INI or npmrc line. */
function startsLine(text: string, index: number): boolean {
  // Only the 256 characters before the name are looked at, so a long line costs each match no more.
  const from = Math.max(0, index - 256);
  const before = text.slice(from, index);
  const newline = before.lastIndexOf('\n');
  if (newline === -1 && from > 0) return false;
  return /^[ \t]*(?:export[ \t]+|set[ \t]+|-[ \t]+|\/\/[^\s=]{1,240}:)?$/.test(before.slice(newline + 1));
}

function endsLine(text: string, index: number): boolean {
  const rest = text.slice(index, index + 256);
  return /^[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$)/.test(rest);
}

/** `NAME=value` written as a shell writes an environment assignment, anywhere in a line. */
function shellAssignment(text: string, index: number, name: string, matched: string): boolean {
  const afterSpace = index === 0 || /\s/.test(text[index - 1]);
  return afterSpace && /^[A-Z][A-Z0-9_]*$/.test(name) && matched.startsWith(`${name}=`) && !matched.startsWith(`${name}==`);
}

function configAssignment(text: string): boolean {
  for (const m of text.matchAll(ASSIGNMENT)) {
    const [, nameQuote, name, separator] = m;
    if (!isSecretAssignmentName(name)) continue;
    const quoted = m[4] ?? m[5] ?? m[6];
    const value = quoted ?? m[7];
    if (isPlaceholderValue(value) || sentenceOrTemplate(value)) continue;
    const wholeLine = startsLine(text, m.index) && endsLine(text, m.index + m[0].length);
    const password = nameWords(name).some(isPasswordWord);
    // An unquoted value counts as a whole dotenv / YAML / INI line, never mid-code; so does a bare
    // `name: "value"` (a YAML line; mid-line or with a trailing comma it is an object literal).
    // A password also counts mid-sentence as a shell writes it, `DB_PASSWORD=hunter2 psql ...`:
    // an environment name, `=` with no space, after a space or the start (SPEC: a password counts
    // however weak it is). Code's keyword arguments are lower-case and follow `(` or `, `.
    if (quoted === undefined && (!(wholeLine || (password && shellAssignment(text, m.index, name, m[0]))) || isCodeReference(value))) continue;
    if (quoted !== undefined && separator === ':' && !nameQuote && !wholeLine) continue;
    if (password || randomToken(value)) return true;
  }
  return false;
}

/** The first context rule the text holds, by the kind the refusal names; null when none. */
export function findContextSecret(text: string): string | null {
  if (authorizationHeader(text)) return 'authorization_header';
  if (cookieHeader(text)) return 'cookie';
  if (credentialedUrl(text)) return 'url_credentials';
  if (configAssignment(text)) return 'config_assignment';
  return null;
}
