// `metabob-mcp call <tool> [json-args] [--json]`: one tool, headless, through the same
// boundary as stdio. Prints the answer's text (--json: the whole result with `_meta`);
// exit 1 when the result is an error.
import { log, routeConsoleToStderr } from '../log.ts';
import type { CallResult } from '../server/boundary.ts';
import type { Services } from '../services/services.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { defineCommand, EXIT, UsageError } from './command.ts';

/**
 * Each headless call is its own process, and the index lives in the process (SPEC
 * §init_workspace: not persisted, rebuilt by init_workspace after every launch), so "call
 * init_workspace, then retry" can never be followed here. A tool that needs the graph is
 * answered after an init_workspace in the same process, which the warm-start cache of file
 * extractions makes quick; what init_workspace said goes to stderr, the tool's answer to stdout.
 */
async function indexThenCall(services: Services, tool: string, args: unknown): Promise<CallResult> {
  const { callTool } = await import('../server/boundary.ts');
  const indexed = await callTool(services, 'init_workspace', {}, { plane: 'cli' });
  const said = indexed.content.map((c) => c.text).join('\n');
  log.info(`${tool} needs the code graph, so this headless call ran init_workspace first: ${said.split('\n')[0]}`);
  if (indexed.isError) return indexed;
  return callTool(services, tool, args, { plane: 'cli' });
}

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
    let result = await callTool(services, tool, args, { plane: 'cli' });
    if (result._meta.empty_reason === 'no_workspace_indexed') result = await indexThenCall(services, tool, args);
    services.store.close();
    const out = flags.json ? JSON.stringify(result, null, 2) : result.content.map((c) => c.text).join('\n');
    await pipeWriter()(out + '\n');
    return result.isError ? EXIT.failed : EXIT.ok;
  },
});
