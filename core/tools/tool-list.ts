// The tools/list answer, from the registry: each tool's zod schema as JSON Schema (zod's own
// converter) and its annotations from the effects table. The build computes the catalog once
// and bakes it into dist/ (scripts/build.mjs), so a server start loads neither the tool modules
// nor the converter; run from source, it is computed here. Which of the catalog's tools a
// tools/list answer names is the tool surface's choice (core/server/tool-surface.ts).
import { z } from 'zod';
import { TOOL_REGISTRY } from './registry.ts';
import { toolHints, type ToolHints } from './tool-annotations.ts';
import type { ToolDefinition, ToolTier } from './define-tool.ts';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { title: string } & ToolHints;
}

/** Every tool as tools/list shows it, in registry order, and each tool's tier. */
export interface ToolCatalog {
  tools: ListedTool[];
  tiers: Record<string, ToolTier>;
}

type JsonSchemaNode = Record<string, unknown>;

/**
 * Drops `propertyNames: {type: "string"}`, which zod 4 writes for every record and which says
 * nothing: a JSON object's keys are strings. The list then reads as it did under zod 3.
 */
function withoutStringKeyNames(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutStringKeyNames);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    const names = value as JsonSchemaNode | undefined;
    if (key === 'propertyNames' && names && Object.keys(names).length === 1 && names.type === 'string') continue;
    out[key] = withoutStringKeyNames(value);
  }
  return out;
}

/**
 * A tool's arguments as JSON Schema (draft-07, which every client reads; it also compiles
 * under 2020-12): the input side, so an argument with a default is not required. Unknown
 * arguments are declared not allowed, as they always were: the boundary ignores one with a
 * warning, and a client that checks first spares the agent that round trip.
 */
export function toolInputSchema(tool: Pick<ToolDefinition, 'inputSchema'>): JsonSchemaNode {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }) as JsonSchemaNode;
  return { ...(withoutStringKeyNames(schema) as JsonSchemaNode), additionalProperties: false };
}

export function buildToolList(): ListedTool[] {
  return TOOL_REGISTRY.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.pending ? `${tool.description} (Not built yet: ${tool.pending}.)` : tool.description,
    inputSchema: toolInputSchema(tool),
    annotations: { title: tool.title, ...toolHints(tool.name) },
  }));
}

export function buildToolCatalog(): ToolCatalog {
  return { tools: buildToolList(), tiers: Object.fromEntries(TOOL_REGISTRY.map((tool) => [tool.name, tool.tier])) };
}
