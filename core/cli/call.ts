// `metabob-mcp call <tool> [json-args] [--json]`: one tool, headless, through the same
// boundary as stdio. Prints the answer's text (--json: the whole result with `_meta`);
// exit 1 when the result is an error.
import { routeConsoleToStderr } from '../log.ts';
import { callTool } from '../server/boundary.ts';
import { configureProcess } from '../config.ts';
import { createServices } from '../services/services.ts';
import { lazyAttachment } from '../services/lazy-attachment.ts';
import { EXIT, parseFlags, UsageError, type CliCommand } from './command.ts';
import { pipeWriter } from '../pipe-writer.ts';

export const callCommand: CliCommand = {
  name: 'call',
  async run(argv) {
    routeConsoleToStderr();
    const { flags, positionals } = parseFlags(argv, ['json']);
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
};
