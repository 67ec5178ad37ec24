// A file's graph nodes: the file itself and one component per definition, with readable ids
// (`<file>::<type>::<name>::<startLine>`, docs/graph-format.md).
import type { FileExtraction } from './extract-types.ts';
import { componentId, type GraphNode } from './graph-types.ts';

/**
 * A qualified name is kept to this many characters: a definition nested thousands deep (SPEC
 * §init_workspace: any file up to the size cap of core/index/index-caps.ts) would otherwise carry every enclosing name, and the
 * ids of such a file grow with the square of its depth. Past it the name keeps its innermost
 * segments after `…` (docs/graph-format.md); real code stays far below it.
 */
export const MAX_QUALIFIED_NAME = 256;

/** `outer.inner`, or its innermost segments after `…` when longer than MAX_QUALIFIED_NAME. */
function qualify(outer: string, name: string): string {
  const joined = `${outer}.${name}`;
  if (joined.length <= MAX_QUALIFIED_NAME) return joined;
  const cut = joined.indexOf('.', joined.length - MAX_QUALIFIED_NAME + 1);
  return cut < 0 ? name : `…${joined.slice(cut + 1)}`;
}

export interface FileNodes {
  fileNode: GraphNode;
  ids: string[];
  components: GraphNode[];
}

/** A file's nodes depend on its extraction alone, so they are built once per extraction. */
const fileNodesCache = new WeakMap<FileExtraction, FileNodes>();

export function fileNodesOf(ext: FileExtraction): FileNodes {
  let cached = fileNodesCache.get(ext);
  if (cached) return cached;
  const lines = ext.definitions.reduce((max, d) => Math.max(max, d.endLine), 1);
  const fileNode: GraphNode = { id: ext.file, type: 'file', name: ext.file, file: ext.file, startLine: 1, endLine: lines };
  const qualified: string[] = [];
  const ids: string[] = [];
  const components: GraphNode[] = [];
  /** Base id -> how many definitions took it so far. */
  const taken = new Map<string, number>();
  for (const d of ext.definitions) {
    const name =
      d.parent !== null && qualified[d.parent]
        ? qualify(qualified[d.parent], d.name)
        : d.parent === null && d.parentName
          ? `${d.parentName}.${d.name}`
          : d.name;
    qualified.push(name);
    const base = componentId(ext.file, d.kind, name, d.startLine);
    // Two definitions with one id (same name, kind and line): keep both, the nth suffixed `#n`
    // (a base ends in its line, so no other base's suffixed id can equal it).
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    const id = n === 1 ? base : `${base}#${n}`;
    ids.push(id);
    components.push({ id, type: d.kind, name, file: ext.file, startLine: d.startLine, endLine: d.endLine });
  }
  cached = { fileNode, ids, components };
  fileNodesCache.set(ext, cached);
  return cached;
}
