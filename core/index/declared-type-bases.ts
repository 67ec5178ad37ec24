// A typed value seen as one of its bases, with the type arguments its heritage clauses write:
// `r: FooRepo` with `class FooRepo extends Repo<Foo>` is a `Repo<Foo>` where a member Repo
// declares is read (`find(): T` is a Foo there), as the checker instantiates the base. A
// parameter the child passes on (`class Keyed<T> extends Repo<T>`) is what the value binds it
// to. Only plain names bind (declared-type-generics.ts boundArgument reads them).
import type { Heritage } from './extract-types.ts';
import type { Typed } from './declared-type-forms.ts';
import type { DefRef } from './symbol-table.ts';

export interface BaseLookup {
  basesOf(ref: DefRef): DefRef[];
  resolveType(file: number, written: string): { ref: DefRef; confidence: number } | undefined;
  heritageOf(file: number): readonly Heritage[];
  /** A generic declaration's type parameter names, in order. */
  typeParameters(owner: DefRef): string[] | undefined;
}

/** Bases visited on the way from a value's type to the one declaring a member. */
const MAX_BASES = 16;

const same = (a: DefRef, b: DefRef) => a.file === b.file && a.def === b.def;

export class BaseViews {
  /** `child>base` -> the type arguments the child's clause naming that base writes (null: none). */
  private readonly written = new Map<string, readonly string[] | null>();

  constructor(private readonly lookup: BaseLookup) {}

  /** `on` seen as `owner`, one of its bases, with the arguments bound on the way; `on` itself when owner is its own type or no base path reaches it. */
  viewAs(on: Typed, owner: DefRef): Typed {
    if (same(on.ref, owner)) return on;
    const queue: Typed[] = [on];
    for (let i = 0; i < queue.length && i < MAX_BASES; i++) {
      const at = queue[i]!;
      for (const base of this.lookup.basesOf(at.ref)) {
        const seen: Typed = { ref: base, confidence: at.confidence, ...this.bound(at, base) };
        if (same(base, owner)) return seen;
        queue.push(seen);
      }
    }
    return on;
  }

  /** The arguments `at`'s clause naming `base` writes, a parameter of `at` passed on replaced by what `at` binds it to. */
  private bound(at: Typed, base: DefRef): Pick<Typed, 'args' | 'argsFile'> {
    const args = this.argumentsTo(at.ref, base);
    if (!args) return {};
    const own = this.lookup.typeParameters(at.ref) ?? [];
    // Per argument: the name written in the clause, or what `at` binds the parameter passed on.
    const passed = args.map((arg) => (own.includes(arg) ? (at.args?.[own.indexOf(arg)] ?? '?') : undefined));
    const written = args.map((arg, i) => (passed[i] === undefined ? arg : '?'));
    const passedOn = passed.some((name) => name !== undefined && name !== '?');
    // Names written in two files have no one file to be read in: the passed-on ones are dropped.
    if (!passedOn || (written.some((name) => name !== '?') && at.argsFile !== at.ref.file)) return { args: written, argsFile: at.ref.file };
    return { args: args.map((arg, i) => passed[i] ?? arg), argsFile: at.argsFile! };
  }

  private argumentsTo(child: DefRef, base: DefRef): readonly string[] | undefined {
    const key = `${child.file}:${child.def}>${base.file}:${base.def}`;
    let found = this.written.get(key);
    if (found === undefined) {
      found = null;
      for (const h of this.lookup.heritageOf(child.file)) {
        if (h.child !== child.def || !h.args || (h.kind !== 'extends' && h.kind !== 'implements')) continue;
        const parent = this.lookup.resolveType(child.file, h.parent);
        if (parent && same(parent.ref, base)) {
          found = h.args;
          break;
        }
      }
      this.written.set(key, found);
    }
    return found ?? undefined;
  }
}
