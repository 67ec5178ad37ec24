// Dispatches argv to one subcommand; bad input is one line and exit 2.
import { VERSION } from '../version.ts';
import { EXIT, UsageError, usageLine, type CliCommand, type ExitCode } from './command.ts';
import { asksHelp, asksVersion, servesWithoutSubcommand } from './invocation.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { serveCommand } from './serve.ts';
import { callCommand } from './call.ts';
import { indexCommand } from './index-command.ts';
import { doctorCommand } from './doctor.ts';
import { attachCommand } from './attach.ts';
import { configureCommand } from './configure.ts';
import { editCheckCommand } from './edit-check.ts';
import { taskCommand } from './task.ts';
import { findingCommand } from './finding.ts';

/**
 * Every subcommand, in the order --help lists them; the first runs when none is named. A
 * command file loads its working modules (and so the MCP SDK, the TUI, ...) only when it runs,
 * so `--version` and `--help` stay cheap.
 */
export const COMMANDS: CliCommand[] = [
  serveCommand,
  callCommand,
  indexCommand,
  doctorCommand,
  attachCommand,
  configureCommand,
  editCheckCommand,
  taskCommand,
  findingCommand,
];

export function usageText(): string {
  const lines = COMMANDS.flatMap((c) => [`  ${usageLine(c)}`, `      ${c.summary}${c.pending ? ' [not built yet]' : ''}`]);
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
export async function runCli(argv: string[]): Promise<ExitCode> {
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
  const command = serving ? COMMANDS[0] : COMMANDS.find((c) => c.name === first);
  if (!command) {
    process.stderr.write(`metabob-mcp: unknown subcommand "${first}"\n\n${usageText()}\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(serving ? argv : rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`metabob-mcp ${command.name}: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}
