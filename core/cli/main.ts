// Dispatches argv to one subcommand; bad input is one line and exit 2.
import { VERSION } from '../version.ts';
import { EXIT, UsageError, type CliCommand } from './command.ts';
import { serveCommand } from './serve.ts';
import { callCommand } from './call.ts';
import { attachCommand, configureCommand, doctorCommand, findingCommand, indexCommand, taskCommand } from './pending.ts';

export const COMMANDS: CliCommand[] = [
  serveCommand,
  callCommand,
  indexCommand,
  doctorCommand,
  attachCommand,
  configureCommand,
  taskCommand,
  findingCommand,
];

export function usageText(): string {
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.usage}`.trim().length));
  const lines = COMMANDS.map((c) => {
    const head = `${c.name} ${c.usage}`.trim().padEnd(width);
    return `  metabob-mcp ${head}  ${c.summary}${c.pending ? ' [not built yet]' : ''}`;
  });
  return [
    `metabob-mcp ${VERSION}: code intelligence and a findings ledger for coding agents, over MCP stdio`,
    '',
    'Usage:',
    `  metabob-mcp ${''.padEnd(width)}  serve MCP over stdio (what an MCP client runs)`,
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
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(usageText() + '\n');
    return EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(VERSION + '\n');
    return EXIT.ok;
  }
  const command = first === undefined || first.startsWith('-') ? serveCommand : COMMANDS.find((c) => c.name === first);
  if (!command) {
    process.stderr.write(`metabob-mcp: unknown subcommand "${first}"\n\n${usageText()}\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(first === undefined || first.startsWith('-') ? argv : rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`metabob-mcp ${command.name}: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}
