// What the call sites behind a half's misses and false positives look like, counted, so a
// held-out half can point at a class of call without any of its edges being read: for each
// missed or false (caller file, callee file, name), the caller file's call sites of that name,
// by the form of their receiver (bare, `this.`, a module binding's member, a local's member, a
// call chain, ...). A key with no call site of its name is counted as such (an alias, a
// computed name, a call the extractor does not see).
import type { FileExtraction } from '../../core/index/extract-types.ts';

export type ShapeCounts = Map<string, number>;

/** The form of one call site's receiver. */
function shapeOf(call: FileExtraction['calls'][number], bound: Set<string>, declared: Map<string, string[]>): string {
  const receiver = call.receiver;
  if (receiver === undefined) return call.isNew ? 'new X()' : bound.has(call.callee) ? 'bare, an imported name' : 'bare, a local name';
  if (receiver === 'this' || receiver === 'self' || receiver === 'super') return `${receiver}.m()`;
  if (receiver === '<expr>') return 'expression.m()';
  if (receiver.startsWith('new ')) return 'new X().m()';
  if (receiver.includes('()')) return 'call chain: f().m()';
  if (receiver.startsWith('this.') || receiver.startsWith('self.')) return 'this.x.m()';
  const head = receiver.split('.')[0]!;
  const imported = bound.has(head);
  if (imported) return receiver.includes('.') ? 'imported.x.m()' : 'imported.m()';
  return `${receiver.includes('.') ? 'local.x.m()' : 'local.m()'}, ${declaredForm(declared.get(head))}`;
}

/** How the file declares a local's type, if it does (DeclaredType.type's forms), for a miss's class. */
function declaredForm(types: string[] | undefined): string {
  if (!types) return 'no type declared';
  const forms = new Set(
    types.map((t) => {
      if (t.endsWith('(is)')) return 'a guard';
      // `path(i,j)#start`: a callback's parameter at a call whose other arguments are held.
      if (/\(\d+,\d+\)(#\d+)?$/.test(t)) return "a callback's parameter";
      if (/\(\d+\)$/.test(t)) return "a function type's parameter";
      if (t.endsWith('()')) return "a call's result";
      if (t.startsWith('=')) return 'a path';
      if (t.endsWith('[*]')) return 'an element';
      if (t === '{}') return "a factory's object";
      return t.endsWith('[]') ? 'an array type' : 'a type name';
    }),
  );
  return `typed as ${[...forms].sort().join(' or ')}`;
}

/** Adds, for each key, the shapes of the caller's call sites of that name (each shape once per key). */
export function countShapes(keys: Iterable<string>, byFile: Map<string, FileExtraction>, into: ShapeCounts): void {
  const boundNames = new Map<string, Set<string>>();
  const declaredNames = new Map<string, Map<string, string[]>>();
  for (const key of keys) {
    const [caller, , name] = key.split('|');
    const ext = byFile.get(caller!);
    if (!ext) continue;
    let bound = boundNames.get(caller!);
    if (!bound) {
      bound = new Set(ext.imports.flatMap((r) => r.bindings.map((b) => b.local)));
      boundNames.set(caller!, bound);
    }
    let declared = declaredNames.get(caller!);
    if (!declared) {
      declared = new Map();
      for (const d of ext.declaredTypes ?? []) if (d.kind === 'local') declared.set(d.name, [...(declared.get(d.name) ?? []), d.type]);
      declaredNames.set(caller!, declared);
    }
    const shapes = new Set(ext.calls.filter((c) => c.callee === name).map((c) => shapeOf(c, bound!, declared!)));
    if (shapes.size === 0) shapes.add('no call site of that name');
    for (const s of shapes) into.set(s, (into.get(s) ?? 0) + 1);
  }
}

/** The tables of each half's counts: misses and false positives by call shape, uncovered definitions by declaration. */
export function printShapes(halves: Map<string, { missed: ShapeCounts; extra: ShapeCounts; uncovered: ShapeCounts }>, print: (line: string) => void): void {
  print('\nMisses and false positives by the form of the call sites behind them (a key counts once per form; aggregate only):');
  print('| half | call form | missed | false positives |');
  print('|---|---|---|---|');
  for (const [half, { missed, extra }] of halves) {
    const forms = [...new Set([...missed.keys(), ...extra.keys()])].sort((a, b) => (missed.get(b) ?? 0) - (missed.get(a) ?? 0));
    for (const form of forms) print(`| ${half} | ${form} | ${missed.get(form) ?? 0} | ${extra.get(form) ?? 0} |`);
  }
  print('\nCalled definitions that are no graph node, by declaration (aggregate only):');
  print('| half | declaration | not a node |');
  print('|---|---|---|');
  for (const [half, { uncovered }] of halves) for (const [kind, n] of [...uncovered].sort((a, b) => b[1] - a[1])) print(`| ${half} | ${kind} | ${n} |`);
}
