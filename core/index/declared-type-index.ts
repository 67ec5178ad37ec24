// One file's declared types (extract-types.ts DeclaredType), indexed for declared-types.ts: the
// locals and members by owner and name, the names declared within a callback's lines (looked up
// by line, innermost first), and which names any function of the file declares at all.
import type { DeclaredType, FileExtraction } from './extract-types.ts';
import { detachedOwner } from './prototype-owners.ts';

/**
 * A local is looked for in at most this many enclosing definitions, and a callback's name in at
 * most this many of its same-named declarations before the call's line: past that a receiver is
 * not typed and its call stays unproven. Real code nests a handful deep; a file nesting
 * thousands (SPEC §init_workspace: any file up to the size cap of core/index/index-caps.ts) would otherwise cost a walk that long
 * per call.
 */
export const MAX_SCOPE_WALK = 64;

export interface FileDeclarations {
  /** `${owner}\0${name}` -> the declared type of a local (the last declaration wins). */
  locals: Map<string, DeclaredType>;
  /** `${owner}\0${name}` -> callback parameters and names bound inside callbacks, seen within their lines, by first line. */
  ranged: Map<string, DeclaredType[]>;
  /** `${owner}\0${name}` -> the declared type of a member (an annotation kept over a later assignment). */
  members: Map<string, DeclaredType>;
  /** Each local's name: true when some declaration of it is seen only within a callback's lines. */
  names: Map<string, boolean>;
  /** Each `type X = ReturnType<typeof f>` alias's definition -> `f` (a `typeof` heritage naming a call). */
  returnAliases: Map<number, string>;
  /** Generic aliases a union led by a type parameter (`type Maybe<T> = T | null`): that parameter's place, by alias. */
  passedParameters: Map<number, number>;
  /** Aliases of a collection of one named type (`type List = ReadonlyArray<Entry>`): the element's name, by alias. */
  elementAliases: Map<number, string>;
}

export function indexDeclarations(ext: FileExtraction): FileDeclarations {
  const locals = new Map<string, DeclaredType>();
  const ranged = new Map<string, DeclaredType[]>();
  const members = new Map<string, DeclaredType>();
  const names = new Map<string, boolean>();
  const conflicting = new Set<string>();
  for (const d of ext.declaredTypes ?? []) {
    const key = `${d.owner ?? ''}\0${d.name}`;
    // `record.subs` (a type literal's member, typescript.ts): `record` is a local of the scope too.
    const dot = d.kind === 'local' ? d.name.indexOf('.') : -1;
    if (dot > 0) {
      const head = d.name.slice(0, dot);
      names.set(head, Boolean(d.lines) || (names.get(head) ?? false));
    }
    if (d.kind === 'local' && d.lines) {
      const list = ranged.get(key);
      if (list) list.push(d);
      else ranged.set(key, [d]);
      names.set(d.name, true);
      continue;
    }
    const map = d.kind === 'member' ? members : locals;
    // A method's overloads declaring one signature place apart (`on(e: 'a', cb: (x: A) => void)`
    // and `on(e: 'b', cb: (x: B) => void)`, `get(k: 'a'): A` and `get(k: 'b'): B`): which one a
    // call takes is the checker's overload resolution, so the place is typed by none of them. (A
    // function's later declaration of a local place refines an earlier one: the last wins there.)
    if (d.kind === 'member' && d.name.includes('(')) {
      if (conflicting.has(key)) continue;
      const earlier = map.get(key);
      if (earlier && earlier.type !== d.type) {
        map.delete(key);
        conflicting.add(key);
        continue;
      }
    }
    // A member typed by its annotation keeps it over a later `this.x = new Y()`.
    if (!map.has(key) || d.kind === 'local') map.set(key, d);
    if (d.kind === 'local') names.set(d.name, names.get(d.name) ?? false);
  }
  listPrototypeMembers(ext, locals);
  // Seen-within declarations by their first line (the order kept among equal ones), for innermost().
  for (const list of ranged.values()) if (list.length > 1) list.sort((a, b) => a.lines![0] - b.lines![0]);
  const returnAliases = new Map<number, string>();
  const passedParameters = new Map<number, number>();
  const elementAliases = new Map<number, string>();
  for (const h of ext.heritage) {
    if (h.kind === 'typeof' && h.parent.endsWith('()')) returnAliases.set(h.child, h.parent.slice(0, -2));
    else if (h.kind === 'passes') passedParameters.set(h.child, Number(h.parent));
    else if (h.kind === 'elements') elementAliases.set(h.child, h.parent);
  }
  return { locals, ranged, members, names, returnAliases, passedParameters, elementAliases };
}

/**
 * `Gen.prototype.toPublic = function () { this._pub = new Key() }` in JavaScript: the method's local
 * `this._pub` (typescript-assignments.ts) is also the constructor function Gen's, as the checker
 * declares a member by the assignments its prototype's methods make. The constructor's own
 * assignment comes first; two methods assigning two types type the member by neither.
 */
function listPrototypeMembers(ext: FileExtraction, locals: Map<string, DeclaredType>): void {
  const found = new Map<string, DeclaredType | undefined>();
  for (const d of ext.declaredTypes ?? []) {
    if (d.kind !== 'local' || d.owner === null || !d.name.startsWith('this.') || d.lines) continue;
    const owner = detachedOwner(ext, d.owner);
    if (owner === undefined || ext.definitions[owner]!.kind !== 'function') continue;
    const key = `${owner}\0${d.name}`;
    if (locals.has(key)) continue;
    const earlier = found.get(key);
    found.set(key, found.has(key) && earlier?.type !== d.type ? undefined : d);
  }
  for (const [key, d] of found) if (d) locals.set(key, d);
}

/**
 * Of the declarations seen within their lines (sorted by first line), the innermost one around
 * `line`: the last that starts at or before it and still holds it, looked for among the
 * MAX_SCOPE_WALK that start last before it.
 */
export function innermost(list: DeclaredType[] | undefined, line: number, skip?: (d: DeclaredType) => boolean): DeclaredType | undefined {
  if (!list) return undefined;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.lines![0] <= line) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0 && i >= lo - MAX_SCOPE_WALK; i--) if (list[i]!.lines![1] >= line && !skip?.(list[i]!)) return list[i];
  return undefined;
}
