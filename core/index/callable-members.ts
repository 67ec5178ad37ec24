// Members typed by a name another file declares a function type (`serialize?: Serialize`, with
// `type Serialize = (v: unknown) => string` imported): methods of their owner, which is what the
// TypeScript checker resolves `options.serialize(v)` to (docs/graph-format.md). Extraction sees
// one file, so it hands such members on (FileExtraction.typedMembers) with the names each file
// declares as function types (callableTypes); here the type's name is followed where the file's
// imports lead, as any name is (symbol-table.ts), a qualified `ns.Type` through the namespace
// import `ns`, and the member joins the graph when it ends at
// one of those declarations. The extraction with its members added is made once per extraction
// and answer, so the resolution cache still sees the same object while nothing changes.
import { INDEXED_MEMBER, type Definition, type FileExtraction } from './extract-types.ts';
import type { ModuleResolver } from './module-resolver.ts';
import { SymbolTable, type Meaning } from './symbol-table.ts';

const TYPE_DECLARATIONS = new Set(['type', 'interface']);

/** Per extraction: the key of the members last added (their indices) and the extraction made with them. */
const withMembers = new WeakMap<FileExtraction, { key: string; extraction: FileExtraction }>();

/**
 * The extractions with the typed members that resolve to a function type added as methods,
 * in the same order; an extraction with none to add is returned as it is. A step per file.
 */
export function* withCallableMembers(extractions: FileExtraction[], resolver: ModuleResolver): Generator<void, FileExtraction[]> {
  if (!extractions.some((e) => e.typedMembers?.length)) return extractions;
  const table = new SymbolTable(extractions, resolver);
  let called: Set<string> | undefined;
  const out: FileExtraction[] = [];
  for (const [f, ext] of extractions.entries()) {
    const members = ext.typedMembers ?? [];
    const added: number[] = [];
    members.forEach((m, i) => {
      // `children: RenderFn | ReactNode` comes as `RenderFn|ReactNode`: callable when any name is.
      const types = m.type.split('|');
      if (types.some((type) => isCallableType(table, extractions, f, type))) added.push(i);
      // `retry: RetryFunction` imported from a package the workspace does not hold: callable where
      // the workspace calls that name, as the checker names the member at such a call.
      else if (types.some((type) => typeMeaning(table, f, type)?.kind === 'external') && (called ??= calledNames(extractions)).has(lastSegment(m.name)))
        added.push(i);
    });
    out.push(added.length === 0 ? ext : extended(ext, added));
    yield;
  }
  return out;
}

/** Every name the workspace calls (a call's callee, `retry` in `retry()` and `o.retry()`). */
function calledNames(extractions: FileExtraction[]): Set<string> {
  const names = new Set<string>();
  for (const ext of extractions) for (const call of ext.calls) names.add(call.callee);
  return names;
}

/** `retry` of a member named through its holder (`opts.retry`). */
function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** Whether a type name, as file `f` reads it, ends at a function type. */
function isCallableType(table: SymbolTable, extractions: FileExtraction[], f: number, type: string): boolean {
  // `responseMeta?: Options['responseMeta']`: callable when Options' own member of that name is a method.
  const indexed = INDEXED_MEMBER.exec(type);
  const meaning = typeMeaning(table, f, indexed ? indexed[1]! : type);
  if (meaning?.kind !== 'def') return false;
  const target = extractions[meaning.ref.file]!;
  const declared = target.definitions[meaning.ref.def]!;
  if (!TYPE_DECLARATIONS.has(declared.kind)) return false;
  return indexed ? hasMethod(target, meaning.ref.def, indexed[2]!) : callableTypesOf(target).has(declared.name);
}

/** What a member's type name means in file `f`: `Serialize` where the file's names lead, `errors.ErrorMap` through a namespace import. */
function typeMeaning(table: SymbolTable, f: number, type: string): Meaning | undefined {
  const dot = type.indexOf('.');
  if (dot < 0) return table.resolveLocal(f, type);
  const namespace = table.resolveLocal(f, type.slice(0, dot));
  return namespace?.kind === 'namespace' ? table.resolveExport(namespace.file, type.slice(dot + 1)) : undefined;
}

/** Whether the type at `owner` declares a method `name` of its own (a callable member, extraction's rules). */
function hasMethod(ext: FileExtraction, owner: number, name: string): boolean {
  return ext.definitions.some((d) => d.parent === owner && d.kind === 'method' && d.name === name);
}

const callableSets = new WeakMap<FileExtraction, Set<string>>();

/** A file's callableTypes as a set, made once per extraction. */
function callableTypesOf(ext: FileExtraction): Set<string> {
  let set = callableSets.get(ext);
  if (!set) callableSets.set(ext, (set = new Set(ext.callableTypes)));
  return set;
}

/** `ext` with the typed members at `added` as methods of their owners, after its own definitions. */
function extended(ext: FileExtraction, added: number[]): FileExtraction {
  const key = added.join(',');
  const previous = withMembers.get(ext);
  if (previous?.key === key) return previous.extraction;
  const definitions: Definition[] = [...ext.definitions];
  for (const i of added) {
    const m = ext.typedMembers![i]!;
    const owner = ext.definitions[m.owner]!;
    definitions.push({ kind: 'method', name: m.name, startLine: m.startLine, endLine: m.endLine, parent: m.owner, exported: false, parentName: owner.name });
  }
  const extraction = { ...ext, definitions };
  withMembers.set(ext, { key, extraction });
  return extraction;
}
