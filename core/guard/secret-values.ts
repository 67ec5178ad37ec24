// SPEC §outgoing-text-guard: when a name is a secret's name and when a value is a secret's value.
// The same rules decide which values of secret-named variables the guard knows, and which pasted
// assignments (DB_PASSWORD=…), headers and credentialed URLs count; every regex here is a single
// pass over a bounded or anchored string.

/** The words that make a variable secret-named (SPEC: KEY, TOKEN, SECRET, PASSWORD, CREDENTIAL). */
const SECRET_WORDS = new Set([
  'key',
  'keys',
  'apikey',
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'pwd',
  'credential',
  'credentials',
]);

/** A variable named for a location or an identifier never holds a known secret (…_PATH, _FILE, ...). */
const LOCATION_SUFFIXES = ['path', 'file', 'dir', 'id', 'url', 'host', 'port', 'name', 'user', 'region'];

/**
 * Words that make the secret word a qualifier (MAX_TOKENS, TOKEN_TTL, KEY_ROTATION_DAYS): the name
 * is about a count, a duration, a location or a setting of the secret, not the secret itself.
 */
const QUALIFIERS = new Set([
  ...LOCATION_SUFFIXES,
  ...['max', 'min', 'num', 'count', 'length', 'len', 'size', 'limit', 'budget', 'usage', 'used', 'estimate', 'rate', 'window', 'cost'],
  ...['ttl', 'expiry', 'expires', 'expiration', 'lifetime', 'age', 'days', 'hours', 'minutes', 'seconds', 'ms', 'timeout', 'interval', 'rotation'],
  ...['type', 'kind', 'format', 'header', 'prefix', 'field', 'env', 'var', 'mode', 'enabled', 'required', 'algorithm', 'alg', 'version', 'store'],
  ...['set', 'get', 'check', 'make', 'has', 'is', 'validate', 'verify', 'hash', 'encode', 'decode', 'generate', 'template', 'reason', 'message', 'error'],
  ...['hint', 'label', 'placeholder', 'policy', 'validator', 'validators', 'reset', 'change', 'changed', 'regex', 'pattern', 'strength', 'hasher', 'hashers'],
]);

/** Splits `DB_PASSWORD`, `apiKey`, `x-auth-token`, `aws.secret_access_key` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .slice(0, 128)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Names whose value counts however weak it is (SPEC: weak passwords are the commonest real leak). */
const PASSWORD_WORDS = new Set(['password', 'passwords', 'passwd', 'pwd']);

/**
 * A word naming a password: the word itself, or one run together with what it is for
 * (PGPASSWORD, MYSQLPASSWD), as tools' own environment names are written.
 */
export function isPasswordWord(word: string): boolean {
  return PASSWORD_WORDS.has(word) || /^[a-z0-9]{1,32}(?:password|passwd)s?$/.test(word);
}

/** Whether a variable's value is one the guard learns as a known secret (SPEC: secret-named, not a location or identifier). */
export function isSecretVariableName(name: string): boolean {
  const words = nameWords(name);
  if (!words.some((w) => SECRET_WORDS.has(w) || /(key|token|secret|password|credential)s?$/.test(w))) return false;
  return !LOCATION_SUFFIXES.includes(words[words.length - 1] ?? '');
}

/** Whether a pasted assignment's name is a secret's (DB_PASSWORD, apiKey), not a qualifier of one (MAX_TOKENS, TOKEN_TTL). */
export function isSecretAssignmentName(name: string): boolean {
  const words = nameWords(name);
  if (!words.some((w) => SECRET_WORDS.has(w) || isPasswordWord(w) || /^(auth|access|refresh|api|client|session|bearer)(token|key|secret)$/.test(w)))
    return false;
  return !words.some((w) => QUALIFIERS.has(w));
}

/** Literals that stand for a value rather than being one (SPEC: "a literal such as true or password"). */
const LITERALS = new Set([
  ...['true', 'false', 'yes', 'no', 'on', 'off', 'null', 'none', 'nil', 'undefined', 'empty', 'blank', 'n/a', 'na', 'tbd', 'todo'],
  ...['password', 'passwd', 'pass', 'pwd', 'secret', 'token', 'key', 'apikey', 'api_key', 'api-key', 'changeme', 'change_me', 'change-me'],
  ...['redacted', 'masked', 'hidden', 'placeholder', 'dummy', 'fake', 'sample', 'test', 'testing', 'foo', 'bar', 'foobar', 'baz', 'qux'],
  ...['string', 'str', 'bytes', 'int', 'number', 'boolean', 'bool', 'any', 'unknown', 'object', 'optional', 'required', 'self', 'this'],
]);

/**
 * SPEC §outgoing-text-guard placeholders: YOUR_…, EXAMPLE, <…>, ***, a repeated character, an
 * ALL_CAPS name, ${VAR}, a literal such as true or password, a number or a duration.
 */
export function isPlaceholderValue(raw: string): boolean {
  const value = raw.trim().replace(/^["'`]|["'`]$/g, '');
  if (value.length === 0) return true;
  if (value.length > 4096) return false;
  const lower = value.toLowerCase();
  if (/^your[-_ ]/.test(lower) || lower.includes('example')) return true;
  if (/^<[^<>]*>$/.test(value) || /^\[[^[\]]*\]$/.test(value) || /^\{\{[^{}]*\}\}$/.test(value)) return true;
  if (value.includes('***') || /^(.)\1*$/.test(value) || /^[xX*.•_-]+$/.test(value)) return true;
  if (/^[A-Z][A-Z0-9_]*$/.test(value)) return true;
  if (/^\$\{[^{}]*\}$/.test(value) || /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(value) || /^%[A-Za-z_][A-Za-z0-9_]*%$/.test(value)) return true;
  if (LITERALS.has(lower)) return true;
  if (/^[+-]?\d+(\.\d+)?$/.test(value)) return true;
  if (/^\d+(\.\d+)?\s?(ms|s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|w|weeks?|y|years?)$/i.test(value)) return true;
  return false;
}

/** Shannon entropy of the value's characters, in bits per character (SPEC: random enough is ≥ 3). */
export function bitsPerChar(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const n = [...value].length;
  for (const c of counts.values()) {
    const p = c / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

export const RANDOM_ENOUGH_BITS = 3;
/** A known secret's value is at least this long (SPEC); the attachment's own key at least 12. */
export const KNOWN_VALUE_MIN = 16;
export const ATTACHMENT_KEY_MIN = 12;

/** A filesystem path (`/etc/x`, `~/x`, `./x`, `C:\x`), which names a secret's place, not the secret. */
export function looksLikePath(value: string): boolean {
  return /^(\/|~[/\\]|\.{1,2}[/\\]|[A-Za-z]:[/\\])/.test(value);
}

/** A URL with no user:password in it (a credential-free URL is a location). */
export function isCredentialFreeUrl(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]{0,20}:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.password === '' && url.username === '';
  } catch {
    return false;
  }
}

/** Whether a secret-named variable's value is one the guard knows (SPEC: ≥ 16, not a path or a credential-free URL, not a placeholder, random enough). */
export function isKnowableSecretValue(value: string): boolean {
  if (value.length < KNOWN_VALUE_MIN || value.length > 4096) return false;
  if (looksLikePath(value) || isCredentialFreeUrl(value) || isPlaceholderValue(value)) return false;
  return bitsPerChar(value) >= RANDOM_ENOUGH_BITS;
}
