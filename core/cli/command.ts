// One CLI subcommand is one file exporting a `CliCommand` (STYLE habit 7). Exit codes are
// typed: 0 done, 1 failed, 2 usage; some subcommands add their own (task pull).

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface CliCommand {
  name: string;
  run(argv: string[]): Promise<number>;
}

/** Thrown for bad command-line input: printed as one line, exit 2. */
export class UsageError extends Error {}

/** Splits argv into flags (`--name value`, `--flag`) and positionals. */
export function parseFlags(argv: string[], booleanFlags: string[]): { flags: Record<string, string | true>; positionals: string[] } {
  const flags: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (eq !== -1) flags[name] = arg.slice(eq + 1);
      else if (booleanFlags.includes(name)) flags[name] = true;
      else if (i + 1 < argv.length) flags[name] = argv[++i];
      else throw new UsageError(`--${name} needs a value`);
    } else positionals.push(arg);
  }
  return { flags, positionals };
}

/** A subcommand the spec names that is not built yet: it says so and exits 1. Its help line is in main.ts. */
export function pendingCommand(name: string, pending: string): CliCommand {
  return {
    name,
    async run() {
      process.stderr.write(`metabob-mcp ${name}: not built yet (${pending})\n`);
      return EXIT.failed;
    },
  };
}
