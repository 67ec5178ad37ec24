// Java (.java, indexed when `include` names it): classes, records, interfaces, enums, methods
// and constructors, imports (single-type, on-demand, static), calls and `new`, extends and
// implements. Exported = declared `public`.
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind } from '../../extract-types.ts';
import type { ExtractionBuilder, RawDefinition } from '../extraction-builder.ts';
import type { LanguageModule, Pattern } from './language-module.ts';

const NAME_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

function isPublic(decl: Node): boolean {
  const first = decl.namedChild(0);
  return first?.type === 'modifiers' && /\bpublic\b/.test(first.text);
}

/** `List<T>` -> List, `a.B` -> a.B. */
function typeName(node: Node): string | undefined {
  const text = node.text.replace(/<[\s\S]*$/, '').replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : undefined;
}

function receiverOf(node: Node): string {
  const type = node.type;
  if (type === 'identifier' || type === 'this' || type === 'super') return node.text;
  const text = node.text.replace(/\s+/g, '');
  return NAME_PATH.test(text) ? text : '<expr>';
}

function typesIn(list: Node | null, def: RawDefinition, kind: 'extends' | 'implements', b: ExtractionBuilder): void {
  if (!list) return;
  // super_interfaces / extends_interfaces hold a type_list; superclass holds the type itself.
  const holder = list.namedChild(0)?.type === 'type_list' ? list.namedChild(0)! : list;
  for (const type of holder.namedChildren) {
    const name = type && typeName(type);
    if (name) b.inherits(def, name, kind);
  }
}

function typeDeclaration(kind: DefinitionKind): Pattern['handle'] {
  return (c, b) => {
    const node = c.def!;
    const def = b.define(node, kind, c.name!.text, { exported: isPublic(node) });
    typesIn(node.childForFieldName('superclass'), def, 'extends', b);
    typesIn(node.childForFieldName('interfaces'), def, 'implements', b);
    for (const child of node.namedChildren) {
      if (child?.type === 'extends_interfaces') typesIn(child, def, 'extends', b);
    }
  };
}

const PATTERNS: Pattern[] = [
  { query: '(class_declaration name: (identifier) @name) @def', handle: typeDeclaration('class') },
  { query: '(record_declaration name: (identifier) @name) @def', handle: typeDeclaration('class') },
  { query: '(interface_declaration name: (identifier) @name) @def', handle: typeDeclaration('interface') },
  { query: '(enum_declaration name: (identifier) @name) @def', handle: typeDeclaration('enum') },
  {
    query: '[(method_declaration name: (identifier) @name) (constructor_declaration name: (identifier) @name)] @def',
    handle: (c, b) => {
      b.define(c.def!, 'method', c.name!.text, { exported: isPublic(c.def!), methodInType: true });
    },
  },
  {
    query: '(method_invocation name: (identifier) @callee) @call',
    handle: (c, b) => {
      const object = c.call!.childForFieldName('object');
      b.call(c.callee!.text, object ? receiverOf(object) : undefined, c.callee!);
    },
  },
  {
    query: '(object_creation_expression type: (_) @type)',
    handle: (c, b) => {
      const name = typeName(c.type!);
      if (!name) return;
      const dot = name.lastIndexOf('.');
      b.call(name.slice(dot + 1), dot < 0 ? undefined : name.slice(0, dot), c.type!, true);
    },
  },
  {
    query: '(explicit_constructor_invocation constructor: (_) @ctor)',
    handle: (c, b) => b.call('constructor', c.ctor!.text === 'super' ? 'super' : 'this', c.ctor!),
  },
  {
    // `import a.b.C;` binds C; `import a.b.*;` binds every name of a.b; `import static a.B.m;` binds m.
    query: '(import_declaration) @stmt',
    handle: (c, b) => {
      const stmt = c.stmt!;
      let path = '';
      let star = false;
      for (const child of stmt.namedChildren) {
        if (child?.type === 'scoped_identifier' || child?.type === 'identifier') path = child.text.replace(/\s+/g, '');
        else if (child?.type === 'asterisk') star = true;
      }
      if (!path) return;
      const last = path.slice(path.lastIndexOf('.') + 1);
      b.addImport({
        kind: 'java',
        source: path,
        bindings: [star ? { imported: '*', local: '*' } : { imported: last, local: last }],
        line: stmt.startPosition.row + 1,
      });
    },
  },
];

export const javaModule: LanguageModule = {
  grammars: ['java'],
  patterns: () => PATTERNS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.parent === null && def.exported) result.exports.push({ local: def.name, exported: def.name });
    }
  },
};
