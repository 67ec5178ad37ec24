// `metabob-mcp` with no subcommand (or `serve`): the MCP server on stdio.
import { routeConsoleToStderr } from '../log.ts';
import { serveStdio } from '../server/mcp-server.ts';
import { startBackgroundServices } from '../server/background.ts';
import type { CliCommand } from './command.ts';

export const serveCommand: CliCommand = {
  name: 'serve',
  usage: '',
  summary: 'serve MCP over stdio (the default; what an MCP client runs)',
  async run() {
    routeConsoleToStderr();
    await serveStdio();
    startBackgroundServices();
    return new Promise<number>(() => {});
  },
};
