// The languages the index knows, one module each: every other part of the index (grammar
// loading, the scan's default extensions, import resolution, the symbol table, call
// resolution) reads what it needs about a language from here. Adding a language is one module
// in this folder and one line in LANGUAGE_MODULES (docs/adding-a-language.md).
import type { LanguageModule, LanguageTraits } from './language-module.ts';
import { typescriptModule } from './typescript.ts';
import { pythonModule } from './python.ts';
import { goModule } from './go.ts';
import { javaModule } from './java.ts';
import { rustModule } from './rust.ts';

export const LANGUAGE_MODULES = [typescriptModule, pythonModule, goModule, javaModule, rustModule] as const;

type RegisteredModule = (typeof LANGUAGE_MODULES)[number];
type LanguagesOf<M> = M extends LanguageModule<infer L, string> ? L : never;
type GrammarsOf<M> = M extends LanguageModule<string, infer G> ? G : never;

/** The language a file is recorded as (FileExtraction.language). */
export type LanguageId = LanguagesOf<RegisteredModule>;
/** A grammar the index loads (vendor/grammars/tree-sitter-<id>.wasm). */
export type GrammarId = GrammarsOf<RegisteredModule>;

// Read through the common shape; the ids' literal types above come from each module's own.
const modules: readonly LanguageModule[] = LANGUAGE_MODULES;

/** Every grammar, in registry order (the doctor's check and the parser code cache walk them). */
export const GRAMMAR_IDS = modules.flatMap((m) => m.grammars) as readonly GrammarId[];

/** Each grammar's npm package and version, the source of its vendored .wasm (scripts/vendor-grammars.ts). */
export const GRAMMAR_PACKAGES = Object.fromEntries(modules.flatMap((m) => Object.entries(m.grammarPackages))) as Readonly<Record<GrammarId, string>>;

/** SPEC §init_workspace: the extensions indexed when `include` is not given. */
export const DEFAULT_INCLUDE: readonly string[] = modules.flatMap((m) => m.indexedByDefault);

/**
 * The language a file no module parses is recorded as (its extraction carries only an error):
 * the contract's `language` is required, and the most permissive language's rules apply to it.
 */
export const FALLBACK_LANGUAGE: LanguageId = 'javascript';

interface ExtensionEntry {
  grammar: GrammarId;
  language: LanguageId;
  moduleIndex: number;
}

const byExtension = new Map<string, ExtensionEntry>();
const moduleByLanguage = new Map<string, number>();
const traitsByLanguage = new Map<string, LanguageTraits>();
modules.forEach((m, moduleIndex) => {
  for (const [extension, kind] of Object.entries(m.extensions))
    byExtension.set(extension, { ...(kind as { grammar: GrammarId; language: LanguageId }), moduleIndex });
  for (const [language, traits] of Object.entries<LanguageTraits>(m.languages)) {
    moduleByLanguage.set(language, moduleIndex);
    traitsByLanguage.set(language, traits);
  }
});

/** Every extension some module parses (with the dot). */
export function parsedExtensions(): string[] {
  return [...byExtension.keys()];
}

function extensionOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return path.slice(dot).toLowerCase();
}

/** The grammar and language of a path by its extension, or undefined when no module parses it. */
export function kindOfPath(path: string): { grammar: GrammarId; language: LanguageId } | undefined {
  const extension = extensionOf(path);
  return extension === undefined ? undefined : byExtension.get(extension);
}

/** The registry index of the module that parses a path, or undefined. */
export function moduleIndexOfPath(path: string): number | undefined {
  const extension = extensionOf(path);
  return extension === undefined ? undefined : byExtension.get(extension)?.moduleIndex;
}

/** The registry index of a language's module. */
export function languageModuleIndex(language: LanguageId): number {
  const index = moduleByLanguage.get(language);
  if (index === undefined) throw new Error(`no language module for language ${language}`);
  return index;
}

/** The module that parses a grammar. */
export function grammarModule(grammar: GrammarId): LanguageModule | undefined {
  return modules.find((m) => m.grammars.includes(grammar));
}

/**
 * A language's traits. Takes any string so an import record's kind can be looked up: a record
 * of a language's own kind (`python`, `go`, ...) follows that language's import rules, the
 * shared ES kinds (`esm`, `require`, ...) are no language and get undefined.
 */
export function languageTraits(language: string): LanguageTraits | undefined {
  return traitsByLanguage.get(language);
}
