// The shape every language module has. A module owns everything the index does differently for
// its languages: which extensions it parses and with which grammar, a handler per tree-sitter
// node type of interest, how its import specifiers name files, its built-in names, how far a
// file's names reach (its package) and whether a bare call has an implicit receiver. Nothing
// outside this folder names a language; the registry (registry.ts) lists the modules.
//
// The extractor collects every node of the handled types in one pass inside WASM
// (`descendantsOfType`, a plain cursor walk, cheaper than a query's pattern matching), then
// calls the handler of each. Handlers touch only the few children they need and read names
// straight from the source text, because every node property read is a call into WASM
// (SPEC §init_workspace: the index is rebuilt on every launch, so per-file work stays lean).
import type { Node } from 'web-tree-sitter';
import type { FileExtraction } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';

export interface FileContext {
  b: ExtractionBuilder;
  source: string;
  /**
   * `node.parent` for the node being handled or one of its ancestors, at no walk from the root
   * (../ancestry.ts): handlers ask for parents instead of reading `node.parent`, whose cost is
   * the node's depth.
   */
  parentOf(node: Node): Node | null;
  /**
   * The receiver of a member call, from the source between the start of the callee expression
   * and the start of the member name: 'this', 'obj', 'a.b' ('?.' and '!' dropped); '<expr>' when
   * that is not a plain name path (`namePath` is the language's: dotted, or '::' for Rust).
   * Linear over a file's calls however long their chains (source-text.ts).
   */
  receiverText(from: number, to: number, namePath: RegExp): string;
}

/**
 * A handler of one node type. One that reads a list of any length (an import of 50,000 names,
 * a class implementing thousands of interfaces) is a generator yielding every ITEMS_PER_STEP
 * items, so the extractor can pause it when its thread's time slice is due (../time-slices.ts).
 */
export type NodeHandler = (node: Node, f: FileContext) => void | HandlerSteps;

/** The steps of a handler that reads a long list (NodeHandler). */
export type HandlerSteps = Generator<void, void, undefined>;

/** Items of a list a handler reads between two yields. */
export const ITEMS_PER_STEP = 256;

/**
 * `handlers` with `read` run on each node of `types` before that type's own handler (if any):
 * one walk feeds both (the scopes of typescript-scopes.ts and python-scopes.ts).
 */
export function readingFirst(
  handlers: Record<string, NodeHandler>,
  types: readonly string[],
  read: (node: Node, f: FileContext) => void,
): Record<string, NodeHandler> {
  const out = { ...handlers };
  for (const type of types) {
    const own = handlers[type];
    out[type] = (node, f) => {
      read(node, f);
      return own?.(node, f);
    };
  }
  return out;
}

/** tsconfig `compilerOptions.baseUrl` / `paths` (core/index/tsconfig-paths.ts reads them). */
export interface TsPathsConfig {
  /** Workspace-relative directory `paths` are relative to ('' for the root). */
  baseUrl: string;
  /** Whether baseUrl was given (bare specifiers then resolve under it). */
  hasBaseUrl: boolean;
  paths: Array<{ pattern: string; targets: string[] }>;
}

/** A package.json of the workspace (core/index/workspace-packages.ts reads them). */
export interface WorkspacePackage {
  /** Workspace-relative directory ('' for the root). */
  dir: string;
  name: string | undefined;
  /** package.json `exports` and `imports` as written. */
  exports: unknown;
  imports: unknown;
  /** `source`, `module`, `main`, `types`, in that order, when given. */
  entries: string[];
  workspaces?: unknown;
}

/** What import resolution may read: the indexed files (never the disk) and the workspace's settings. */
export interface ResolverInput {
  files: ReadonlySet<string>;
  tsPaths: TsPathsConfig | undefined;
  /** The workspace root's directory name. */
  rootName: string;
  /** The root package and the workspace packages (npm/yarn `workspaces`). */
  packages: readonly WorkspacePackage[];
}

/** A language's import resolution over one index's files (core/index/module-resolver.ts caches it). */
export interface ImportResolver {
  /** The indexed file a specifier names, or undefined when it is outside the workspace. */
  resolve(fromFile: string, source: string): string | undefined;
  /** Specifiers name packages, not paths: the answer does not depend on the importing file. */
  sameFromEveryFile?: boolean;
  /** The file of submodule `name` of a package file (`from pkg import submodule`), when indexed. */
  submodule?(packageFile: string, name: string): string | undefined;
}

/**
 * What an importer reaches in a file beyond the definitions it exports and re-exports
 * (core/index/symbol-table.ts):
 * - 'exports': nothing more;
 * - 'unlisted': any other top-level name, at lower confidence (CommonJS assignments that
 *   extraction cannot list);
 * - 'namespace': every name the module binds, its imports and submodules included; its own
 *   imports follow the same model (a bare `import a.b` binds the path, a star import is followed);
 * - 'package': every top-level name of every file of its directory in the same language.
 */
export type ModuleSurface = 'exports' | 'unlisted' | 'namespace' | 'package';

/** How the graph treats the files of one language. */
export interface LanguageTraits {
  surface: ModuleSurface;
  /** Names a bare call reaches without an import; a by-name fallback never links them to a workspace function. */
  builtins?: ReadonlySet<string>;
  /** A bare call inside a class is a call on the instance (`this`), not a free function. */
  implicitReceiver?: boolean;
  /**
   * A bare call of a local that holds a member of a typed value (`const { parentOf } = f`) calls
   * that member, as the TypeScript checker reads it. Left out where the language's own analyzer
   * names the local instead (jedi for Python: eval:calls counted such edges false).
   */
  heldMemberCalls?: boolean;
  /**
   * A top-level function with methods declared apart from it (`Gen.prototype.add = function`) is a
   * class: `this` in those methods is its instance (JavaScript, as the checker reads it).
   */
  prototypeClasses?: boolean;
  /**
   * A call of a class is an instance of it, there being no `new` (Python: `Store().put()`, and a
   * name bound to a class, `_Store = Store`, is the class).
   */
  classCalls?: boolean;
  /**
   * A name a module both imports and defines at its top level holds the import: Python's
   * fallback idiom, `try: from blinker import Namespace` then `except ImportError: class
   * Namespace`, where jedi (and the runtime, once the package installs) reads the import.
   */
  importBeforeOwn?: boolean;
  /**
   * An import inside a function binds its names in that function (and those nested in it) alone:
   * Python's `def f(): from .a import helper`, the module's own `helper` elsewhere
   * (core/index/import-bindings.ts).
   */
  functionImports?: boolean;
  /**
   * The confidence of each kind of cross-file edge as eval:calls measured it on this language's
   * code (core/index/call-confidence.ts, docs/call-confidence.md); kinds left out keep the
   * unmeasured defaults.
   */
  confidence?: Partial<Record<'importResolved' | 'importUnlisted' | 'declaredType' | 'baseClass', number>>;
}

/**
 * One module of the registry. `L` are the language ids its files are recorded as, `G` the
 * grammars (`vendor/grammars/tree-sitter-<G>.wasm`) it parses them with.
 */
export interface LanguageModule<L extends string = string, G extends string = string> {
  /** Extensions (with the dot, lower case) and, for each, the grammar and language of its files. */
  extensions: Readonly<Record<string, { grammar: G; language: L }>>;
  /** The extensions (without the dot) indexed when init_workspace is given no `include` (SPEC §init_workspace). */
  indexedByDefault: readonly string[];
  grammars: readonly G[];
  /**
   * The npm package and exact version each grammar's .wasm is copied from into vendor/grammars/
   * (scripts/vendor-grammars.ts): the grammar project's own release, which ships the .wasm.
   */
  grammarPackages: Readonly<Record<G, `${string}@${string}`>>;
  languages: Readonly<Record<L, LanguageTraits>>;
  /** Handlers by node type name (JavaScript lacks the TypeScript-only node types). */
  handlers(grammar: G): Record<string, NodeHandler>;
  /**
   * Error recovery (core/index/extract/recover-parse.ts): `source` with what the grammar is known
   * to misread masked, character for character and only inside or beside the `errors` ranges;
   * undefined when there is nothing to mask.
   */
  maskUnreadable?: (source: string, errors: ReadonlyArray<[number, number]>) => string | undefined;
  /** A global, multiline regex matching where a top-level statement starts, to isolate a statement an ERROR region runs past. */
  statementStart?: RegExp;
  /** Optional last step after the builder settled nesting (e.g. Python's top-level-public exports), the tree's root still readable. */
  finish?: (result: FileExtraction, root: Node) => void;
  /** The module's import resolution for one index (made on first use in a resolution pass). */
  importResolver(input: ResolverInput): ImportResolver;
}

const WORD = /#?[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*/uy;

/** The identifier starting at `index` in the source (node.text without the WASM call). */
export function wordAt(source: string, index: number): string {
  WORD.lastIndex = index;
  return WORD.exec(source)?.[0] ?? '';
}

/** The text of a string literal node without its quotes. */
export function unquote(text: string): string {
  const first = text[0];
  if ((first === '"' || first === "'" || first === '`') && text.length >= 2 && text[text.length - 1] === first) {
    return text.slice(1, -1);
  }
  return text;
}

/**
 * Go's and Rust's module surface: top-level exported definitions, methods aside (they are
 * reached through their type); an exported-looking item nested in a function stays private.
 */
export function exportTopLevelDefinitions(result: FileExtraction): void {
  for (const def of result.definitions) {
    if (def.kind === 'method') continue;
    if (def.parent !== null) def.exported = false;
    else if (def.exported) result.exports.push({ local: def.name, exported: def.name });
  }
}
