// Java (.java, indexed when `include` names it): classes, records, interfaces, enums, methods
// and constructors, imports (single-type, on-demand, static), calls and `new`, extends and
// implements. Exported = declared `public`.
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind } from '../../extract-types.ts';
import type { ExtractionBuilder, RawDefinition } from '../extraction-builder.ts';
import type { HandlerSteps, ImportResolver, LanguageModule, NodeHandler, ResolverInput } from './language-module.ts';
import { ITEMS_PER_STEP, wordAt } from './language-module.ts';

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

/** A class's or interface's bases: a step per ITEMS_PER_STEP. */
function* typesIn(list: Node | null, def: RawDefinition, kind: 'extends' | 'implements', b: ExtractionBuilder): HandlerSteps {
  if (!list) return;
  // super_interfaces / extends_interfaces hold a type_list; superclass holds the type itself.
  const holder = list.namedChild(0)?.type === 'type_list' ? list.namedChild(0)! : list;
  let read = 0;
  for (const type of holder.namedChildren) {
    if (++read % ITEMS_PER_STEP === 0) yield;
    const name = type && typeName(type);
    if (name) b.inherits(def, name, kind);
  }
}

function typeDeclaration(kind: DefinitionKind): NodeHandler {
  return function* (node, { b, source }) {
    const name = node.childForFieldName('name');
    if (!name) return;
    const def = b.define(node, kind, wordAt(source, name.startIndex), { exported: isPublic(node) });
    yield* typesIn(node.childForFieldName('superclass'), def, 'extends', b);
    yield* typesIn(node.childForFieldName('interfaces'), def, 'implements', b);
    for (const child of node.namedChildren) {
      if (child?.type === 'extends_interfaces') yield* typesIn(child, def, 'extends', b);
    }
  };
}

const method: NodeHandler = (node, { b, source }) => {
  const name = node.childForFieldName('name');
  if (name) b.define(node, 'method', wordAt(source, name.startIndex), { exported: isPublic(node), methodInType: true });
};

const HANDLERS: Record<string, NodeHandler> = {
  class_declaration: typeDeclaration('class'),
  record_declaration: typeDeclaration('class'),
  interface_declaration: typeDeclaration('interface'),
  enum_declaration: typeDeclaration('enum'),
  method_declaration: method,
  constructor_declaration: method,
  method_invocation: (node, { b, source, receiverText }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const object = node.childForFieldName('object');
    const receiver = object ? receiverText(object.startIndex, name.startIndex, NAME_PATH) : undefined;
    b.call(wordAt(source, name.startIndex), receiver, name);
  },
  object_creation_expression: (node, { b }) => {
    const type = node.childForFieldName('type');
    const name = type && typeName(type);
    if (!name) return;
    const dot = name.lastIndexOf('.');
    b.call(name.slice(dot + 1), dot < 0 ? undefined : name.slice(0, dot), type, true);
  },
  explicit_constructor_invocation: (node, { b }) => {
    const ctor = node.childForFieldName('constructor');
    if (ctor) b.call('constructor', ctor.type === 'super' ? 'super' : 'this', ctor);
  },
  // `import a.b.C;` binds C; `import a.b.*;` binds every name of a.b; `import static a.B.m;` binds m.
  import_declaration: (node, { b }) => {
    let path = '';
    let star = false;
    for (const child of node.namedChildren) {
      if (child?.type === 'scoped_identifier' || child?.type === 'identifier') path = child.text.replace(/\s+/g, '');
      else if (child?.type === 'asterisk') star = true;
    }
    if (!path) return;
    const last = path.slice(path.lastIndexOf('.') + 1);
    b.addImport({
      kind: 'java',
      source: path,
      bindings: [star ? { imported: '*', local: '*' } : { imported: last, local: last }],
      line: node.startPosition.row + 1,
    });
  },
};

/** `com.acme.util.Strings` is the file `.../com/acme/util/Strings.java`. */
function javaImportResolver({ files }: ResolverInput): ImportResolver {
  return {
    sameFromEveryFile: true,
    resolve(_fromFile, source) {
      const path = source.replace(/\.\*$/, '').replace(/\./g, '/') + '.java';
      let best: string | undefined;
      for (const file of files) {
        if ((file === path || file.endsWith('/' + path)) && (!best || file.length < best.length)) best = file;
      }
      return best;
    },
  };
}

export const javaModule: LanguageModule<'java', 'java'> = {
  extensions: { '.java': { grammar: 'java', language: 'java' } },
  indexedByDefault: [],
  grammars: ['java'],
  grammarPackages: { java: 'tree-sitter-java@0.23.5' },
  // A bare call inside a class is a call on `this`.
  languages: { java: { surface: 'package', implicitReceiver: true } },
  importResolver: javaImportResolver,
  handlers: () => HANDLERS,
  finish: (result) => {
    for (const def of result.definitions) {
      if (def.parent === null && def.exported) result.exports.push({ local: def.name, exported: def.name });
    }
  },
};
