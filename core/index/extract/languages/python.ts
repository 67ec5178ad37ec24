// Python: classes, functions (methods when their owner is a class), lambdas bound to names,
// `import` / `from ... import` (relative and star), calls with receivers, base classes.
// Exported = top-level and not starting with `_` (issue 3; Python has no export statement).
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { LanguageModule, Pattern } from './language-module.ts';

const DOTTED = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/;

/** 'self', 'a.b', 'super' for super().x(), '<expr>' for anything that is not a name. */
function receiverOf(node: Node): string {
  const type = node.type;
  if (type === 'identifier') return node.text;
  if (type === 'attribute') {
    const text = node.text.replace(/\s+/g, '');
    return DOTTED.test(text) ? text : '<expr>';
  }
  if (type === 'call') {
    const fn = node.childForFieldName('function');
    if (fn?.type === 'identifier' && fn.text === 'super') return 'super';
  }
  return '<expr>';
}

/** A base class as written, without subscripts (`Generic[T]` is `Generic`). */
function baseName(node: Node): string | undefined {
  if (node.type === 'keyword_argument') return undefined;
  const target = node.type === 'subscript' ? node.childForFieldName('value') : node;
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

const PATTERNS: Pattern[] = [
  {
    query: '(function_definition name: (identifier) @name) @def',
    handle: (c, b) => {
      b.define(c.def!, 'function', c.name!.text, { methodInType: true });
    },
  },
  {
    query: '(class_definition name: (identifier) @name) @def',
    handle: (c, b) => {
      const def = b.define(c.def!, 'class', c.name!.text);
      const bases = c.def!.childForFieldName('superclasses');
      if (!bases) return;
      for (const base of bases.namedChildren) {
        const name = base && baseName(base);
        if (name) b.inherits(def, name, 'extends');
      }
    },
  },
  {
    query: '(assignment left: (identifier) @name right: (lambda)) @def',
    handle: (c, b) => {
      b.define(c.def!, 'function', c.name!.text, { bound: true, methodInType: true });
    },
  },
  {
    query: '(call function: (identifier) @callee)',
    handle: (c, b) => b.call(c.callee!.text, undefined, c.callee!),
  },
  {
    query: '(call function: (attribute object: (_) @recv attribute: (identifier) @callee))',
    handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!),
  },
  {
    // `import a.b as c` binds c to module a.b; `import a.b` binds the dotted name a.b.
    query: '(import_statement) @stmt',
    handle: (c, b) => {
      const line = c.stmt!.startPosition.row + 1;
      for (const { imported, local } of importedNames(c.stmt!)) {
        b.addImport({ kind: 'python', source: imported, bindings: [{ imported: '*', local }], line });
      }
    },
  },
  {
    query: '(import_from_statement module_name: (_) @module) @stmt',
    handle: (c, b) => fromImport(c.stmt!, b, c.module!.text.replace(/\s+/g, '')),
  },
  {
    query: '(future_import_statement) @stmt',
    handle: (c, b) => fromImport(c.stmt!, b, '__future__'),
  },
];

export const pythonModule: LanguageModule = {
  grammars: ['python'],
  patterns: () => PATTERNS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.parent === null && !def.name.startsWith('_')) {
        def.exported = true;
        result.exports.push({ local: def.name, exported: def.name });
      }
    }
  },
};
