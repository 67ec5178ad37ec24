// `metabob-mcp call <tool> [json-args] [--json]`: one tool, headless, through the same
// boundary as stdio. Prints the answer's text (--json: the whole result with `_meta`);
// exit 1 when the result is an error.
import { routeConsoleToStderr } from '../log.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { defineCommand, EXIT, UsageError } from './command.ts';

export const callCommand = defineCommand({
  name: 'call',
  summary: 'run one tool headless and print its answer (--json: with _meta)',
  args: '<tool> [json-args]',
  options: {
    json: { type: 'boolean', description: 'print the whole result, _meta included, as JSON' },
  },
  async run({ flags, positionals }) {
    routeConsoleToStderr();
    const [tool, json, ...extra] = positionals;
    if (!tool) throw new UsageError('call needs a tool name: metabob-mcp call <tool> [json-args]');
    if (extra.length > 0) throw new UsageError(`call takes one JSON argument object; got extra "${extra[0]}" (quote the JSON)`);
    let args: unknown = {};
    if (json !== undefined) {
      try {
        args = JSON.parse(json);
      } catch (err) {
        throw new UsageError(`json-args is not valid JSON (${(err as Error).message}); pass one object such as '{"query":"auth"}'`);
      }
    }
    const { callTool } = await import('../server/boundary.ts');
    const { configureProcess } = await import('../config.ts');
    const { createServices } = await import('../services/services.ts');
    const { lazyAttachment } = await import('../services/lazy-attachment.ts');
    // The same configuration as the server (SPEC §apply-configuration). A headless call that
    // needs no substrate should not print the missing-input line every time: it goes to debug,
    // and a substrate tool's own refusal names the cause.
    const config = configureProcess({}, 'debug');
    const services = createServices({ config, attachment: lazyAttachment });
    const result = await callTool(services, tool, args, { plane: 'cli' });
    services.store.close();
    const out = flags.json ? JSON.stringify(result, null, 2) : result.content.map((c) => c.text).join('\n');
    await pipeWriter()(out + '\n');
    return result.isError ? EXIT.failed : EXIT.ok;
  },
});
