// Modules loaded by a call: `require('a')` and `import('a')`, and the names the declaration or
// assignment holding the load binds (`const m = require('a')` the module object, as `import * as
// m`; `const { a, b: c } = require('b')` its names), as typescript-modules.ts expresses CommonJS in
// ES terms.
import type { Node } from 'web-tree-sitter';
import type { ImportBinding } from '../../extract-types.ts';
import { unquote, type FileContext } from './language-module.ts';
import { besideNothing } from './typescript-values.ts';
import { requiredModuleName } from './typescript-paths.ts';
import { lineOf, stringValue } from './typescript-modules.ts';
import { firstParameterPattern } from './typescript-contextual.ts';

/** What a declaration binds from a module value: `x` -> the whole module, `{a, b: c}` -> its names. */
function declaredBindings(holder: Node | null, member: string | undefined): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  // `helpers = require('./scopes')` loading on first use into a name declared before: the name binds the module, as a declarator's does.
  const assigned = holder?.type === 'assignment_expression' ? holder.childForFieldName('left') : null;
  if (assigned?.type === 'identifier') bindings.push({ imported: member ?? '*', local: assigned.text });
  if (holder?.type !== 'variable_declarator') return bindings;
  return [...bindings, ...patternBindings(holder.childForFieldName('name'), member)];
}

/** What a name or pattern bound to a module value binds: `m` the module (or its `member`), `{ a, b: c }` its names. */
function patternBindings(name: Node | null, member: string | undefined): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  if (name?.type === 'identifier') bindings.push({ imported: member ?? '*', local: name.text });
  else if (name?.type === 'object_pattern' && member === undefined) {
    for (const part of name.namedChildren) {
      if (part?.type === 'shorthand_property_identifier_pattern') bindings.push({ imported: part.text, local: part.text });
      else if (part?.type === 'pair_pattern') {
        const value = part.childForFieldName('value');
        const local = value?.type === 'assignment_pattern' ? value.childForFieldName('left') : value;
        if (local?.type === 'identifier') {
          bindings.push({ imported: unquote(part.childForFieldName('key')?.text ?? ''), local: local.text });
        }
      }
    }
  }
  return bindings;
}

/**
 * `import('./m').then(({ make }) => make())`, `.then((m) => m.run())`: the first parameter of the
 * callback handed to the load's `then` holds the module, as a declarator awaiting it would (bound
 * as the file's, as `const { make } = await import('./m')` is). Empty for any other holder.
 */
function thenBindings(holder: Node | null, { parentOf }: Pick<FileContext, 'parentOf'>): ImportBinding[] {
  if (holder?.type !== 'member_expression' || holder.childForFieldName('property')?.text !== 'then') return [];
  const call = parentOf(holder);
  if (call?.type !== 'call_expression' || call.childForFieldName('function')?.id !== holder.id) return [];
  const callback = call.childForFieldName('arguments')?.namedChild(0);
  if (callback?.type !== 'arrow_function' && callback?.type !== 'function_expression') return [];
  return patternBindings(firstParameterPattern(callback), undefined);
}

/** `require('a')` in its context: `const x = require('a')`, `const {a, b: c} = require('b')`, `require('a').f`. */
export function requireCall(call: Node, { b, parentOf }: FileContext): void {
  const source = stringValue(call.childForFieldName('arguments')?.namedChild(0));
  if (source === undefined) return;
  let holder = parentOf(call);
  let member: string | undefined;
  if (holder?.type === 'member_expression') {
    member = holder.childForFieldName('property')?.text;
    holder = parentOf(holder);
  }
  // `const { H1Parser } = bundled ? require('./parser-h1') : {}`: what the module holds, as the checker reads it.
  if (member === undefined && holder && besideNothing(holder, call)) holder = parentOf(holder);
  // `require('./streams')(stream)`: the module's default export called in place, bound under a
  // name no source can write, which the call names (typescript-calls.ts, calledPath).
  const calledInPlace = member === undefined && holder?.type === 'call_expression' && holder.childForFieldName('function')?.id === call.id;
  const bindings = calledInPlace ? [{ imported: '*', local: requiredModuleName(call) }] : declaredBindings(holder, member);
  b.addImport({ kind: 'require', source, bindings, line: lineOf(call) });
}

/**
 * `import('./x')`, binding what `const m = await import('./x')` / `const { a } = await import('./x')`
 * name, and for `(await import('./x')).f()` the module under a name no source can write, which the
 * call's receiver names (typescript-calls.ts loadedModuleReceiver).
 */
export function dynamicImport(call: Node, source: Node, { b, parentOf }: FileContext): void {
  const from = stringValue(source);
  if (from === undefined) return;
  let holder = parentOf(call);
  if (holder?.type === 'await_expression') holder = parentOf(holder);
  const inPlace = holder?.type === 'parenthesized_expression' && parentOf(holder)?.type === 'member_expression';
  const bindings = inPlace ? [{ imported: '*', local: loadedModuleName(call) }] : declaredBindings(holder, undefined);
  if (bindings.length === 0) bindings.push(...thenBindings(holder, { parentOf }));
  b.addImport({ kind: 'dynamic', source: from, bindings, line: lineOf(call) });
}

/** The name `import(...)` at this place binds its module to when a member of it is read in place. */
export function loadedModuleName(load: Node): string {
  return `#import${load.startIndex}`;
}
