// A file's graph nodes: the file itself and one component per definition, with readable ids
// (`<file>::<type>::<name>::<startLine>`, docs/graph-format.md).
import type { FileExtraction } from './extract-types.ts';
import { componentId, type GraphNode } from './graph-types.ts';

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
  const taken = new Set<string>();
  for (const d of ext.definitions) {
    const name =
      d.parent !== null && qualified[d.parent] ? `${qualified[d.parent]}.${d.name}` : d.parent === null && d.parentName ? `${d.parentName}.${d.name}` : d.name;
    qualified.push(name);
    const base = componentId(ext.file, d.kind, name, d.startLine);
    let id = base;
    // Two definitions with one id (same name, kind and line): keep both, the second suffixed.
    for (let n = 2; taken.has(id); n++) id = `${base}#${n}`;
    taken.add(id);
    ids.push(id);
    components.push({ id, type: d.kind, name, file: ext.file, startLine: d.startLine, endLine: d.endLine });
  }
  cached = { fileNode, ids, components };
  fileNodesCache.set(ext, cached);
  return cached;
}
