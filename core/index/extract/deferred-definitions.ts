// Definitions that depend on what the rest of a file holds, settled once its walk is done
// (extraction-builder.ts finish()). A name bound to a value the extractor cannot tell is a
// function is one when a bare call in its scope names it; a member typed by a name is a method
// when the file declares that name a function type. Both are what the TypeScript checker
// resolves such calls to (SPEC §init_workspace: the graph holds what calls reach).
import type { ImportRecord } from '../extract-types.ts';
import type { RawDefinition } from './extraction-builder.ts';
import { anyWithin } from './sorted-positions.ts';

interface Binding {
  def: RawDefinition;
  /** Where the name starts being seen: calls before it do not count. */
  seenFrom: number;
  /** Where the name stops being seen: calls at or past it do not count. */
  scopeEnd: number;
  /** A module-level name: it holds too when the module exports it (`module.exports = isBuffer`). */
  moduleLevel: boolean;
  /** Declared without a value (`let setGuard`): the export counts only when the file assigns it a function. */
  valueless: boolean;
}

interface ThisMember {
  def: RawDefinition;
  /** The class body around the member: `this.name()` inside it counts. */
  classStart: number;
  classEnd: number;
}

/** Per callee, the sorted start positions of the calls `keep` accepts. */
function startsByCallee(calls: ReadonlyArray<CallPosition>, keep: (call: CallPosition) => boolean): Map<string, number[]> {
  const starts = new Map<string, number[]>();
  for (const call of calls) {
    if (!keep(call)) continue;
    let list = starts.get(call.callee);
    if (!list) starts.set(call.callee, (list = []));
    list.push(call.start);
  }
  for (const list of starts.values()) list.sort((a, b) => a - b);
  return starts;
}

interface CallPosition {
  callee: string;
  receiver: string | undefined;
  start: number;
}

export class DeferredDefinitions {
  private readonly bindings: Binding[] = [];
  private readonly typedMembers: RawDefinition[] = [];
  private readonly thisMembers: ThisMember[] = [];
  private readonly callableTypes = new Set<string>();
  private readonly typeOnlyImports = new Set<string>();
  /** Names a plain assignment gives a function (`setGuard = (h, g) => {...}`, in any scope). */
  private readonly assignedFunctions = new Set<string>();

  binding(def: RawDefinition, seenFrom: number, scopeEnd: number, moduleLevel = false, valueless = false): void {
    this.bindings.push({ def, seenFrom, scopeEnd, moduleLevel, valueless });
  }

  assignedFunction(name: string): void {
    this.assignedFunctions.add(name);
  }

  /** A member with `typeName` set: settled here when the file declares that name a function type, else handed on with it. */
  typedMember(def: RawDefinition): void {
    this.typedMembers.push(def);
  }

  /** A class field whose type says nothing of calls (`dehancer: any`, `handler = null`): a method when `this.<name>()` in its class calls it. */
  thisMember(def: RawDefinition, classStart: number, classEnd: number): void {
    this.thisMembers.push({ def, classStart, classEnd });
  }

  typeOnlyImport(local: string): void {
    this.typeOnlyImports.add(local);
  }

  callableType(name: string): void {
    this.callableTypes.add(name);
  }

  callableTypeNames(): string[] {
    return [...this.callableTypes];
  }

  /**
   * The definitions that hold, and the typed members this file cannot settle (still carrying
   * their typeName). Per name, the bare calls' positions in order, so each binding
   * costs one binary search however many calls the file has. A binding of a name the module
   * imports stays none: the import is what the file's other calls reach, and a binding in a
   * callback would be a bare name of the whole module. A type-only import brings no value, so it
   * does not count. A class field waiting on `this.<name>()` holds when its class body has one.
   * A module-level binding the module exports (`var isBuffer = native || stubFalse;
   * module.exports = isBuffer`) holds as well: the importers' calls reach it, as the checker's do;
   * so does one declared without a value and given a function later (`let setGuard; class H {
   * static { setGuard = (h, g) => {...} } }; module.exports = { setGuard }`), the declaration being
   * what the checker names.
   */
  settle(calls: ReadonlyArray<CallPosition>, imports: ReadonlyArray<ImportRecord>, exports: ReadonlyArray<{ local: string }>): RawDefinition[] {
    const out: RawDefinition[] = [];
    for (const def of this.typedMembers) {
      // `RenderFn|ReactNode` (a union's names): callable when any of them is.
      if (def.typeName!.split('|').some((name) => this.callableTypes.has(name))) def.typeName = undefined;
      out.push(def);
    }
    if (this.thisMembers.length > 0) {
      const wanted = new Set(this.thisMembers.map((m) => m.def.name));
      const starts = startsByCallee(calls, (call) => call.receiver === 'this' && wanted.has(call.callee));
      for (const { def, classStart, classEnd } of this.thisMembers) {
        const list = starts.get(def.name);
        if (list && anyWithin(list, classStart, classEnd)) out.push(def);
      }
    }
    if (this.bindings.length === 0) return out;
    const wanted = new Set(this.bindings.map((b) => b.def.name));
    const starts = startsByCallee(calls, (call) => call.receiver === undefined && wanted.has(call.callee));
    // Read only in a file with a module-level binding: most files have none.
    const exported = this.bindings.some((b) => b.moduleLevel) ? new Set(exports.map((e) => e.local)) : undefined;
    const anyExported = exported !== undefined && this.bindings.some((b) => b.moduleLevel && exported.has(b.def.name));
    if (starts.size === 0 && !anyExported) return out;
    const imported = new Set<string>();
    for (const record of imports) for (const binding of record.bindings) if (!this.typeOnlyImports.has(binding.local)) imported.add(binding.local);
    for (const { def, seenFrom, scopeEnd, moduleLevel, valueless } of this.bindings) {
      if (imported.has(def.name)) continue;
      const list = starts.get(def.name);
      const exportedFunction = moduleLevel && exported?.has(def.name) && (!valueless || this.assignedFunctions.has(def.name));
      if (exportedFunction || (list && anyWithin(list, seenFrom, scopeEnd))) out.push(def);
    }
    return out;
  }
}
