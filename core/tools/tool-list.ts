// The tools/list answer, from the registry: each tool's zod schema as JSON Schema. The build
// computes it once and bakes it into dist/ (scripts/build.mjs), so a server start loads
// neither the tool modules nor the schema converter; run from source, it is computed here.
import { zodToJsonSchema } from 'zod-to-json-schema';
import { TOOL_REGISTRY } from './registry.ts';
import { isReadOnlyTool } from './tool-annotations.ts';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export function buildToolList(): ListedTool[] {
  return TOOL_REGISTRY.map((tool) => {
    const { $schema: _ignored, ...inputSchema } = zodToJsonSchema(tool.inputSchema, { target: 'jsonSchema7' }) as Record<string, unknown>;
    return {
      name: tool.name,
      title: tool.title,
      description: tool.pending ? `${tool.description} (Not built yet: ${tool.pending}.)` : tool.description,
      inputSchema,
      annotations: {
        title: tool.title,
        readOnlyHint: isReadOnlyTool(tool.name),
        idempotentHint: tool.idempotent,
        openWorldHint: tool.tier !== 'local',
      },
    };
  });
}
