// Arguments a tool's schema accepts, built from its advertised JSON Schema, so a sweep over every
// registered tool passes validation and reaches what the tool itself answers.
import type { ToolDefinition } from '../../core/tools/define-tool.ts';
import { toolInputSchema } from '../../core/tools/tool-list.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** A value the schema accepts. */
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
      return requiredArgs(schema);
    default:
      return 'x';
  }
}

/** Every required argument, each given a value its schema accepts. */
function requiredArgs(schema: JsonSchema): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const key of schema.required ?? []) args[key] = sample(schema.properties?.[key] ?? {});
  return args;
}

/** Arguments `tool` accepts: its required ones, each with a value its schema accepts. */
export function validArgs(tool: ToolDefinition): Record<string, unknown> {
  return requiredArgs(toolInputSchema(tool) as JsonSchema);
}
