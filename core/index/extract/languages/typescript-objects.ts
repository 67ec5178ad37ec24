// Object literals whose members are functions, in TypeScript and JavaScript: a module-level
// `const api = { get() {}, put: () => {} }` (members called as `api.get()`), and the literal
// a factory returns (`function createStore() { ...; return { batch, flush: () => {} } }`,
// members called on `const store = createStore()`). Their function members are methods of
// the object (`api.get`) or of the factory (`createStore.flush`), so the calls they make are
// theirs and calls to them can be resolved (SPEC §init_workspace).
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { unquote } from './language-module.ts';

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);
/** Wrappers a literal may sit in and still be the value: `{...} as const`, `satisfies T`, parentheses. */
const WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression']);
const FUNCTION_NODES = new Set(['function_declaration', 'generator_function_declaration', 'method_definition', ...FUNCTION_VALUES]);

/** The node a literal is the value of, past its wrappers. */
function holderOf(object: Node): Node | null {
  let n = object.parent;
  for (let i = 0; n && WRAPPERS.has(n.type) && i < 4; i++) n = n.parent;
  return n;
}

/** A member's key as a name: `get`, `'get'`, `[Symbol.iterator]` as its text; undefined for other computed keys. */
function keyName(key: Node | null): string | undefined {
  if (!key) return undefined;
  if (key.type === 'property_identifier' || key.type === 'private_property_identifier') return key.text;
  if (key.type === 'string') return unquote(key.text);
  if (key.type === 'computed_property_name') {
    const text = key.text.replace(/\s+/g, '');
    return /^\[[\w$.]{1,80}\]$/.test(text) ? text : undefined;
  }
  return undefined;
}

/** The function a `return` belongs to, and the node that names it (its declarator for an arrow const). */
function functionAround(node: Node): { fn: Node; named: Node; name: string; member: boolean } | undefined {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 64; i++, n = n.parent) {
    if (!FUNCTION_NODES.has(n.type)) continue;
    if (n.type === 'method_definition') {
      const name = n.childForFieldName('name');
      return name && n.parent?.type === 'class_body' ? { fn: n, named: n, name: name.text, member: true } : undefined;
    }
    if (n.type === 'function_declaration' || n.type === 'generator_function_declaration') {
      const name = n.childForFieldName('name');
      return name ? { fn: n, named: n, name: name.text, member: false } : undefined;
    }
    const declarator = n.parent;
    const name = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
    return name?.type === 'identifier' && declarator ? { fn: n, named: declarator, name: name.text, member: false } : undefined;
  }
  return undefined;
}

/** Defines the literal's function-valued members as methods named by their keys. */
function defineMembers(object: Node, b: FileContext['b'], parentName: string | undefined): void {
  for (const member of object.namedChildren) {
    if (!member) continue;
    if (member.type === 'method_definition') {
      const name = keyName(member.childForFieldName('name'));
      if (name) b.define(member, 'method', name, { bound: true, parentName });
    } else if (member.type === 'pair') {
      const value = member.childForFieldName('value');
      const name = keyName(member.childForFieldName('key'));
      if (name && value && FUNCTION_VALUES.has(value.type)) b.define(member, 'method', name, { bound: true, parentName });
    }
  }
}

/**
 * `const api = {...}` at the top of a module: members are `api.<key>` methods. `return {...}`
 * as a function's own value, with no declared return type: members are methods nested in the
 * factory, and the factory declares `name()` as `{}`, the object it returns.
 */
export function objectLiteral(object: Node, { b }: FileContext): void {
  const holder = holderOf(object);
  if (holder?.type === 'variable_declarator') {
    let statement = holder.parent?.parent;
    if (statement?.type === 'export_statement') statement = statement.parent;
    const name = holder.childForFieldName('name');
    if (statement?.type === 'program' && name?.type === 'identifier' && !holder.childForFieldName('type')) defineMembers(object, b, name.text);
    return;
  }
  // `() => ({...})`: past its wrappers the literal is the arrow's own body.
  const arrowBody = holder !== null && FUNCTION_VALUES.has(holder.type);
  if (holder?.type !== 'return_statement' && !arrowBody) return;
  const around = holder?.type === 'return_statement' ? functionAround(holder) : functionAround(object);
  if (!around || around.fn.childForFieldName('return_type')) return;
  defineMembers(object, b, undefined);
  const kind = around.member ? 'member' : 'local';
  b.declareType(kind, `${around.name}()`, '{}', around.named, false, kind === 'local' ? around.named.startIndex - 1 : around.named.startIndex);
}
