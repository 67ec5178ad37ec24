// A subcommand's options, declared once (name, type, value name, description), read by
// node:util parseArgs in strict mode. The same declaration gives the typed values, the
// one-line synopsis of the top-level --help, the command's own --help, and the one usage line
// (exit 2) for an unknown flag or a missing value, which names the fix.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  /** The value's name in usage (`--endpoint URL`); string options only. */
  value?: string;
  /** Shown without brackets in the synopsis; a run without it is a usage error. */
  required?: boolean;
  /** Options of one group are alternatives, shown as one `[--a A | --b B]`. */
  group?: string;
  /** false: listed in the command's own --help, left out of the one-line synopsis. */
  synopsis?: false;
  /** Another form of the command: taken with no other flag, shown last as `... | --name`. */
  alone?: boolean;
}

export type OptionSchema = Readonly<Record<string, OptionSpec>>;

type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean' ? boolean : O extends { required: true } ? string : string | undefined;

/** A boolean is false when absent; a string is undefined when absent unless required. */
export type OptionValues<S extends OptionSchema> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** Bad command-line input: printed as `metabob-mcp <command>: <message>`, exit 2. */
export class UsageError extends Error {}

export interface ParsedArgv<S extends OptionSchema> {
  flags: OptionValues<S>;
  positionals: string[];
  /** `--help` / `-h` was given: every command takes it. */
  help: boolean;
}

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

function parseArgsOptions(schema: OptionSchema): ParseOptions {
  const options: ParseOptions = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(schema)) options[name] = { type: spec.type };
  return options;
}

/**
 * Reads argv by the schema. `unknownFix` ends the unknown-flag line (`index takes [path] ...`).
 * A value that starts with `-` must be joined with `=` (`--api-key=-k`): parseArgs refuses it
 * as ambiguous, which catches `--api-key --yes`, a forgotten value.
 */
export function parseOptions<S extends OptionSchema>(schema: S, argv: string[], unknownFix: string): ParsedArgv<S> {
  const options = parseArgsOptions(schema);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError(parseFailure(err as Error, argv, schema, options, unknownFix));
  }
  const flags: Record<string, string | boolean | undefined> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const value = parsed.values[name];
    flags[name] = spec.type === 'boolean' ? value === true : typeof value === 'string' ? value : undefined;
  }
  // The one cast: the loop above fills every key of S with the type OptionValues gives it.
  return { flags: flags as OptionValues<S>, positionals: parsed.positionals, help: parsed.values.help === true };
}

/**
 * The one line for what strict parsing refused, found again in the tokens of a lenient pass
 * (parseArgs's own message is three lines and says "option", not what to type). A value is
 * never echoed: it may be a key.
 */
function parseFailure(err: Error, argv: string[], schema: OptionSchema, options: ParseOptions, unknownFix: string): string {
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const known = options[token.name];
    const flag = token.rawName;
    if (!known) return `unknown flag ${flag}; ${unknownFix}`;
    if (known.type === 'boolean' && token.value !== undefined) return `${flag} takes no value; pass ${flag} alone`;
    if (known.type !== 'string') continue;
    const form = optionText(token.name, schema[token.name]);
    if (token.value === undefined) return `${flag} needs a value: ${form}`;
    if (!token.inlineValue && token.value.startsWith('-')) {
      return `${flag} needs a value, and the next argument starts with "-": ${form}, or ${flag}=VALUE for a value that starts with "-"`;
    }
  }
  return err.message.split('\n')[0];
}

function optionText(name: string, spec: OptionSpec): string {
  return spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
}

/** The options part of a synopsis: `[--json] [--graph out.jsonl]`; `all` adds the unlisted ones. */
export function optionsSynopsis(schema: OptionSchema, opts: { all?: boolean } = {}): string {
  const parts: string[] = [];
  const forms: string[] = [];
  const groupsDone = new Set<string>();
  for (const [name, spec] of Object.entries(schema)) {
    if (spec.synopsis === false && !opts.all) continue;
    if (spec.alone) {
      forms.push(`| ${optionText(name, spec)}`);
      continue;
    }
    if (spec.group !== undefined) {
      if (groupsDone.has(spec.group)) continue;
      groupsDone.add(spec.group);
      const members = Object.entries(schema).filter(([, s]) => s.group === spec.group);
      parts.push(`[${members.map(([n, s]) => optionText(n, s)).join(' | ')}]`);
    } else parts.push(spec.required ? optionText(name, spec) : `[${optionText(name, spec)}]`);
  }
  return [...parts, ...forms].join(' ');
}

/** One row per option and --help, descriptions aligned: the body of a command's --help. */
export function optionRows(schema: OptionSchema): string[] {
  const rows = Object.entries(schema).map(([name, spec]) => [optionText(name, spec), spec.description]);
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}
