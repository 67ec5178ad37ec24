// SPEC §outgoing-text-guard: one guard over every string a substrate tool sends, before the tool
// runs, on every plane (the boundary calls it); a backstop over every write's pointer at the one
// egress (core/attachment/resolve.ts); and how a call's arguments are described in logs, by name
// and size, never by value. The rules live in core/guard/.
import { findCredentialPattern } from './guard/credential-patterns.ts';
import { findContextSecret } from './guard/context-rules.ts';
import { GUARD_EXEMPT_TOOLS, fieldRule } from './guard/guarded-fields.ts';
import { hasHomePath, homeOf, replaceHomePaths } from './guard/home-paths.ts';
import { knownSecretValues } from './guard/known-secrets.ts';
import { cause, type Cause } from './process/cause.ts';

export { GUARD_EXEMPT_TOOLS, GUARDED_FIELDS, DEFAULT_FIELD_RULE, fieldRule, type FieldKind, type FieldRule } from './guard/guarded-fields.ts';

/** The masked form every secret refusal suggests (SPEC). */
export const MASKED_EXAMPLE = 'postgres://admin:***@host';

export interface GuardSources {
  env: NodeJS.ProcessEnv;
  /** The decided workspace (its dotenv / npmrc / pypirc files are known-secret sources). */
  workspaceRoot?: string;
}

/** The secret kind a string holds (known_secret, a pattern family or a context rule), or null. */
export function secretKindOf(text: string, known: readonly string[]): string | null {
  if (known.some((value) => text.includes(value))) return 'known_secret';
  return findCredentialPattern(text) ?? findContextSecret(text);
}

/** A nested key as a field path names it: an identifier that holds no secret as written, anything else by its length only. */
function keySegment(key: string, known: readonly string[]): string {
  return /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(key) && !secretKindOf(key, known) ? `.${key}` : `[a key of ${key.length} characters]`;
}

interface StringAt {
  path: string;
  text: string;
  /** Replaces this string (a value, or an object key) in the field's copy. */
  set(next: string): void;
  /** A subtree nested past MAX_DEPTH, checked as its JSON text and never rewritten. */
  deep?: boolean;
}

/** Nesting the walk follows; a deeper subtree is checked whole, as its JSON text. */
const MAX_DEPTH = 32;

/** A copy of `value` and every string in it, object keys included, with its field path (`variables.db[2]`). */
function stringsOf(value: unknown, path: string, known: readonly string[]): { box: { copy: unknown }; strings: StringAt[] } {
  const strings: StringAt[] = [];
  const box: { copy: unknown } = { copy: value };
  const walk = (v: unknown, at: string, depth: number): unknown => {
    if (typeof v === 'string' || v === null || typeof v !== 'object') return v;
    if (depth > MAX_DEPTH) {
      strings.push({ path: at, text: JSON.stringify(v) ?? '', set: () => {}, deep: true });
      return v;
    }
    if (Array.isArray(v)) {
      const arr = v.slice();
      arr.forEach((item, i) => {
        arr[i] = walk(item, `${at}[${i}]`, depth + 1);
        if (typeof item === 'string') strings.push({ path: `${at}[${i}]`, text: item, set: (s) => (arr[i] = s) });
      });
      return arr;
    }
    const obj: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      const sub = at + keySegment(k, known);
      obj[k] = walk(item, sub, depth + 1);
      if (typeof item === 'string') strings.push({ path: sub, text: item, set: (s) => (obj[k] = s) });
      strings.push({
        path: `${sub} (its name)`,
        text: k,
        set: (s) => {
          if (s === k) return;
          obj[s] = obj[k];
          delete obj[k];
        },
      });
    }
    return obj;
  };
  box.copy = walk(value, path, 0);
  if (typeof value === 'string') strings.push({ path, text: value, set: (s) => (box.copy = s) });
  return { box, strings };
}

/** UTF-8 bytes of every string in a field, object keys included (its size for the cap). */
function fieldBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (value === null || typeof value !== 'object') return 0;
  if (depth > MAX_DEPTH) return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  let n = 0;
  if (Array.isArray(value)) for (const item of value) n += fieldBytes(item, depth + 1);
  else for (const [k, item] of Object.entries(value as Record<string, unknown>)) n += Buffer.byteLength(k, 'utf8') + fieldBytes(item, depth + 1);
  return n;
}

export type GuardResult = { ok: true; args: Record<string, unknown>; note?: string } | { ok: false; cause: Cause };

function refusedSecret(tool: string, kind: string, field: string): Cause {
  return cause(
    'outgoing_secret',
    `${tool}: refused: outgoing_secret(${kind}, ${field}): nothing was sent; ${field} holds what reads as a secret (${kind}). ` +
      `Describe it masked instead (${MASKED_EXAMPLE}), or leave it out.`,
    { tool, kind, field },
  );
}

/**
 * The first field of a guarded tool's arguments over its cap, as the outgoing_too_large refusal
 * (SPEC §outgoing-text-guard: "a larger field refuses the call with outgoing_too_large(<field>,
 * <bytes>)"); undefined when every field fits or the tool sends nothing.
 */
export function oversizedField(tool: string, args: Record<string, unknown>): Cause | undefined {
  if (GUARD_EXEMPT_TOOLS.has(tool)) return undefined;
  for (const [name, value] of Object.entries(args)) {
    const cap = fieldRule(tool, name).capBytes;
    const bytes = fieldBytes(value);
    if (bytes > cap) {
      return cause(
        'outgoing_too_large',
        `${tool}: refused: outgoing_too_large(${name}, ${bytes}): nothing was sent; ${name} is ${bytes} bytes, over its ${cap}-byte cap. Shorten it.`,
        { tool, field: name, bytes, cap },
      );
    }
  }
  return undefined;
}

// @anchor guard-tool-input
/**
 * The guard over one call's (validated) arguments. Refuses on a field over its cap, a secret,
 * or a home path in a field the substrate acts on; otherwise returns the arguments with home
 * paths in prose fields sent as ~, and the line the reply ends with when it replaced one.
 */
export function guardToolInput(tool: string, args: Record<string, unknown>, sources: GuardSources): GuardResult {
  if (GUARD_EXEMPT_TOOLS.has(tool)) return { ok: true, args };
  // Sizes first: nothing larger than its cap is scanned.
  const oversized = oversizedField(tool, args);
  if (oversized) return { ok: false, cause: oversized };
  const known = knownSecretValues(sources);
  const fields = Object.entries(args).map(([name, value]) => ({ name, rule: fieldRule(tool, name), ...stringsOf(value, name, known) }));
  for (const f of fields) {
    for (const s of f.strings) {
      const kind = secretKindOf(s.text, known);
      if (kind) return { ok: false, cause: refusedSecret(tool, kind, s.path) };
    }
  }
  const home = homeOf(sources.env);
  const replaced: string[] = [];
  for (const f of fields) {
    if (f.rule.kind === 'local_path') continue;
    for (const s of f.strings) {
      if (!hasHomePath(s.text, home)) continue;
      // A subtree nested too deep to rewrite is refused as an acted-on field is.
      if (f.rule.kind === 'acted_on' || s.deep) {
        return {
          ok: false,
          cause: cause(
            'outgoing_local_path',
            `${tool}: refused: outgoing_local_path(${s.path}): nothing was sent; ${s.path} names a path in a home directory, and the substrate acts on it, ` +
              'so rewriting it would change what the request asks. Pass a workspace-relative path, or leave the path out.',
            { tool, field: s.path },
          ),
        };
      }
      s.set(replaceHomePaths(s.text, home));
      if (!replaced.includes(s.path)) replaced.push(s.path);
    }
  }
  const out = Object.fromEntries(fields.map((f) => [f.name, f.box.copy]));
  return replaced.length ? { ok: true, args: out, note: `(A home directory path in ${replaced.join(', ')} was sent as ~.)` } : { ok: true, args: out };
}

export type PointerGuardResult = { ok: true; pointer: Record<string, unknown>; replaced: string[] } | { ok: false; cause: Cause };

// @anchor guard-outgoing-pointer
/**
 * The backstop over a write's pointer at the one egress: exact known values only (the key and
 * what the guard knows; a pointer's ids and hashes would read as tokens to the patterns), and
 * this user's home sent as ~, each replaced field path returned for the warning.
 */
export function guardOutgoingPointer(pointer: Record<string, unknown>, shape: string, sources: GuardSources & { key?: string }): PointerGuardResult {
  const known = knownSecretValues(sources);
  const key = sources.key?.trim();
  if (key && key.length >= 8 && !known.includes(key)) known.unshift(key);
  const { box, strings } = stringsOf(pointer, '', known);
  for (const s of strings) {
    if (known.some((value) => s.text.includes(value))) {
      const field = s.path.replace(/^\./, '');
      return {
        ok: false,
        cause: cause('outgoing_secret', `outgoing_secret(known_secret, ${field}): the ${shape} write was not sent`, { kind: 'known_secret', field, shape }),
      };
    }
  }
  const home = homeOf(sources.env);
  const replaced: string[] = [];
  if (home) {
    for (const s of strings) {
      const next = replaceHomePaths(s.text, home, true);
      if (next !== s.text) {
        s.set(next);
        replaced.push(s.path.replace(/^\./, ''));
      }
    }
  }
  return { ok: true, pointer: box.copy as Record<string, unknown>, replaced };
}

// @anchor describeArgsForLog
/** `{name: "string(12)", files: "array(3)", force: "boolean"}`: never a value. */
export function describeArgsForLog(args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!args || typeof args !== 'object' || Array.isArray(args)) return out;
  for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
    if (typeof value === 'string') out[name] = `string(${value.length})`;
    else if (Array.isArray(value)) out[name] = `array(${value.length})`;
    else if (value === null) out[name] = 'null';
    else out[name] = typeof value;
  }
  return out;
}
