// Go (.go, indexed when `include` names it): functions, methods (owner = receiver type),
// structs, interfaces, other named types, imports, calls. Exported = capitalised name.
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import { posix } from 'node:path';
import type { FileContext, ImportResolver, LanguageModule, NodeHandler, ResolverInput } from './language-module.ts';
import { exportTopLevelDefinitions, unquote, wordAt } from './language-module.ts';

const NAME_PATH = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function isExported(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 65 && first <= 90; // A-Z
}

function receiverType(receiver: Node): string | undefined {
  return receiverTypeName(receiver.text);
}

const isSpace = (c: string) => /\s/.test(c);
const isWord = (c: string) => /\w/.test(c);

/**
 * `(s *Server)` -> Server, `(l *List[T])` -> List: the identifier before an optional `[...]`
 * and the closing parenthesis. Read backwards from the end in one pass, so linear on a hostile
 * receiver (the regex `/([A-Za-z_]\w*)\s*(\[[^\]]*\])?\s*\)\s*$/`, whose result this keeps, took
 * seconds on a 20k-character one).
 */
export function receiverTypeName(text: string): string | undefined {
  const skipSpace = (end: number) => {
    while (end > 0 && isSpace(text[end - 1])) end--;
    return end;
  };
  let end = skipSpace(text.length);
  if (end === 0 || text[end - 1] !== ')') return undefined;
  end = skipSpace(end - 1);
  // Where the identifier (and its spaces) must end: before `)`, or before a `[` of a trailing
  // `[...]` holding no `]`, the leftmost such `[` first.
  const ends: number[] = [];
  if (text[end - 1] === ']') {
    const from = text.lastIndexOf(']', end - 2) + 1;
    for (let i = from; i < end - 1; i++) if (text[i] === '[') ends.push(i);
  } else {
    ends.push(end);
  }
  for (const at of ends) {
    const wordEnd = skipSpace(at);
    let start = wordEnd;
    while (start > 0 && isWord(text[start - 1])) start--;
    while (start < wordEnd && text[start] >= '0' && text[start] <= '9') start++;
    if (start < wordEnd) return text.slice(start, wordEnd);
  }
  return undefined;
}

function call(node: Node, { b, source, receiverText }: FileContext): void {
  const fn = node.firstChild;
  if (!fn) return;
  const type = fn.type;
  if (type === 'identifier') b.call(wordAt(source, fn.startIndex), undefined, fn);
  else if (type === 'selector_expression') {
    const field = fn.lastChild;
    if (field) b.call(wordAt(source, field.startIndex), receiverText(fn.startIndex, field.startIndex, NAME_PATH), field);
  }
}

const HANDLERS: Record<string, NodeHandler> = {
  function_declaration: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const text = wordAt(source, name.startIndex);
    b.define(node, 'function', text, { exported: isExported(text) });
  },
  method_declaration: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    const receiver = node.childForFieldName('receiver');
    if (!name || !receiver) return;
    const text = wordAt(source, name.startIndex);
    const type = receiverType(receiver);
    b.define(node, 'method', text, { exported: isExported(text), parentName: type });
    // `func (s *Server) m()`: s is declared a Server inside m.
    const variable = /^\(\s*([A-Za-z_]\w*)\s/.exec(receiver.text)?.[1];
    if (variable && type) b.declareType('local', variable, type, node);
  },
  type_spec: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const text = wordAt(source, name.startIndex);
    const type = node.childForFieldName('type')?.type;
    const kind = type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
    b.define(node, kind, text, { exported: isExported(text) });
  },
  type_alias: (node, { b, source }) => {
    const name = node.childForFieldName('name');
    if (!name) return;
    const text = wordAt(source, name.startIndex);
    b.define(node, 'type', text, { exported: isExported(text) });
  },
  call_expression: call,
  // `import "fmt"` binds fmt; `f "os"` binds f; `_ "x"` binds nothing; `. "y"` binds every name.
  import_spec: (node, { b }) => {
    const path = node.childForFieldName('path');
    if (!path) return;
    const source = unquote(path.text);
    const alias = node.childForFieldName('name');
    let bindings: ImportBinding[];
    if (!alias) bindings = [{ imported: '*', local: source.slice(source.lastIndexOf('/') + 1) }];
    else if (alias.type === 'blank_identifier') bindings = [];
    else if (alias.type === 'dot') bindings = [{ imported: '*', local: '*' }];
    else bindings = [{ imported: '*', local: alias.text }];
    b.addImport({ kind: 'go', source, bindings, line: node.startPosition.row + 1 });
  },
};

/**
 * A Go import path names a package directory: the indexed directory the path ends with
 * (`example.com/app/pkg/util` -> `pkg/util`), longest match first. Answers the package's first
 * file; the package scope (the symbol table) makes its siblings in the directory one package.
 */
function goImportResolver({ files }: ResolverInput): ImportResolver {
  return {
    sameFromEveryFile: true,
    resolve(_fromFile, source) {
      let best: string | undefined;
      for (const file of files) {
        if (!file.endsWith('.go')) continue;
        const dir = posix.dirname(file);
        const matches = dir === '.' ? false : source === dir || source.endsWith('/' + dir);
        if (matches && (!best || posix.dirname(best).length < dir.length || (posix.dirname(best) === dir && file < best))) best = file;
      }
      return best;
    },
  };
}

export const goModule: LanguageModule<'go', 'go'> = {
  extensions: { '.go': { grammar: 'go', language: 'go' } },
  indexedByDefault: [],
  grammars: ['go'],
  grammarPackages: { go: 'tree-sitter-go@0.25.0' },
  languages: { go: { surface: 'package' } },
  importResolver: goImportResolver,
  handlers: () => HANDLERS,
  finish: exportTopLevelDefinitions,
};
