// How argv's first word is read: help, version, or the MCP server (no subcommand, another flag,
// or `serve`). runCli (main.ts) dispatches by these, and so does the bin (core/cli-loader.ts),
// which runs only a server start through the code cache.
const HELP = new Set(['--help', '-h', 'help']);
const VERSION_FLAGS = new Set(['--version', '-v']);

export function asksHelp(first: string | undefined): boolean {
  return first !== undefined && HELP.has(first);
}

export function asksVersion(first: string | undefined): boolean {
  return first !== undefined && VERSION_FLAGS.has(first);
}

/** The server with argv as its flags: no subcommand, or a flag that is not help or version. */
export function servesWithoutSubcommand(first: string | undefined): boolean {
  return first === undefined || (first.startsWith('-') && !asksHelp(first) && !asksVersion(first));
}

export function startsServer(argv: readonly string[]): boolean {
  return servesWithoutSubcommand(argv[0]) || argv[0] === 'serve';
}
