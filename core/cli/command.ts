// One CLI subcommand is one file exporting a `CliCommand` made by `defineCommand` (STYLE habit
// 7): its options are declared once (core/cli/options.ts) and give its typed flags, its
// synopsis in the top-level --help, its own --help and its usage errors (exit 2). A command
// file imports its working modules inside `run`, so the top-level --help and --version, which
// read every command's synopsis, load none of them.
import { EXIT, type ExitCode } from '../process/exit-code.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { optionRows, optionsSynopsis, parseOptions, UsageError, type OptionSchema, type OptionValues } from './options.ts';

export { EXIT, UsageError, type ExitCode };

export interface CliCommand {
  name: string;
  summary: string;
  /** After the name in the usage line: positionals, then options (`<tool> [json-args] [--json]`). */
  synopsis: string;
  /** The command that runs when none is named: its usage shows the name in brackets. */
  isDefault?: boolean;
  /** Named by the spec, not built yet. */
  pending?: boolean;
  run(argv: string[]): Promise<ExitCode>;
}

export interface CommandDefinition<S extends OptionSchema> {
  name: string;
  summary: string;
  isDefault?: boolean;
  /** The positionals' part of the synopsis (`<tool> [json-args]`); without it the command takes none. */
  args?: string;
  options: S;
  /** What the unknown-flag line names as the fix, when `<name> takes <every option>` is not it. */
  unknownFlagFix?: string;
  run(input: { flags: OptionValues<S>; positionals: string[] }): Promise<ExitCode>;
}

/** `metabob-mcp doctor [--json] [--attach]`, as the usage lists it. */
export function usageLine(command: CliCommand): string {
  return `metabob-mcp ${`${command.isDefault ? `[${command.name}]` : command.name} ${command.synopsis}`.trim()}`;
}

export function defineCommand<const S extends OptionSchema>(definition: CommandDefinition<S>): CliCommand {
  const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');
  const command: CliCommand = {
    name: definition.name,
    summary: definition.summary,
    synopsis: join(definition.args, optionsSynopsis(definition.options)),
    isDefault: definition.isDefault,
    async run(argv) {
      const every = join(definition.args, optionsSynopsis(definition.options, { all: true }));
      const { flags, positionals, help } = parseOptions(definition.options, argv, definition.unknownFlagFix ?? `${definition.name} takes ${every}`);
      if (help) {
        await pipeWriter()(commandHelp(command, definition.options) + '\n');
        return EXIT.ok;
      }
      const given: Record<string, unknown> = flags;
      const named = Object.keys(definition.options).filter((name) => given[name] !== undefined && given[name] !== false);
      for (const [name, spec] of Object.entries(definition.options)) {
        const other = named.find((n) => n !== name);
        if (spec.alone && given[name] && other) throw new UsageError(`--${name} takes no value and no other flag; got --${other}`);
        if (spec.required && !given[name]) throw new UsageError(`${definition.name} needs --${name}: ${usageLine(command)}`);
      }
      if (definition.args === undefined && positionals.length > 0) throw new UsageError(`${definition.name} takes no arguments; got "${positionals[0]}"`);
      return definition.run({ flags, positionals });
    },
  };
  return command;
}

/** `metabob-mcp <command> --help`: the usage line, the summary, then every option. */
export function commandHelp(command: CliCommand, options: OptionSchema): string {
  return [`Usage: ${usageLine(command)}`, '', command.summary, '', 'Options:', ...optionRows(options)].join('\n');
}
