// Receivers whose type is declared where they are bound (extract-types.ts DeclaredType): a
// parameter or variable annotation, a field, `new X()` bound to a name, Python `self.x = X()`.
// Declared types only, nothing inferred: a receiver path (`o`, `this.store`, `self.repo.db`)
// is typed segment by segment through locals of the enclosing functions and members of the
// classes reached, and a segment with no declared type ends the walk (the call stays unproven).
// A name bound to a call (`const q = cache.build()`) takes the callee's declared return type
// (`build(): Query`): declared where the callee is, not inferred.
import type { DeclaredType, FileExtraction } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';

const MAX_PATH = 4;

export interface TypeLookup {
  /** What a type name written in a file names: a class-like definition, with the confidence of the path to it. */
  resolveType(file: number, written: string): { ref: DefRef; confidence: number } | undefined;
  isClassLike(ref: DefRef): boolean;
  /** A class's resolved bases (a member may be declared on one). */
  basesOf(ref: DefRef): DefRef[];
  /** The function a bare name written in a file calls (same file, then imports). */
  callable(file: number, name: string): DefRef | undefined;
  /** A method of a class or of its bases. */
  method(cls: DefRef, name: string): DefRef | undefined;
  /** The innermost class around a definition (for `this` in a call path). */
  enclosingClass(file: number, def: number | null): number | undefined;
}

export class DeclaredTypes {
  /** Per file: `${owner}\0${name}` -> the declared types of a local or member (last declaration wins). */
  private readonly locals: Array<Map<string, DeclaredType> | undefined> = [];
  private readonly members: Array<Map<string, DeclaredType> | undefined> = [];
  private readonly localNames: Array<Set<string> | undefined> = [];

  constructor(
    private readonly extractions: FileExtraction[],
    private readonly lookup: TypeLookup,
  ) {}

  private index(file: number): void {
    if (this.locals[file]) return;
    const locals = new Map<string, DeclaredType>();
    const members = new Map<string, DeclaredType>();
    const names = new Set<string>();
    for (const d of this.extractions[file].declaredTypes ?? []) {
      const key = `${d.owner ?? ''}\0${d.name}`;
      const map = d.kind === 'member' ? members : locals;
      // A member typed by its annotation keeps it over a later `this.x = new Y()`.
      if (!map.has(key) || d.kind === 'local') map.set(key, d);
      if (d.kind === 'local') names.add(d.name);
    }
    this.localNames[file] = names;
    this.locals[file] = locals;
    this.members[file] = members;
  }

  /** Whether a name is a declared-type local somewhere in the file (a memo key then takes the enclosing function). */
  hasLocal(file: number, name: string): boolean {
    this.index(file);
    return this.localNames[file]!.has(name);
  }

  /** The class a receiver path names at a call site, or undefined when some segment's type is not declared. */
  typeOf(file: number, enclosing: number | null, receiver: string, enclosingClass: number | undefined): { ref: DefRef; confidence: number } | undefined {
    const parts = receiver.split('.');
    if (parts.length > MAX_PATH) return undefined;
    let current: { ref: DefRef; confidence: number } | undefined;
    const head = parts[0];
    if (head === 'this' || head === 'self') {
      if (enclosingClass === undefined) return undefined;
      current = { ref: { file, def: enclosingClass }, confidence: 1 };
    } else {
      current = this.localType(file, enclosing, head);
    }
    for (const part of parts.slice(1)) {
      if (!current) return undefined;
      const next = this.memberType(current.ref, part);
      current = next && { ref: next.ref, confidence: Math.min(current.confidence, next.confidence) };
    }
    return current;
  }

  /** A parameter or variable of the enclosing functions, innermost first, then of the module. */
  private localType(file: number, enclosing: number | null, name: string): { ref: DefRef; confidence: number } | undefined {
    this.index(file);
    const locals = this.locals[file]!;
    const defs = this.extractions[file].definitions;
    for (let e: number | null = enclosing; ; e = defs[e]?.parent ?? null) {
      const d = locals.get(`${e ?? ''}\0${name}`);
      if (d) return this.typed(file, d);
      if (e === null) return undefined;
    }
  }

  /** A field of a class or of one of its bases (breadth-first, a few deep). */
  private memberType(cls: DefRef, name: string): { ref: DefRef; confidence: number } | undefined {
    const queue = [cls];
    for (let i = 0; i < queue.length && i < 16; i++) {
      const ref = queue[i];
      this.index(ref.file);
      const d = this.members[ref.file]!.get(`${ref.def}\0${name}`);
      if (d) return this.typed(ref.file, d);
      queue.push(...this.lookup.basesOf(ref));
    }
    return undefined;
  }

  /** How deep return types are being followed now: a chain of calls is followed a few deep, never in a cycle. */
  private returnDepth = 0;

  /** The declared return type of the call `path()` bound at `d` (`f()`, `a.b()`, `this.x.y()`). */
  private returned(file: number, d: DeclaredType): { ref: DefRef; confidence: number } | undefined {
    if (this.returnDepth >= MAX_PATH) return undefined;
    this.returnDepth++;
    try {
      const path = d.type.slice(0, -2);
      const dot = path.lastIndexOf('.');
      let fn: DefRef | undefined;
      let confidence = 1;
      if (dot < 0) fn = this.lookup.callable(file, path);
      else {
        const receiver = this.typeOf(file, d.owner, path.slice(0, dot), this.lookup.enclosingClass(file, d.owner));
        if (!receiver) return undefined;
        fn = this.lookup.method(receiver.ref, path.slice(dot + 1));
        confidence = receiver.confidence;
      }
      if (!fn) return undefined;
      const def = this.extractions[fn.file].definitions[fn.def];
      if (!def) return undefined;
      this.index(fn.file);
      const key = `${def.parent ?? ''}\0${def.name.slice(def.name.lastIndexOf('.') + 1)}()`;
      const declared = (def.kind === 'method' ? this.members : this.locals)[fn.file]!.get(key);
      const found = declared && this.typed(fn.file, declared);
      return found && { ref: found.ref, confidence: Math.min(confidence, found.confidence) };
    } finally {
      this.returnDepth--;
    }
  }

  private typed(file: number, d: DeclaredType): { ref: DefRef; confidence: number } | undefined {
    if (d.type.endsWith('()')) return this.returned(file, d);
    const found = this.lookup.resolveType(file, d.type);
    if (!found || !this.lookup.isClassLike(found.ref)) return undefined;
    if (d.call && this.extractions[found.ref.file].definitions[found.ref.def].kind !== 'class') return undefined;
    return found;
  }
}
