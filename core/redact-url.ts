// The one redaction of a URL's user info (SPEC §Proxy `redact-credentials`: "every proxy URL in
// a log line, /health, doctor's report and artifact, and attach --check is redacted"). It is
// applied to every URL this process shows, not only proxies: an endpoint, discovery, identity,
// a git origin or the OTLP endpoint can carry `user:password@` just as a proxy URL does, and the
// same surfaces print them. Requests still use the URL as given; only what is shown changes.
//
// It reads text, not `new URL`, so a value that does not parse is redacted too, and a whole line
// (a cause line naming a URL, a log line) can be passed as it is. One pass, no backtracking
// regex: log lines and answers can be long. A leaf module, so the logger can use it.

const REDACTED = '***@';
/** Where an authority ends (RFC 3986 §3.2): the path, the query, the fragment, or the text's own whitespace. */
const AUTHORITY_END = /[\s/?#]/g;
/** Where a URL written inside a line ends: whitespace, a quote, or punctuation around it. */
const TOKEN_END = /[\s"'<>`,;()[\]{}]/g;

/** The first index at or after `from` that `stop` (a one-character /g class) matches, or the text's length. */
function indexFrom(text: string, from: number, stop: RegExp): number {
  stop.lastIndex = from;
  return stop.exec(text)?.index ?? text.length;
}

/** The last `@` in [start, end), or -1; it never looks before `start`, so each span is read once. */
function lastAt(text: string, start: number, end: number): number {
  for (let i = end - 1; i >= start; i--) if (text.charCodeAt(i) === 64) return i;
  return -1;
}

// @anchor redact-credentials
/**
 * Replaces the user info of every URL in `text` with `***`:
 * `http://user:pw@host:8100/x` -> `http://***@host:8100/x`, `//user:pass@` -> `//***@`, and a
 * bare `user:pw@proxy:3128` -> `***@proxy:3128`. Scheme, host, port and path are kept. A bare
 * `user@host` with neither a password nor a port (an e-mail address, `git@github.com:org/repo`)
 * is not a URL's credentials and is left alone.
 */
export function redactUrl(text: string): string {
  if (!text.includes('@')) return text;
  if (!text.includes('//')) return redactSchemeless(text);
  let out = '';
  let copied = 0;
  /** The end of the last token judged whole, so a `//` inside its path is not judged again. */
  let judgedUntil = -1;
  for (let slashes = text.indexOf('//'); slashes !== -1; slashes = text.indexOf('//', slashes + 2)) {
    if (slashes < copied) continue;
    const start = slashes + 2;
    const authorityEnd = indexFrom(text, start, AUTHORITY_END);
    let at = lastAt(text, start, authorityEnd);
    if (at === -1 && slashes >= judgedUntil) {
      // A password holding `/`, `?` or `#` unencoded ends the authority early, so the URL does
      // not parse; everything from `//` to the token's last `@` is then still user info. When the
      // text does parse, that `@` sits in a path (`https://host/pkg@1.2`) and nothing is hidden.
      const tokenEnd = indexFrom(text, start, TOKEN_END);
      judgedUntil = tokenEnd;
      at = lastAt(text, start, tokenEnd);
      if (at !== -1 && parsesWithoutUserInfo(`http:${text.slice(slashes, at + 1)}h`)) at = -1;
    }
    if (at === -1) continue;
    out += text.slice(copied, start) + REDACTED;
    copied = at + 1;
  }
  return out + text.slice(copied);
}

function parsesWithoutUserInfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** A whole value with no `//` (`user:pw@proxy:3128`, which a proxy variable may hold). */
function redactSchemeless(text: string): string {
  if (/\s/.test(text)) return text;
  const authorityEnd = indexFrom(text, 0, /[/?#]/g);
  const at = lastAt(text, 0, authorityEnd);
  if (at <= 0) return text;
  const userinfo = text.slice(0, at);
  const hostPort = text.slice(at + 1, authorityEnd);
  const colon = hostPort.lastIndexOf(':');
  const port = colon === -1 ? '' : hostPort.slice(colon + 1);
  // `git@github.com:org/repo` is scp syntax (its "port" is a path) and an e-mail address has no
  // port: neither holds a password. A password, or a real port, says it is a URL's user info.
  if (!userinfo.includes(':') && !/^\d+$/.test(port)) return text;
  return REDACTED + text.slice(at + 1);
}

/** Every string in a JSON-shaped value through redactUrl (a report's data, GET /health's body). */
export function redactUrlsIn<T>(value: T): T {
  if (typeof value === 'string') return redactUrl(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactUrlsIn(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactUrlsIn(v)])) as T;
  }
  return value;
}
