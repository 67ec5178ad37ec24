// `metabob-mcp` with no subcommand (or `serve`): the MCP server on stdio.
import { routeConsoleToStderr } from '../log.ts';
import { serveStdio } from '../server/mcp-server.ts';
import { startBackgroundServices } from './background-services.ts';
import { createServices } from '../services/services.ts';
import { lazyAttachment } from '../services/lazy-attachment.ts';
import { onShutdown } from '../process/shutdown.ts';
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
    const config = configureProcess({ apiKey: flags['api-key'] as string | undefined, endpoint: flags.endpoint as string | undefined });
    const services = createServices({ config, attachment: lazyAttachment, onShutdown });
    const { handshakeSettled } = await serveStdio(services);
    startBackgroundServices(services, handshakeSettled);
    return new Promise<number>(() => {});
  },
};
