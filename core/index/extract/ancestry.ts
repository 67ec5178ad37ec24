// Parents of the nodes the handlers visit (core/index/extract/extract-file.ts). tree-sitter keeps
// no parent links: `node.parent` walks down from the root to the node, so it costs the node's
// depth, and a file of 10,000 nested calls made it cost 10,000 per handler (minutes for one
// file; SPEC §init_workspace: any file up to the size cap of core/index/index-caps.ts). Handlers run in document order, so this
// keeps the path from the root to the last node asked about and extends it from the deepest
// ancestor the next node shares with it: each node of the tree is stepped into at most once
// per file. The parent found is tree-sitter's own, by its own child-with-descendant step.
import type { Node } from 'web-tree-sitter';

export class Ancestry {
  /** The root, then each node down to the last one reached. */
  private readonly path: Node[];
  /** Each path node's end index (a WASM call each, so read once). */
  private readonly ends: number[];

  constructor(root: Node) {
    this.path = [root];
    this.ends = [root.endIndex];
  }

  /** `node.parent`, in O(1) for a node after (or inside) the last one asked about. */
  parentOf(node: Node): Node | null {
    // A zero-width node (a missing token) sits at a point its ranges cannot place.
    if (node.startIndex === node.endIndex) return node.parent;
    const at = this.reach(node);
    if (at === undefined) return node.parent;
    return at > 0 ? this.path[at - 1]! : null;
  }

  /** Makes the path end at `node` and returns its place on the path; undefined if tree-sitter does not find it. */
  private reach(node: Node): number | undefined {
    const { path, ends } = this;
    const start = node.startIndex;
    let end: number | undefined;
    let k = path.length - 1;
    for (; k > 0; k--) {
      const top = path[k]!;
      if (top.id === node.id) break;
      end ??= node.endIndex;
      const from = top.startIndex;
      // A node whose range holds the node's and more is one of its ancestors; one with the same
      // range may be a child of it, so it is stepped into again rather than trusted.
      if (from <= start && end <= ends[k]! && (from < start || end < ends[k]!)) break;
    }
    path.length = ends.length = k + 1;
    if (path[k]!.id === node.id) return k;
    for (;;) {
      const child = path[k]!.childWithDescendant(node);
      if (!child || child.id === path[k]!.id) return undefined;
      const found = child.id === node.id;
      path.push(found ? node : child);
      ends.push(found ? (end ?? node.endIndex) : child.endIndex);
      k++;
      if (found) return k;
    }
  }
}
