// Python: classes, functions (methods when their owner is a class), lambdas bound to names,
// `import` / `from ... import` (relative and star), calls with receivers, base classes.
// Exported = top-level and not starting with `_` (Python has no export statement; a leading `_` marks a private name).
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext, LanguageModule, NodeHandler } from './language-module.ts';
import { receiverText, wordAt } from './language-module.ts';

const DOTTED = /^[\p{ID_Start}_][\p{ID_Continue}]*(\.[\p{ID_Start}_][\p{ID_Continue}]*)*$/u;

/** A base class as written, without subscripts (`Generic[T]` is `Generic`). */
function baseName(node: Node): string | undefined {
  const type = node.type;
  if (type === 'keyword_argument') return undefined;
  const target = type === 'subscript' ? node.childForFieldName('value') : node;
  if (!target || (target.type !== 'identifier' && target.type !== 'attribute')) return undefined;
  const text = target.text.replace(/\s+/g, '');
  return DOTTED.test(text) ? text : undefined;
}

function importedNames(statement: Node): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const name of statement.childrenForFieldName('name')) {
    if (!name) continue;
    if (name.type === 'aliased_import') {
      const imported = name.childForFieldName('name')?.text ?? '';
      bindings.push({ imported, local: name.childForFieldName('alias')?.text ?? imported });
    } else {
      bindings.push({ imported: name.text, local: name.text });
    }
  }
  return bindings;
}

function fromImport(statement: Node, b: ExtractionBuilder, source: string): void {
  const bindings = importedNames(statement);
  for (const child of statement.namedChildren) {
    if (child?.type === 'wildcard_import') bindings.push({ imported: '*', local: '*' });
  }
  b.addImport({ kind: 'python', source, bindings, line: statement.startPosition.row + 1 });
}

function call(node: Node, { b, source }: FileContext): void {
  const fn = node.firstChild;
  if (!fn) return;
  const type = fn.type;
  if (type === 'identifier') {
    b.call(wordAt(source, fn.startIndex), undefined, fn);
  } else if (type === 'attribute') {
    const name = fn.lastChild;
    if (name?.type !== 'identifier') return;
    let receiver = receiverText(source, fn.startIndex, name.startIndex, DOTTED);
    // super().method(): the receiver is the parent class.
    if (receiver === '<expr>' && /^super\(\s*\)\s*\.\s*$/.test(source.slice(fn.startIndex, name.startIndex))) receiver = 'super';
    b.call(wordAt(source, name.startIndex), receiver, name);
  }
}

const HANDLERS: Record<string, NodeHandler> = {
  function_definition: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (name) b.define(node, 'function', wordAt(source, name.startIndex), { methodInType: true });
  },
  class_definition: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const def = b.define(node, 'class', wordAt(source, name.startIndex));
    const bases = node.childForFieldName('superclasses');
    if (!bases) return;
    for (const base of bases.namedChildren) {
      const parent = base && baseName(base);
      if (parent) b.inherits(def, parent, 'extends');
    }
  },
  // `f = lambda ...`: found from the (rare) lambda rather than from every assignment.
  lambda: (node, { b, source }) => {
    const assignment = node.parent;
    if (assignment?.type !== 'assignment' || assignment.lastChild?.startIndex !== node.startIndex) return;
    const left = assignment.firstChild;
    if (left?.type !== 'identifier') return;
    b.define(assignment, 'function', wordAt(source, left.startIndex), { bound: true, methodInType: true });
  },
  call,
  // `import a.b as c` binds c to module a.b; `import a.b` binds the dotted name a.b.
  import_statement: (node, { b }) => {
    const line = node.startPosition.row + 1;
    for (const { imported, local } of importedNames(node)) {
      b.addImport({ kind: 'python', source: imported, bindings: [{ imported: '*', local }], line });
    }
  },
  import_from_statement: (node, { b }) => {
    const module = node.childForFieldName('module_name');
    if (module) fromImport(node, b, module.text.replace(/\s+/g, ''));
  },
  future_import_statement: (node, { b }) => fromImport(node, b, '__future__'),
};

export const pythonModule: LanguageModule = {
  grammars: ['python'],
  handlers: () => HANDLERS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.parent === null && !def.name.startsWith('_')) {
        def.exported = true;
        result.exports.push({ local: def.name, exported: def.name });
      }
    }
  },
};
