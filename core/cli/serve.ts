// `metabob-mcp` with no subcommand (or `serve`): the MCP server on stdio.
import { routeConsoleToStderr } from '../log.ts';
import { defineCommand } from './command.ts';
import { CONFIG_OPTIONS } from './config-options.ts';

export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'serve MCP over stdio (the default; what an MCP client runs)',
  isDefault: true,
  options: CONFIG_OPTIONS,
  unknownFlagFix: 'serve accepts --api-key K and --endpoint URL',
  async run({ flags }) {
    routeConsoleToStderr();
    const { serveStdio } = await import('../server/mcp-server.ts');
    const { startBackgroundServices } = await import('./background-services.ts');
    const { createServices } = await import('../services/services.ts');
    const { lazyAttachment } = await import('../services/lazy-attachment.ts');
    const { onShutdown } = await import('../process/shutdown.ts');
    const { configureProcess } = await import('../config.ts');
    // SPEC §Precedence: the flags go into the environment, then the loaders run, all before
    // anything (the attachment, the tools) reads it.
    const config = configureProcess({ apiKey: flags['api-key'], endpoint: flags.endpoint });
    const services = createServices({ config, attachment: lazyAttachment, onShutdown });
    const { handshakeSettled } = await serveStdio(services);
    startBackgroundServices(services, handshakeSettled);
    return new Promise<never>(() => {});
  },
});
