// The contract between per-file extraction (core/index/extract/) and the graph built on top of it
// (resolution, lifecycle, query tools). SPEC §init_workspace: extraction is the per-file phase;
// everything here is plain data so it crosses worker_threads by structured clone.
// Only optional fields may be added once this is committed.
import type { LanguageId } from './extract/languages/registry.ts';

/** A registered language module's language (core/index/extract/languages/registry.ts). */
export type { LanguageId };

export type DefinitionKind = 'class' | 'interface' | 'function' | 'method' | 'struct' | 'enum' | 'trait' | 'type';

export interface Definition {
  kind: DefinitionKind;
  name: string;
  startLine: number; // 1-based
  endLine: number;
  /** Index into definitions of the enclosing class/struct/impl owner for methods (and nested defs), else null. */
  parent: number | null;
  exported: boolean; // ES export / Python top-level public / Go capitalised / Java public / Rust pub
  /** true when a function value is bound to a name: const f = () => ..., f = function () {}, class field holding an arrow, Python lambda assigned to a name */
  bound?: boolean;
  /**
   * Methods only: the owning type's name, i.e. the enclosing class/struct/trait, a Go method's
   * receiver type, or a Rust impl's self type. Set even when that type is defined in another
   * file of the package (then `parent` is null), so the graph can attach it by name.
   */
  parentName?: string;
}

export interface ImportBinding {
  imported: string; // 'default' | '*' | a name
  local: string;
}

/**
 * Conventions, the same for every language so one resolution rule serves all:
 * - a binding of the whole module is { imported: '*', local }: `import * as m`, CommonJS
 *   `const m = require('a')`, TypeScript `import m = require('a')`, Python `import a.b as m`
 *   (and `import a.b`, whose local is the dotted name 'a.b'), Go imports (local = alias or the
 *   path's last segment);
 * - `{ imported: '*', local: '*' }` brings every exported name into scope: `export * from`,
 *   Python `from x import *`, Go dot imports, Java `import a.b.*`, Rust `use a::*`;
 * - CommonJS exports read as ES ones: `module.exports = x` exports x as 'default',
 *   `exports.f = g` / `module.exports.f = g` export g as 'f', `module.exports = { a, b: c }`
 *   exports a as 'a' and c as 'b';
 * - re-exports are imports of kind 'reexport' whose `local` is the name this module exports;
 * - Java and Rust sources are the full path as written ('java.util.List', 'crate::a::b'),
 *   with the last segment bound.
 */
export interface ImportRecord {
  /** The ES forms, or the importing file's language for a language with one import form (Python, Go, Java, Rust). */
  kind: 'esm' | 'require' | 'reexport' | 'dynamic' | LanguageId;
  source: string; // module specifier as written ('./a', '../b/index', 'pkg', '.mod', '..pkg.mod', 'fmt', 'com.x.Y', 'crate::a::b')
  bindings: ImportBinding[]; // empty for side-effect imports; for `export * from`, [{imported:'*', local:'*'}]
  line: number;
}

export interface CallSite {
  callee: string; // the called simple name (foo in foo(), obj.foo(), new Foo())
  /**
   * 'this' | 'self' | 'super' | an identifier (obj in obj.foo()) | a dotted path ('this.a', 'a.b',
   * Rust 'crate::m' for crate::m::f()); absent for a bare call. TypeScript keeps calls in a
   * path with their arguments dropped ('foo()' for foo().bar(), 'this.a.get()'), and an instance
   * constructed in place as 'new Foo' (new Foo(x).bar()), a value cast in place as 'as Foo'
   * ((x as Foo<T>).bar()). Any other
   * receiver (a[0].b(), (x || y).c()) is '<expr>', so such a call is never mistaken for a bare one.
   * `super(...)` in a constructor is { callee: 'constructor', receiver: 'super' }.
   */
  receiver?: string;
  isNew?: boolean;
  /**
   * A bare callee, or the name a receiver path starts at, that a parameter, a local variable,
   * or a loop's or catch clause's variable binds between the call and its file's top
   * (`function build(pretty) { pretty() }`, `function f(lib) { lib.parse() }`): the call is of
   * that binding's value, never of the module's import or top-level definition of the name. A
   * nested function of the name, and a type the local is declared with, are still read.
   */
  boundInScope?: boolean;
  line: number;
  /** Index into definitions of the innermost enclosing function/method (null at module level). */
  enclosing: number | null;
  /**
   * A call on `this` in a class body outside its methods (a field initializer,
   * `readonly resize = this.semaphore.withPermits(1)`): the class, whose instance `this` is there.
   */
  classLevel?: number;
}

/**
 * A base of a definition. `union` is a member of a union type alias (`type P = A | B`), `typeof`
 * the value a type alias is the type of (`type Logger = typeof log`): resolution looks a member
 * up through either as through a base, but the alias is no subtype of it, so the graph draws no
 * `inherits` edge for it. `passes` marks a generic alias a union led by its own type parameter
 * (`type Maybe<T> = T | null`; `parent` the parameter's place, `0`): a member called on `Maybe<X>`
 * is X's, as the checker names the first union member's; no base, no edge. `elements` marks an
 * alias of a collection of one named type (`type List = ReadonlyArray<Entry>`; `parent` the
 * element's name): a `List` is read as `Entry[]`; no base, no edge.
 */
export interface Heritage {
  child: number;
  parent: string;
  kind: 'extends' | 'implements' | 'union' | 'typeof' | 'passes' | 'elements';
  /**
   * The type arguments the clause writes (`extends Repo<Foo>`: `['Foo']`; `?` for one that is no
   * plain name), which bind the base's type parameters for the child's members read on it
   * (declared-types.ts). Absent when it writes none.
   */
  args?: string[];
}

/**
 * A name whose type is declared where it is bound: declared types only, nothing inferred.
 * TypeScript: a parameter or variable annotation (`o: Store`), a field annotation or a
 * constructor parameter property (`constructor(private store: Store)`), `new X()` bound to a
 * variable or `this.x`. Python: a parameter annotation, `x = X(...)`, `self.x = X(...)`,
 * `self.x: X`. Go: a method's receiver.
 *
 * `type` is a type name as written, or one of the forms resolution reads through a declaration
 * elsewhere: `X[]` (an array, read-only array or set of X), `=path` (the value a path names), `path()` (what the call returns,
 * by the callee's declared return type), `path(i,j)` (parameter j of the callback passed as
 * argument i, by the callee's declared parameter type, or an array method's element), `path[*]`
 * (an element of the collection path names, for `for (const x of path)`), `{}` (for `f()`: the
 * object literal f returns, whose function members are f's nested definitions), `a | b` (CHOICE:
 * either of two such forms, a ternary's branches), `[a | b]` (ARRAY_OF: an array literal of such forms), `X~` (MAYBE_PRIMITIVE: X or a primitive), `X~()` (X, a primitive or a function),
 * `X<A,B>` (X with the names of its type arguments, `?` for any other).
 */
/** Joins the two forms of a choice (`=v2 | =v1` for `higher ? v2 : v1`): typed where both reach one type. */
export const CHOICE = ' | ';
/**
 * Wraps the forms of an object literal's members that each hold a name (`{[=query | =mutation]}`
 * for `{ query, mutation }`): read only where a computed key picks a member, as the one type all reach.
 */
export const OBJECT_OF = ['{[', ']}'] as const;
/**
 * Leads `Alias.param` for a function type's parameter typed by a type literal (`type Link = (opts:
 * { next: Next }) => R`: `Link(0)` is `{:Link.opts`): the literal whose members Alias declares as
 * `opts.next`.
 */
export const PARAMETER_LITERAL = '{:';
/**
 * A computed key path's dot inside a receiver path (`this[PropertySymbol:ownerDocument]` for
 * `this[PropertySymbol.ownerDocument]`), where a dot would split the path; the key is the member
 * declared under `[PropertySymbol.ownerDocument]`.
 */
export const KEY_DOT = ':';
/** Wraps the forms of an array literal's elements (`[=alpha | =beta]` for `[alpha, beta]`): an array of the one type all reach. */
export const ARRAY_OF = ['[', ']'] as const;
/**
 * Ends a type name a union holds beside primitives (`annotation: Annotation | boolean`): X for a
 * member no primitive has (`annotation.make_()` is Annotation's), nothing for one a primitive has
 * (`key.toString()` with `key: string | BindingKey` may be the string's).
 */
export const MAYBE_PRIMITIVE = '~';
/** As MAYBE_PRIMITIVE, where the union admits a function too (`Unsubscribable | (() => void)`): nor a member every function has (`bind`, `call`). */
export const MAYBE_FUNCTION = '~()';
/**
 * The type of a function's own `this` where nothing declares it, written inside a function whose
 * `this` a parameter declares (`m(this: Mixed) { return function () { this.save() } }`) or in a
 * class's body (typescript-own-this.ts): it types nothing, so neither the outer declaration nor
 * the class's instance reaches in, as the checker reads such a `this` as `any`.
 */
export const OWN_THIS = '#this';
/**
 * Leads the type of `this` in a function a module-level object literal holds with no type written
 * for it (`const server = { respond() { this.log() } }`): the object, by its name after this prefix,
 * as the checker reads `this` in such a literal's methods as the literal's type.
 */
export const LITERAL_THIS = '#this=';
/** The object LITERAL_THIS names for `module.exports = {...}`, whose members are the module's exports. */
export const EXPORTS_OBJECT = 'module.exports';

/**
 * `exports.array.flatten`, `module.exports.array.flatten`: the path past the module's exports
 * object (`array.flatten`), which names the module's own export `array` and its members, in the
 * extractor that defines them and the resolver that reads calls through them; undefined for any
 * other path.
 */
export function ownExportPath(path: string): string | undefined {
  if (path.startsWith('exports.')) return path.slice('exports.'.length);
  if (path.startsWith(`${EXPORTS_OBJECT}.`)) return path.slice(EXPORTS_OBJECT.length + 1);
  return undefined;
}
/** Leads the name of a property of the object type a function declares it returns, a local of that function (`().ledger`). */
export const RETURNED_MEMBER = '().';
/**
 * Leads the names `()...0`, `()...1`, ... of a factory's locals that type the values its returned
 * literal spreads (`return { run, ...makeInner(n) }`): the object holds their members too.
 */
export const RETURNED_SPREAD = '()...';
/** The spreads of one returned literal that are read (typescript-objects.ts factoryObject). */
export const MAX_RETURNED_SPREADS = 4;
/**
 * A method's return as `this` (`where(): this`, `return this`): the value the call is made on, so
 * `q.where().run()` reaches the receiver's own `run`, a subclass's override included.
 */
export const RECEIVER_ITSELF = '=this';
/** The member of a generic class or interface that lists its type parameters in order (`T,U`): no source can name it. */
export const TYPE_PARAMETERS_MEMBER = '<>';
/**
 * Ends a function's parameter place typed by one of its type parameters: `dual(1)(<>)` declared
 * `<1>` (TYPE_ARGUMENT_FORM) says parameter 1 has type parameter 1's type, so a callback passed
 * there, at a call writing its type arguments, takes the parameters of the function type written
 * for it, held at the call as `#start_t1_j` (typescript-generics.ts typeArgumentPlaces).
 */
export const TYPE_ARGUMENT_PLACE = '(<>)';
export const TYPE_ARGUMENT_FORM = /^<(\d+)>$/;

export interface DeclaredType {
  /** 'member': a field of the class `owner` (`this.name`, `self.name`); 'local': a parameter or variable of the function `owner` (null: module level). */
  kind: 'member' | 'local';
  owner: number | null;
  name: string;
  /** The type as written, without type arguments: 'Store', 'ns.Store'. */
  type: string;
  /** Bound to a call of the name (Python `x = X()`): it types the name only when X is a class. */
  call?: boolean;
  /** A callback's parameter: the callback's first and last line; calls outside them do not see it. */
  lines?: [number, number];
  /**
   * The type parameter as written (`T`, `T[]`) where `type` is its constraint (`class Pool<T
   * extends Resource>`): a value whose type arguments bind the parameter (`Pool<Worker>`) reads the
   * argument, as the checker instantiates it; any other reads the constraint.
   */
  parameter?: string;
}

/**
 * A member typed by a name its file does not declare a function type (`serialize?: Serialize`,
 * with `Serialize` imported): a method of `owner` once the graph finds that name declared a
 * function type where the file's imports lead (core/index/callable-members.ts).
 */
export interface TypedMember {
  /** Index into definitions of the class, interface or type it is a member of. */
  owner: number;
  name: string;
  /**
   * The type's name as written, before any type arguments (`Serialize`, `errors.ErrorMap`), the
   * names of a union joined by `|` (`RenderFn|ReactNode`, callable when any is); or a member of a named type picked
   * by a string key (`Options['responseMeta']`, INDEXED_MEMBER), callable when that member is.
   */
  type: string;
  startLine: number;
  endLine: number;
}

/**
 * A TypedMember's `Options['responseMeta']`: the named type and the member its key picks; or
 * `tower12()['Fp12']` (`ReturnType<typeof tower12>['Fp12']`), what calling a function gives.
 */
export const INDEXED_MEMBER = /^([\w$]{1,80}(?:\.[\w$]{1,80}){0,3}\(\)|[\w$]{1,80})\['([\w$]{1,80})'\]$/;

/**
 * `export const api = { run, stop: halt }`: member `name` of the module-level object `owner` is
 * whatever the file's name `target` is (an import, a function of the file), as the checker
 * reads a shorthand property or a property whose value is a name.
 */
export interface MemberAlias {
  owner: string;
  /** SPREAD_MEMBER for `{ ...CSSSelector }`: the object also holds what `target` holds. */
  name: string;
  target: string;
}

/**
 * The MemberAlias name of a spread (`const util = Object.freeze({ ...CSSSelector, run })` with
 * `import * as CSSSelector`): a member the object does not name is what the spread value holds
 * under that name, a module's export here. No key can be written so.
 */
export const SPREAD_MEMBER = '...';

/**
 * Leads the MemberAlias owner of a function's local object literal (`#local.connection` for
 * `const connection = { end }` in a function that declares `function end() {}`): the member is
 * that nested function, which the function's own member lookup finds (definition-queries.ts
 * findMethod). No source can write such a name, so no module-level object is read as one.
 */
export const LOCAL_OBJECT_OWNER = '#local.';
/** The spreads of one module-level object that are read. */
export const MAX_SPREAD_MEMBERS = 16;

export interface FileExtraction {
  file: string; // workspace-relative, forward slashes
  language: LanguageId;
  definitions: Definition[];
  imports: ImportRecord[];
  /** Names this module exports: local name -> exported name ('default' for export default). */
  exports: { local: string; exported: string }[];
  calls: CallSite[];
  heritage: Heritage[];
  declaredTypes?: DeclaredType[];
  /** Members whose callability another file's type decides (TypedMember). */
  typedMembers?: TypedMember[];
  /** Names this file declares as function types (`type F = () => void`, an interface of call signatures only). */
  callableTypes?: string[];
  /** Members of module-level object literals that name a function by a name of the file (MemberAlias). */
  memberAliases?: MemberAlias[];
  /** Set when the file could not be read or parsed; tree-sitter ERROR nodes that still yield definitions are not failures but counted in errorNodes. */
  error?: string;
  errorNodes?: number;
  /**
   * What the parser could not read even after recovery (core/index/extract/recover-parse.ts):
   * the 1-based line ranges left in ERROR and their size in characters. Absent when the file
   * parsed whole. Definitions inside those lines may be missing.
   */
  unparsed?: { lines: Array<[number, number]>; chars: number };
  /** The extracted bytes' hash (contentHashOf), when the file was read: the warm-start cache's key (core/index/extraction-cache.ts). */
  contentHash?: string;
  /**
   * A script's (a JavaScript or TypeScript file that neither imports nor exports) functions
   * and classes declared at its top level, by index into definitions: the globals other scripts call.
   */
  scriptGlobals?: number[];
}
