// Child process of tests/unit/substrate-gate.test.ts: a boundary whose services carry no
// attachment, driven in-process, calls every substrate tool and prints what each answered.
// The parent reads the modules this process loaded (tests/helpers/load-recorder.mjs).
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { toolInputSchema } from '../../core/tools/tool-list.ts';
import { startInProcess, textOf } from './in-process.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** A value the schema accepts, so a call passes validation and reaches the gate. */
function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [schema.items ? sample(schema.items) : 'x'];
    case 'object':
      return validArgs(schema);
    default:
      return 'x';
  }
}

/** Every required argument, each given a value its schema accepts. */
function validArgs(schema: JsonSchema): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const key of schema.required ?? []) args[key] = sample(schema.properties?.[key] ?? {});
  return args;
}

const { client, close } = await startInProcess({ cwd: process.cwd(), env: { ...process.env } });
const answers: Array<{ tool: string; isError: boolean; text: string; emptyReason: unknown }> = [];
for (const tool of TOOL_REGISTRY.filter((t) => t.tier === 'substrate')) {
  const result = await client.callTool({ name: tool.name, arguments: validArgs(toolInputSchema(tool) as JsonSchema) });
  answers.push({
    tool: tool.name,
    isError: Boolean(result.isError),
    text: textOf(result),
    emptyReason: (result._meta as Record<string, unknown>)?.empty_reason,
  });
}
await close();
process.stdout.write(JSON.stringify(answers) + '\n');
