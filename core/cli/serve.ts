// `metabob-mcp` with no subcommand (or `serve`): the MCP server on stdio.
import { routeConsoleToStderr } from '../log.ts';
import { handshakeSettled, serveStdio } from '../server/mcp-server.ts';
import { startBackgroundServices } from './background-services.ts';
import { configureProcess } from '../config.ts';
import { parseFlags, UsageError, type CliCommand } from './command.ts';

const SERVE_FLAGS = ['api-key', 'endpoint'];

export const serveCommand: CliCommand = {
  name: 'serve',
  async run(argv) {
    routeConsoleToStderr();
    const { flags, positionals } = parseFlags(argv, []);
    const unknown = Object.keys(flags).find((name) => !SERVE_FLAGS.includes(name));
    if (unknown) throw new UsageError(`unknown flag --${unknown}; serve accepts --api-key K and --endpoint URL`);
    if (positionals.length > 0) throw new UsageError(`serve takes no arguments; got "${positionals[0]}"`);
    // SPEC §Precedence: the flags go into the environment, then the loaders run, all before
    // anything (the attachment, the tools) reads it.
    configureProcess({ apiKey: flags['api-key'] as string | undefined, endpoint: flags.endpoint as string | undefined });
    await serveStdio();
    startBackgroundServices(handshakeSettled);
    return new Promise<number>(() => {});
  },
};
