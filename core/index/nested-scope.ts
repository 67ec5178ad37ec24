// Which function a bare call names when a function of that name is nested in the calling
// function or in one around it (build-graph.ts resolveBareCall): of every such definition in
// the chain of enclosing definitions, the last one in the file. Answered for all of a file's
// bare calls in one walk down its tree of definitions, keeping per name the last candidate
// declared by the definitions open on the way down, so the cost is one visit per definition
// and per call whatever the nesting depth (SPEC §init_workspace: a file may nest thousands of
// functions, and a walk up the chain per call was quadratic in that depth).
import type { FileExtraction } from './extract-types.ts';

const CLASS_LIKE = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

export class NestedScope {
  /** `${enclosing}\0${name}` -> the definition the bare call reaches, for the file's bare calls that reach one. */
  private readonly answers = new Map<string, number>();
  private readonly asked = new Set<string>();

  constructor(private readonly ext: FileExtraction) {
    const defs = ext.definitions;
    // Per definition: the names of candidates nested directly in it (no method, an owner
    // that is no class), each the last one of its name.
    const declares = new Map<number, Map<string, number>>();
    defs.forEach((d, i) => {
      const p = d.parent;
      if (p === null || d.kind === 'method' || defs[p] === undefined || CLASS_LIKE.has(defs[p].kind)) return;
      let names = declares.get(p);
      if (!names) declares.set(p, (names = new Map()));
      names.set(d.name, i);
    });
    const queries = new Map<number, Set<string>>();
    for (const call of ext.calls) {
      if (call.receiver !== undefined || call.enclosing === null || call.enclosing === undefined) continue;
      this.asked.add(`${call.enclosing}\0${call.callee}`);
      let names = queries.get(call.enclosing);
      if (!names) queries.set(call.enclosing, (names = new Set()));
      names.add(call.callee);
    }
    this.noCandidates = declares.size === 0;
    if (!this.noCandidates && queries.size > 0) this.walk(declares, queries);
  }

  private readonly noCandidates: boolean;
  private readonly entered: boolean[] = [];

  private walk(declares: Map<number, Map<string, number>>, queries: Map<number, Set<string>>): void {
    const defs = this.ext.definitions;
    const kids: number[][] = defs.map(() => []);
    const roots: number[] = [];
    defs.forEach((d, i) => (d.parent === null || defs[d.parent] === undefined ? roots.push(i) : kids[d.parent]!.push(i)));
    /** Per name: the last candidate declared by each open definition or one around it. */
    const open = new Map<string, number[]>();
    const frames: Array<{ def: number; next: number }> = [];
    const enter = (def: number) => {
      this.entered[def] = true;
      for (const [name, i] of declares.get(def) ?? []) {
        let stack = open.get(name);
        if (!stack) open.set(name, (stack = []));
        stack.push(Math.max(i, stack[stack.length - 1] ?? -1));
      }
      for (const name of queries.get(def) ?? []) {
        const stack = open.get(name);
        if (stack?.length) this.answers.set(`${def}\0${name}`, stack[stack.length - 1]!);
      }
      frames.push({ def, next: 0 });
    };
    for (const root of roots) {
      enter(root);
      while (frames.length > 0) {
        const frame = frames[frames.length - 1]!;
        const children = kids[frame.def]!;
        if (frame.next < children.length) {
          enter(children[frame.next++]!);
          continue;
        }
        frames.pop();
        for (const name of declares.get(frame.def)?.keys() ?? []) open.get(name)!.pop();
      }
    }
  }

  /** The nested definition a bare call of `name` from `enclosing` reaches, if any. */
  lookup(enclosing: number, name: string): number | undefined {
    const key = `${enclosing}\0${name}`;
    if (this.asked.has(key)) {
      if (this.noCandidates) return undefined;
      // A definition in a cycle of parents (a Rust alias named after its own impl's type) is
      // never reached from a root: a call there walks its chain, as does any not among the file's.
      if (this.entered[enclosing]) return this.answers.get(key);
    }
    return this.byChain(enclosing, name);
  }

  /** The walk up the chain (as many steps as there are definitions at most, so a cycle ends). */
  private byChain(enclosing: number, name: string): number | undefined {
    const defs = this.ext.definitions;
    let found: number | undefined;
    const chain = new Set<number>();
    for (let e: number | null = enclosing; e !== null && defs[e] !== undefined && !chain.has(e); e = defs[e]!.parent) chain.add(e);
    defs.forEach((d, i) => {
      const p = d.parent;
      if (p === null || d.name !== name || d.kind === 'method' || defs[p] === undefined) return;
      if (!CLASS_LIKE.has(defs[p].kind) && chain.has(p)) found = i;
    });
    return found;
  }
}
