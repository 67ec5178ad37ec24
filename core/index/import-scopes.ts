// Where each of a file's imports binds its names: at the module's level, or in the one function
// whose body holds it (LanguageTraits.functionImports: Python's `def f(): from .a import helper`
// binds `helper` inside f alone, and jedi reads a call of it there, and only there, so).
import type { Definition, FileExtraction, ImportRecord } from './extract-types.ts';

/** The function an import inside a function binds in (its innermost), by the import's place in the file's list. */
export function functionsOfImports(ext: FileExtraction): Array<number | undefined> {
  const functions: number[] = [];
  ext.definitions.forEach((d, i) => {
    if (d.kind === 'function' || d.kind === 'method') functions.push(i);
  });
  return ext.imports.map((record) => innermostHolding(ext.definitions, functions, record));
}

/** The innermost function whose lines hold the import's line, undefined at module or class level. */
function innermostHolding(definitions: Definition[], functions: number[], record: ImportRecord): number | undefined {
  let found: number | undefined;
  for (const i of functions) {
    const d = definitions[i]!;
    if (d.startLine <= record.line && record.line <= d.endLine && (found === undefined || d.startLine >= definitions[found]!.startLine)) found = i;
  }
  return found;
}

/** How many functions out a name is looked for among those enclosing a call (a nested function sees its outer ones' imports). */
const MAX_ENCLOSING = 64;

/** The binding the innermost function around `enclosing` gives `name` by an import of its own, if any. */
export function scopedBinding<B>(
  byFunction: ReadonlyMap<number, ReadonlyMap<string, B>>,
  definitions: Definition[],
  enclosing: number | null,
  name: string,
): B | undefined {
  if (byFunction.size === 0) return undefined;
  for (let e: number | null = enclosing, steps = 0; e !== null && steps < MAX_ENCLOSING; e = definitions[e]?.parent ?? null, steps++) {
    const found = byFunction.get(e)?.get(name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether two bindings name the same thing (a module, a module's name, or something outside the workspace). */
export function sameBinding(a: BindingLike, b: BindingLike | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  if (a.kind === 'external') return true;
  return a.file === b.file && a.name === b.name && a.moduleObject === b.moduleObject;
}

/** The fields of a symbol table binding sameBinding compares. */
interface BindingLike {
  kind: string;
  file?: number;
  name?: string;
  moduleObject?: boolean;
}
