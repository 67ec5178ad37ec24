// Child process of tests/unit/substrate-gate.test.ts: a boundary whose services carry no
// attachment, driven in-process, calls every substrate tool and prints what each answered.
// The parent reads the modules this process loaded (tests/helpers/load-recorder.mjs).
import { z } from 'zod';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { startInProcess, textOf } from './in-process.ts';

/** A value the schema accepts, so a call passes validation and reaches the gate. */
function sample(schema: z.ZodTypeAny): unknown {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  switch (def.typeName) {
    case 'ZodOptional':
    case 'ZodDefault':
      return undefined;
    case 'ZodEffects':
      return sample(def.schema as z.ZodTypeAny);
    case 'ZodEnum':
      return (def.values as string[])[0];
    case 'ZodLiteral':
      return def.value;
    case 'ZodNumber':
      return 1;
    case 'ZodBoolean':
      return true;
    case 'ZodArray':
      return [sample(def.type as z.ZodTypeAny) ?? 'x'];
    case 'ZodObject':
      return validArgs(schema as z.ZodObject<z.ZodRawShape>);
    default:
      return 'x';
  }
}

function validArgs(schema: z.ZodObject<z.ZodRawShape>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = sample(field as z.ZodTypeAny);
    if (value !== undefined) args[key] = value;
  }
  return args;
}

const { client, close } = await startInProcess({ cwd: process.cwd(), env: { ...process.env } });
const answers: Array<{ tool: string; isError: boolean; text: string; emptyReason: unknown }> = [];
for (const tool of TOOL_REGISTRY.filter((t) => t.tier === 'substrate')) {
  const result = await client.callTool({ name: tool.name, arguments: validArgs(tool.inputSchema) });
  answers.push({
    tool: tool.name,
    isError: Boolean(result.isError),
    text: textOf(result),
    emptyReason: (result._meta as Record<string, unknown>)?.empty_reason,
  });
}
await close();
process.stdout.write(JSON.stringify(answers) + '\n');
