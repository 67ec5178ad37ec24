// Go (.go, indexed when `include` names it): functions, methods (owner = receiver type),
// structs, interfaces, other named types, imports, calls. Exported = capitalised name.
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import type { LanguageModule, Pattern } from './language-module.ts';
import { unquote } from './language-module.ts';

const NAME_PATH = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function isExported(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 65 && first <= 90; // A-Z
}

function receiverOf(node: Node): string {
  if (node.type === 'identifier') return node.text;
  const text = node.text.replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : '<expr>';
}

/** `(s *Server)` -> Server, `(l *List[T])` -> List. */
function receiverType(receiver: Node): string | undefined {
  const match = /([A-Za-z_]\w*)\s*(\[[^\]]*\])?\s*\)\s*$/.exec(receiver.text);
  return match?.[1];
}

const PATTERNS: Pattern[] = [
  {
    query: '(function_declaration name: (identifier) @name) @def',
    handle: (c, b) => {
      const name = c.name!.text;
      b.define(c.def!, 'function', name, { exported: isExported(name) });
    },
  },
  {
    query: '(method_declaration receiver: (parameter_list) @receiver name: (field_identifier) @name) @def',
    handle: (c, b) => {
      const name = c.name!.text;
      b.define(c.def!, 'method', name, { exported: isExported(name), parentName: receiverType(c.receiver!) });
    },
  },
  {
    query: '(type_spec name: (type_identifier) @name type: (_) @type) @def',
    handle: (c, b) => {
      const name = c.name!.text;
      const type = c.type!.type;
      const kind = type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
      b.define(c.def!, kind, name, { exported: isExported(name) });
    },
  },
  {
    query: '(type_alias name: (type_identifier) @name) @def',
    handle: (c, b) => {
      const name = c.name!.text;
      b.define(c.def!, 'type', name, { exported: isExported(name) });
    },
  },
  {
    query: '(call_expression function: (identifier) @callee)',
    handle: (c, b) => b.call(c.callee!.text, undefined, c.callee!),
  },
  {
    query: '(call_expression function: (selector_expression operand: (_) @recv field: (field_identifier) @callee))',
    handle: (c, b) => b.call(c.callee!.text, receiverOf(c.recv!), c.callee!),
  },
  {
    // `import "fmt"` binds fmt; `f "os"` binds f; `_ "x"` binds nothing; `. "y"` binds every name.
    query: '(import_spec path: (_) @path) @spec',
    handle: (c, b) => {
      const source = unquote(c.path!.text);
      const alias = c.spec!.childForFieldName('name');
      let bindings: ImportBinding[];
      if (!alias) bindings = [{ imported: '*', local: source.slice(source.lastIndexOf('/') + 1) }];
      else if (alias.type === 'blank_identifier') bindings = [];
      else if (alias.type === 'dot') bindings = [{ imported: '*', local: '*' }];
      else bindings = [{ imported: '*', local: alias.text }];
      b.addImport({ kind: 'go', source, bindings, line: c.spec!.startPosition.row + 1 });
    },
  },
];

export const goModule: LanguageModule = {
  grammars: ['go'],
  patterns: () => PATTERNS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.kind === 'method') continue;
      // A capitalised type declared inside a function is still local to it.
      if (def.parent !== null) def.exported = false;
      else if (def.exported) result.exports.push({ local: def.name, exported: def.name });
    }
  },
};
