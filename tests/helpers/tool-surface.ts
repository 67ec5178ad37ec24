// What tools/list names (docs/tool-surface.md), derived from the registry as the server derives
// it: with no attachment that can answer, every tool but the substrate tier's.
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { buildToolList } from '../../core/tools/tool-list.ts';

/** The names an unattached server lists, in registry order. */
export const UNATTACHED_TOOLS: string[] = TOOL_REGISTRY.filter((t) => t.tier !== 'substrate').map((t) => t.name);

/** The names only an attachment that can answer adds. */
export const SUBSTRATE_TOOLS: string[] = TOOL_REGISTRY.filter((t) => t.tier === 'substrate').map((t) => t.name);

/** The tools/list answer of an unattached server, as JSON carries it. */
export function unattachedToolList(): unknown[] {
  return JSON.parse(JSON.stringify(buildToolList().filter((t) => UNATTACHED_TOOLS.includes(t.name))));
}
