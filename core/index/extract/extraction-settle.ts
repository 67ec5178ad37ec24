// The settling half of extraction-builder.ts: what a language module recorded, in whatever order
// the query reported it, made into the file's structure once at the end, by comparing ranges.
// Definitions in document order with their innermost enclosing definition (methods told apart
// from functions by their owner), each declared type's owner and callback, heritage by index,
// and every call given its innermost enclosing function or method.
import { RETURNED_MEMBER, type CallSite, type DeclaredType, type Definition, type DefinitionKind, type Heritage, type TypedMember } from '../extract-types.ts';

export interface RawDefinition {
  kind: DefinitionKind;
  name: string;
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  exported: boolean;
  bound: boolean;
  /** A function whose innermost owner is a type (class, struct, trait, impl) becomes a method. */
  methodInType: boolean;
  /** The owning type's name when it is not lexically enclosing (Go receiver, Rust impl). */
  parentName: string | undefined;
  /** Set by finish(): the index in the definitions list. */
  index: number | undefined;
  /** A member whose callability its type's name decides (memberIfCallableType) until the file settles it. */
  typeName: string | undefined;
}

/** A range that owns methods without being a definition itself (a Rust `impl` block). */
export interface OwnerScope {
  start: number;
  end: number;
  ownerName: string;
}

export interface RawCall {
  callee: string;
  receiver: string | undefined;
  isNew: boolean;
  line: number;
  start: number;
  /** CallSite.boundInScope. */
  boundInScope?: true;
}

export interface RawDeclaredType {
  kind: DeclaredType['kind'];
  name: string;
  type: string;
  call: boolean;
  start: number;
  /** The lines of the function whose parameter this is, when only calls inside it see the name. */
  lines: [number, number] | undefined;
  /** DeclaredType's `parameter`. */
  parameter: string | undefined;
}

export interface RawHeritage {
  child: RawDefinition | string;
  parent: string;
  kind: Heritage['kind'];
  args?: string[];
}

/** Document order, an enclosing range before the ranges it contains. Module level: a closure
 * made per call costs a keepNames `__name` call per file in the bundle. */
function byStart(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return a.start - b.start || b.end - a.end;
}

/** A function passed as an argument (callbackScope). */
export interface Callback {
  start: number;
  end: number;
  lines: [number, number] | undefined;
}

export const TYPE_KINDS: ReadonlySet<DefinitionKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'type']);
const FUNCTION_KINDS: ReadonlySet<DefinitionKind> = new Set(['function', 'method']);

/**
 * The ranges around `at` on `stack`, after entering those of `defs` (in source order, from `next`)
 * that start by `at`: the sweep settleCalls makes once per kind of range. Returns the next to enter.
 */
function enter(defs: RawDefinition[], next: number, stack: RawDefinition[], at: number): number {
  while (next < defs.length && defs[next]!.start <= at) {
    const def = defs[next++]!;
    while (stack.length && stack[stack.length - 1]!.end <= def.start) stack.pop();
    stack.push(def);
  }
  while (stack.length && stack[stack.length - 1]!.end <= at) stack.pop();
  return next;
}

/**
 * Each declared type's owner: the innermost class around a member, the innermost function
 * around a local; and a local's callback, the innermost one around it inside its owner. One
 * sweep in position order over the definitions and callbacks open at each declaration (they
 * nest), each open definition knowing the nearest class and function at or under it, so a
 * declaration costs the same however deep it sits. `defs` are in document order (settleDefinitions).
 */
export function settleDeclaredTypes(declared: RawDeclaredType[], defs: RawDefinition[], callbacks: Callback[], lineAt: LineAt): DeclaredType[] {
  callbacks.sort(byStart);
  const order = declared.map((_, i) => i).sort((x, y) => declared[x]!.start - declared[y]!.start);
  const owners: Array<RawDefinition | undefined> = new Array(declared.length);
  const arounds: Array<Callback | undefined> = new Array(declared.length);
  const open: RawDefinition[] = [];
  /** Per open definition: the place in `open` of the nearest type (and function) at or under it, -1 for none. */
  const nearestType: number[] = [];
  const nearestFunction: number[] = [];
  const openCallbacks: Callback[] = [];
  let next = 0;
  let nextCallback = 0;
  for (const i of order) {
    const d = declared[i]!;
    while (next < defs.length && defs[next]!.start <= d.start) {
      const def = defs[next++]!;
      while (open.length && open[open.length - 1]!.end <= def.start) open.pop();
      const k = open.length;
      open.push(def);
      nearestType[k] = TYPE_KINDS.has(def.kind) ? k : k > 0 ? nearestType[k - 1]! : -1;
      nearestFunction[k] = FUNCTION_KINDS.has(def.kind) ? k : k > 0 ? nearestFunction[k - 1]! : -1;
    }
    while (open.length && open[open.length - 1]!.end <= d.start) open.pop();
    const at = open.length === 0 ? -1 : (d.kind === 'member' ? nearestType : nearestFunction)[open.length - 1]!;
    owners[i] = at < 0 ? undefined : open[at];
    if (d.kind !== 'local' || d.lines) continue;
    while (nextCallback < callbacks.length && callbacks[nextCallback]!.start <= d.start) {
      const callback = callbacks[nextCallback++]!;
      while (openCallbacks.length && openCallbacks[openCallbacks.length - 1]!.end <= callback.start) openCallbacks.pop();
      openCallbacks.push(callback);
    }
    while (openCallbacks.length && openCallbacks[openCallbacks.length - 1]!.end <= d.start) openCallbacks.pop();
    // The innermost callback around it; one that starts before its owner holds the owner, not it.
    const around = openCallbacks[openCallbacks.length - 1];
    const owner = owners[i];
    if (around && (!owner || around.start > owner.start)) arounds[i] = around;
  }
  const out: DeclaredType[] = [];
  declared.forEach((d, i) => {
    const owner = owners[i];
    if (d.kind === 'member' && !owner) return;
    const item: DeclaredType = { kind: d.kind, owner: owner?.index ?? null, name: d.name, type: d.type };
    if (d.call) item.call = true;
    if (d.parameter) item.parameter = d.parameter;
    const lines = d.lines ?? linesOf(arounds[i], lineAt);
    if (lines) item.lines = lines;
    out.push(item);
  });
  return out;
}

/** The 1-based line of a position in the file (ExtractionBuilder's, counted on first use). */
export interface LineAt {
  lineAt(index: number): number;
}

/** A callback's first and last line, counted when first asked for. */
function linesOf(callback: Callback | undefined, at: LineAt): [number, number] | undefined {
  if (callback) callback.lines ??= [at.lineAt(callback.start), at.lineAt(Math.max(callback.start, callback.end - 1))];
  return callback?.lines;
}

/**
 * The definitions in document order, each with its innermost enclosing definition; a member a
 * type's name decides (RawDefinition.typeName) goes to `typedMembers` instead. Sorts `defs` and
 * sets each one's index.
 */
export function settleDefinitions(
  defs: RawDefinition[],
  scopes: OwnerScope[],
  exports: ReadonlyArray<{ local: string }>,
  typedMembers: TypedMember[],
): Definition[] {
  defs.sort(byStart);
  scopes.sort(byStart);
  const exportedLocals = new Set(exports.map((e) => e.local));
  const out: Definition[] = [];
  const stack: RawDefinition[] = [];
  const scopeStack: OwnerScope[] = [];
  let s = 0;
  for (const def of defs) {
    while (stack.length && stack[stack.length - 1]!.end <= def.start) stack.pop();
    while (scopeStack.length && scopeStack[scopeStack.length - 1]!.end <= def.start) scopeStack.pop();
    while (s < scopes.length && scopes[s]!.start <= def.start) {
      const scope = scopes[s++]!;
      if (scope.end > def.start) scopeStack.push(scope);
    }
    const owner = stack[stack.length - 1];
    // `(): { retry: RetryFunction }`: a member of the function's declared return, its own (literalMember).
    const returned = def.name.startsWith(RETURNED_MEMBER);
    if (returned) def.name = def.name.slice(RETURNED_MEMBER.length);
    // `export const x: { a: () => void } = make()`: a member named through its holder
    // (literalMember) sits inside the holder's own definition, which already names it once.
    if (owner && def.name.length > owner.name.length && def.name.startsWith(owner.name) && def.name[owner.name.length] === '.') {
      def.name = def.name.slice(owner.name.length + 1);
    }
    if (def.typeName !== undefined) {
      // Not a definition here: a TypedMember of its class, interface or type, or of the function
      // whose parameter's object type holds it (`opts.ref`, named through its holder), or whose
      // declared return's does (`(): { retry: RetryFunction }`, by its own name).
      if (owner?.index !== undefined && (TYPE_KINDS.has(owner.kind) || (returned && FUNCTION_KINDS.has(owner.kind)) || def.name.includes('.')))
        typedMembers.push({ owner: owner.index, name: def.name, type: def.typeName, startLine: def.startLine, endLine: def.endLine });
      continue;
    }
    const scope = scopeStack[scopeStack.length - 1];
    // An impl block opened inside the innermost definition owns what follows it.
    const scopeIsInner = scope !== undefined && (owner === undefined || scope.start >= owner.start);
    let parent: number | null = owner?.index ?? null;
    if (scopeIsInner) {
      def.parentName ??= scope.ownerName;
      if (def.methodInType) def.kind = 'method';
    } else if (owner && def.methodInType && TYPE_KINDS.has(owner.kind)) {
      def.kind = 'method';
      def.parentName ??= owner.name;
    }
    if (parent === null && exportedLocals.has(def.name)) def.exported = true;
    def.index = out.length;
    const item: Definition = {
      kind: def.kind,
      name: def.name,
      startLine: def.startLine,
      endLine: def.endLine,
      parent,
      exported: def.exported,
    };
    if (def.bound) item.bound = true;
    if (def.parentName !== undefined) item.parentName = def.parentName;
    out.push(item);
    stack.push(def);
  }
  return out;
}

/** The first type definition of each name in a file's settled definitions, read when first asked for. */
export class FirstTypes {
  private byName?: Map<string, number>;

  constructor(private readonly definitions: Definition[]) {}

  index(name: string): number | undefined {
    if (!this.byName) {
      const types = new Map<string, number>();
      this.definitions.forEach((d, i) => {
        if (TYPE_KINDS.has(d.kind) && !types.has(d.name)) types.set(d.name, i);
      });
      this.byName = types;
    }
    return this.byName.get(name);
  }
}

/** Go methods and Rust impl methods name their owner; point `parent` at it when it is in this file. */
export function linkOwnersByName(definitions: Definition[], types: FirstTypes): void {
  for (const def of definitions) {
    if (def.parent !== null || def.parentName === undefined) continue;
    const owner = types.index(def.parentName);
    if (owner !== undefined) def.parent = owner;
  }
}

export function settleHeritage(heritage: RawHeritage[], types: FirstTypes): Heritage[] {
  const settled: Heritage[] = [];
  for (const h of heritage) {
    const child = typeof h.child === 'string' ? types.index(h.child) : h.child.index;
    if (child !== undefined) settled.push(h.args ? { child, parent: h.parent, kind: h.kind, args: h.args } : { child, parent: h.parent, kind: h.kind });
  }
  return settled.sort((a, b) => a.child - b.child);
}

/** Every call with its innermost enclosing function or method, and the class a `this` call in a class body is made in. */
export function settleCalls(calls: RawCall[], defs: RawDefinition[]): CallSite[] {
  calls.sort((a, b) => a.start - b.start);
  const fns = defs.filter((d) => FUNCTION_KINDS.has(d.kind));
  const classes = defs.filter((d) => d.kind === 'class');
  const out: CallSite[] = new Array(calls.length);
  const stack: RawDefinition[] = [];
  const classStack: RawDefinition[] = [];
  let j = 0;
  let k = 0;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    j = enter(fns, j, stack, call.start);
    k = enter(classes, k, classStack, call.start);
    const fn = stack[stack.length - 1];
    const site: CallSite = { callee: call.callee, line: call.line, enclosing: fn?.index ?? null };
    // A call on `this` in a class body, inside no method of it: `this` there is the instance.
    const cls = classStack[classStack.length - 1];
    if (cls && (!fn || fn.start < cls.start) && (call.receiver === 'this' || call.receiver?.startsWith('this.'))) site.classLevel = cls.index;
    if (call.receiver !== undefined) site.receiver = call.receiver;
    if (call.isNew) site.isNew = true;
    if (call.boundInScope) site.boundInScope = true;
    out[i] = site;
  }
  return out;
}
