// Which argv starts the MCP server, for the bin (core/cli-loader.ts), which runs only the server
// start through the code cache. It mirrors runCli's dispatch (main.ts): no subcommand, a flag
// other than --help/--version, or `serve`; tests/unit/cli-invocation.test.ts holds them equal.
const NOT_SERVING = new Set(['--help', '-h', 'help', '--version', '-v']);

export function startsServer(argv: readonly string[]): boolean {
  const [first] = argv;
  if (first === undefined) return true;
  if (NOT_SERVING.has(first)) return false;
  return first === 'serve' || first.startsWith('-');
}
