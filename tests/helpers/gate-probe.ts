// Child process of tests/unit/substrate-gate.test.ts: a boundary whose services carry no
// attachment, driven in-process, calls every substrate tool and prints what each answered.
// The parent reads the modules this process loaded (tests/helpers/load-recorder.mjs).
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { startInProcess, textOf } from './in-process.ts';
import { validArgs } from './sample-args.ts';

const { client, close } = await startInProcess({ cwd: process.cwd(), env: { ...process.env } });
const answers: Array<{ tool: string; isError: boolean; text: string; emptyReason: unknown }> = [];
for (const tool of TOOL_REGISTRY.filter((t) => t.tier === 'substrate')) {
  const result = await client.callTool({ name: tool.name, arguments: validArgs(tool) });
  answers.push({
    tool: tool.name,
    isError: Boolean(result.isError),
    text: textOf(result),
    emptyReason: (result._meta as Record<string, unknown>)?.empty_reason,
  });
}
await close();
process.stdout.write(JSON.stringify(answers) + '\n');
