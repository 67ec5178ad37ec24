// What a file declares, indexed once per file, and what its functions declare for their callers
// (`f()` a return, `f(i,j)` a callback's parameter, `f(is)` a guard's type), as written:
// declared-types.ts types them where a call or a path needs them.
import { CHOICE, RECEIVER_ITSELF, type DeclaredType, type FileExtraction } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';
import { indexDeclarations, innermost, MAX_SCOPE_WALK, type FileDeclarations } from './declared-type-index.ts';
import { genericForm } from './declared-type-generics.ts';

export class FunctionDeclarations {
  private readonly files: Array<FileDeclarations | undefined> = [];
  /** Per file: `${owner}\0${name}` -> the first definition of that name and parent (a factory, for `{}`). */
  private readonly byParentAndName: Array<Map<string, number> | undefined> = [];

  constructor(private readonly extractions: FileExtraction[]) {}

  /** A file's declarations, indexed the first time any is asked for. */
  of(file: number): FileDeclarations {
    return (this.files[file] ??= indexDeclarations(this.extractions[file]));
  }

  /** The first definition of a file with this parent and name (the factory a `{}` declaration names). */
  definitionNamed(file: number, parent: number | null, name: string): number | undefined {
    let index = this.byParentAndName[file];
    if (!index) {
      index = new Map();
      this.extractions[file].definitions.forEach((x, i) => {
        const key = `${x.parent}\0${x.name}`;
        if (!index!.has(key)) index!.set(key, i);
      });
      this.byParentAndName[file] = index;
    }
    return index.get(`${parent}\0${name}`);
  }

  /** A function declared in the enclosing functions (`const get = () => ...; get().next()`), innermost first. */
  nestedFunction(file: number, enclosing: number | null, name: string): DefRef | undefined {
    const defs = this.extractions[file].definitions;
    for (let e = enclosing, steps = 0; e !== null && steps < MAX_SCOPE_WALK; e = defs[e]?.parent ?? null, steps++) {
      const def = this.definitionNamed(file, e, name);
      if (def !== undefined && defs[def]!.kind === 'function') return { file, def };
    }
    return undefined;
  }

  /** The declaration of `suffix` (`()`, `(i,j)`, `(is)`) a function carries, as written. */
  raw(fn: DefRef, suffix: string): DeclaredType | undefined {
    const declared = this.declaredOf(fn, suffix);
    // `function make() { var set = new ArraySet(); ...; return set }`: a name the body returns
    // (`=set`), or a choice of what its returns say (`=binding | =session.current`), is read in
    // the body's scope, where the function's own locals are, then outward, as of the body's last
    // line, so a local typed from an assignment on (`let match; ... match = entry; ... return match`) is seen.
    if (suffix !== '()' || !declared || declared.type === RECEIVER_ITSELF || declared.owner === fn.def) return declared;
    if (!declared.type.startsWith('=') && !declared.type.includes(CHOICE)) return declared;
    const end = this.extractions[fn.file].definitions[fn.def]!.endLine;
    return { ...declared, owner: fn.def, lines: [end, end] };
  }

  private declaredOf(fn: DefRef, suffix: string): DeclaredType | undefined {
    const def = this.extractions[fn.file].definitions[fn.def];
    if (!def) return undefined;
    const declarations = this.of(fn.file);
    const name = def.name.slice(def.name.lastIndexOf('.') + 1);
    // `ArraySet.fromArray = function () {...}`, a method assigned to its owner at the module level:
    // declared under the owner's name (typescript-assignments.ts), so two owners' `create` stay apart.
    if (def.kind === 'method' && def.parent === null && def.parentName !== undefined) {
      const detached = declarations.locals.get(`\0${def.parentName}.${name}${suffix}`);
      if (detached) return detached;
    }
    // `opts: { next(op: Op): Obs }` in a type: the member is named through its holder (`opts.next`), and so is its signature.
    const held = name !== def.name && def.kind === 'method' ? declarations.members.get(`${def.parent ?? ''}\0${def.name}${suffix}`) : undefined;
    if (held) return held;
    const key = `${def.parent ?? ''}\0${name}${suffix}`;
    // A function declared inside a callback (`operate((source, subscriber) => { const get = () => subject$; ... })`)
    // has its signature seen within the callback's lines, as the callback's other names are.
    return (
      (def.kind === 'method' ? declarations.members : declarations.locals).get(key) ??
      (def.kind === 'method' ? undefined : innermost(declarations.ranged.get(key), def.startLine))
    );
  }

  /**
   * `setGetter(getter: Getter<T>)` with `type Getter<T> = (ctx: Ctx) => V`: parameter j of the
   * function type alias parameter i is declared with, as `Getter(j)` (a callback passed there is
   * typed as a function written where Getter is expected); undefined for any other parameter type.
   */
  byAliasedParameter(fn: DefRef, i: string, j: string): DeclaredType | undefined {
    const place = this.raw(fn, `(${i})`);
    const name = place && (genericForm(place.type)?.name ?? place.type);
    return name && /^[\w$.]{1,160}$/.test(name) ? { ...place!, type: `${name}(${j})` } : undefined;
  }

  /** The class or interface a method is declared in (its parent), as a reference. */
  ownerOf(fn: DefRef): DefRef {
    return { file: fn.file, def: this.extractions[fn.file].definitions[fn.def]?.parent ?? -1 };
  }
}
