// Dispatches argv to one subcommand; bad input is one line and exit 2.
import { VERSION } from '../version.ts';
import { EXIT, UsageError, type CliCommand } from './command.ts';
import { asksHelp, asksVersion, servesWithoutSubcommand } from './invocation.ts';
import { pipeWriter } from '../pipe-writer.ts';

/**
 * What --help shows of a subcommand, and how to load it: each subcommand's module (and so
 * the MCP SDK, the TUI, ...) loads only when that subcommand runs, so `--version` and
 * `--help` stay cheap.
 */
interface CommandEntry {
  name: string;
  usage: string;
  summary: string;
  pending?: boolean;
  load(): Promise<CliCommand>;
}

const pending = (name: string) => async () => (await import('./pending.ts')).pendingCommands[name];

export const COMMANDS: CommandEntry[] = [
  { name: 'serve', usage: '[--api-key KEY] [--endpoint URL]', summary: 'serve MCP over stdio (the default; what an MCP client runs)', load: async () => (await import('./serve.ts')).serveCommand },
  { name: 'call', usage: '<tool> [json-args] [--json]', summary: 'run one tool headless and print its answer (--json: with _meta)', load: async () => (await import('./call.ts')).callCommand },
  { name: 'index', usage: '[path] [--json] [--graph out.jsonl]', summary: 'build the local index once and print its statistics', load: async () => (await import('./index-command.ts')).indexCommand },
  { name: 'doctor', usage: '[--json] [--attach]', summary: 'check the runtime, configuration, attachment, network, store, parser and workspace', load: async () => (await import('./doctor.ts')).doctorCommand },
  { name: 'attach', usage: '--check [--json]', summary: 'run the attachment once and show every hop (exit 0 only when attached)', load: async () => (await import('./attach.ts')).attachCommand },
  { name: 'configure', usage: '[--endpoint URL | --discovery-endpoint URL] [--api-key KEY] [--yes] | --trust-project', summary: 'check an endpoint and key, then write ~/.substrate/config.json (mode 0600, merged)', load: async () => (await import('./configure.ts')).configureCommand },
  { name: 'task', usage: 'pull --origin <git url> [--task-dir DIR] [--work-dir DIR] [--minutes N] [--trust IDS] [--json]', summary: 'take a task from the ledger, claim it and clone its work directory', pending: true, load: pending('task') },
  { name: 'finding', usage: 'close (--commits-from FILE | --commits RANGE) [--target BRANCH] [--json]', summary: 'close findings by the Fixes-Finding trailers of pushed commits', pending: true, load: pending('finding') },
];

export function usageText(): string {
  const lines = COMMANDS.flatMap((c) => [
    `  metabob-mcp ${c.name === 'serve' ? `[serve] ${c.usage}` : `${c.name} ${c.usage}`.trim()}`,
    `      ${c.summary}${c.pending ? ' [not built yet]' : ''}`,
  ]);
  return [
    `metabob-mcp ${VERSION}: code intelligence and a findings ledger for coding agents, over MCP stdio`,
    '',
    'Usage:',
    ...lines,
    '  metabob-mcp --help | --version',
    '',
    'Configuration: METABOB_API_KEY and METABOB_ENDPOINT (or DISCOVERY_ENDPOINT), or ~/.substrate/config.json.',
    'Without them the local tools work and the substrate tools name what is missing.',
  ].join('\n');
}

// @anchor main
export async function runCli(argv: string[]): Promise<number | undefined> {
  const [first, ...rest] = argv;
  if (asksHelp(first)) {
    await pipeWriter()(usageText() + '\n');
    return EXIT.ok;
  }
  if (asksVersion(first)) {
    await pipeWriter()(VERSION + '\n');
    return EXIT.ok;
  }
  const serving = servesWithoutSubcommand(first);
  const entry = serving ? COMMANDS[0] : COMMANDS.find((c) => c.name === first);
  if (!entry) {
    process.stderr.write(`metabob-mcp: unknown subcommand "${first}"\n\n${usageText()}\n`);
    return EXIT.usage;
  }
  try {
    const command = await entry.load();
    return await command.run(serving ? argv : rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`metabob-mcp ${entry.name}: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}
