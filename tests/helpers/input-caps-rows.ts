// The caps every built tool's schema advertises (maxLength, maxItems), as the rows of the
// table in docs/input-caps.md, read from the registry so a new field cannot skip the table.
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { toolInputSchema } from '../../core/tools/tool-list.ts';

export interface CapRow {
  tool: string;
  field: string;
  cap: string;
}

interface JsonSchema {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

function capOf(schema: JsonSchema): string | undefined {
  if (schema.enum) return 'one of its values';
  if (schema.type === 'string')
    return schema.maxLength !== undefined ? `${schema.maxLength} characters` : schema.pattern ? `pattern ${schema.pattern}` : undefined;
  if (schema.type === 'array') {
    const item = schema.items ? capOf(schema.items) : undefined;
    return schema.maxItems !== undefined && item ? `${schema.maxItems} items, each ${item}` : undefined;
  }
  return undefined;
}

/** Rows for every string or array argument of every built tool; `cap` is undefined for an uncapped one. */
export function capRows(): Array<{ tool: string; field: string; cap: string | undefined }> {
  const rows: Array<{ tool: string; field: string; cap: string | undefined }> = [];
  for (const tool of TOOL_REGISTRY) {
    if (tool.pending) continue;
    const schema = toolInputSchema(tool) as JsonSchema;
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      if (prop.type !== 'string' && prop.type !== 'array' && !prop.enum) continue;
      if (prop.enum && prop.type === 'string') continue;
      rows.push({ tool: tool.name, field, cap: capOf(prop) });
    }
  }
  return rows;
}

export function capTableLine(row: CapRow): string {
  return `| ${row.tool} | ${row.field} | ${row.cap} |`;
}
