// TypeScript / JavaScript module edges: ESM imports, `require()`, re-exports, dynamic
// `import()`, ES exports and CommonJS `module.exports` / `exports.x`.
//
// CommonJS is expressed in ES terms so the graph needs one resolution rule: `module.exports = x`
// exports x as 'default', `exports.f = g` exports g as 'f', and a whole-module
// `const m = require('a')` binds m to '*' (the module object), like `import * as m`.
import type { Node } from 'web-tree-sitter';
import { EXPORTS_OBJECT, type FileExtraction, type ImportBinding } from '../../extract-types.ts';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { ITEMS_PER_STEP, unquote, type FileContext, type HandlerSteps } from './language-module.ts';
import { choiceOfReferences } from './typescript-values.ts';
import { isModuleLoad, isTopStatement, pathOf } from './typescript-paths.ts';
import { constructedType } from './typescript-types.ts';
import { moduleAssignedParts } from './typescript-literal-values.ts';
import { declareSignature } from './typescript-signatures.ts';
import { constructedMembers, exportedDefaultObject } from './typescript-objects.ts';
import { declareLiteralThis } from './typescript-own-this.ts';
import { exportedCallResult, exportedObjectCallMembers, loadedMemberReexport } from './typescript-cjs-exports.ts';

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function', 'function']);

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

export function stringValue(node: Node | null | undefined): string | undefined {
  if (!node || node.type !== 'string') return undefined;
  return unquote(node.text);
}

/** `import ... from 'm'`, `import 'm'`, and TypeScript's `import fs = require('fs')`. A step per ITEMS_PER_STEP names. */
export function* importStatement(stmt: Node, b: ExtractionBuilder): HandlerSteps {
  const source = stringValue(stmt.childForFieldName('source'));
  const bindings: ImportBinding[] = [];
  for (const child of stmt.namedChildren) {
    if (!child) continue;
    if (child.type === 'import_require_clause') {
      const local = child.namedChild(0)?.text;
      const from = stringValue(child.childForFieldName('source'));
      if (from !== undefined) {
        b.addImport({ kind: 'require', source: from, bindings: local ? [{ imported: '*', local }] : [], line: lineOf(stmt) });
      }
      return;
    }
    if (child.type !== 'import_clause') continue;
    // `import type { A }` (the keyword sits between `import` and the clause) and `import { type A }`.
    const typeOnly = stmt.child(1)?.type === 'type';
    for (const part of child.namedChildren) {
      if (!part) continue;
      if (part.type === 'identifier') {
        bindings.push({ imported: 'default', local: part.text });
        if (typeOnly) b.typeOnlyImport(part.text);
      } else if (part.type === 'namespace_import') {
        const local = part.namedChild(0)?.text;
        if (local) bindings.push({ imported: '*', local });
      } else if (part.type === 'named_imports') {
        let read = 0;
        for (const spec of part.namedChildren) {
          if (++read % ITEMS_PER_STEP === 0) yield;
          if (spec?.type !== 'import_specifier') continue;
          const imported = unquote(spec.childForFieldName('name')?.text ?? '');
          const local = spec.childForFieldName('alias')?.text ?? imported;
          bindings.push({ imported, local });
          if (typeOnly || spec.child(0)?.type === 'type') b.typeOnlyImport(local);
        }
      }
    }
  }
  if (source !== undefined) b.addImport({ kind: 'esm', source, bindings, line: lineOf(stmt) });
}

/** An export clause's names, into `out`: a step per ITEMS_PER_STEP. */
function* specifiers(clause: Node, out: { name: string; alias: string }[]): HandlerSteps {
  let read = 0;
  for (const spec of clause.namedChildren) {
    if (++read % ITEMS_PER_STEP === 0) yield;
    if (spec?.type !== 'export_specifier') continue;
    const name = unquote(spec.childForFieldName('name')?.text ?? '');
    out.push({ name, alias: unquote(spec.childForFieldName('alias')?.text ?? name) });
  }
}

/** Names a declaration after `export` introduces, into `names`: a step per ITEMS_PER_STEP declarators. */
function* declaredNames(decl: Node, names: string[]): HandlerSteps {
  if (decl.type === 'lexical_declaration' || decl.type === 'variable_declaration') {
    let read = 0;
    for (const d of decl.namedChildren) {
      if (++read % ITEMS_PER_STEP === 0) yield;
      const name = d?.type === 'variable_declarator' ? d.childForFieldName('name') : null;
      if (name?.type === 'identifier') names.push(name.text);
    }
    return;
  }
  if (decl.type === 'ambient_declaration') {
    const inner = decl.namedChild(0);
    if (inner) yield* declaredNames(inner, names);
    return;
  }
  const name = decl.childForFieldName('name');
  if (name) names.push(name.text);
}

/** Every form of `export`: declarations, default, lists, re-exports, `export =`. */
export function* exportStatement(stmt: Node, f: FileContext): HandlerSteps {
  const { b, source: text } = f;
  const source = stringValue(stmt.childForFieldName('source'));
  let isDefault = false;
  let star = false;
  let assign = false;
  let clause: Node | undefined;
  let namespace: Node | undefined;
  let bare: Node | undefined;
  for (const child of stmt.children) {
    if (!child) continue;
    switch (child.type) {
      case 'default':
        isDefault = true;
        break;
      case '*':
        star = true;
        break;
      case '=':
        assign = true;
        break;
      case 'export_clause':
        clause = child;
        break;
      case 'namespace_export':
        namespace = child;
        break;
      case 'identifier':
        bare = child;
        break;
    }
  }
  if (source !== undefined) {
    let bindings: ImportBinding[] = [];
    if (clause) {
      const specs: { name: string; alias: string }[] = [];
      yield* specifiers(clause, specs);
      bindings = specs.map((s) => ({ imported: s.name, local: s.alias }));
    } else if (namespace) bindings = [{ imported: '*', local: namespace.namedChild(0)?.text ?? '*' }];
    else if (star) bindings = [{ imported: '*', local: '*' }];
    b.addImport({ kind: 'reexport', source, bindings, line: lineOf(stmt) });
    return;
  }
  if (clause) {
    const specs: { name: string; alias: string }[] = [];
    yield* specifiers(clause, specs);
    for (const s of specs) b.addExport(s.name, s.alias);
    return;
  }
  if (assign && bare) {
    // TypeScript `export = foo`: the CommonJS default.
    b.addExport(bare.text, 'default');
    return;
  }
  const decl = stmt.childForFieldName('declaration');
  if (decl) {
    const names: string[] = [];
    yield* declaredNames(decl, names);
    for (const name of names) b.addExport(name, isDefault ? 'default' : name);
    return;
  }
  const value = stmt.childForFieldName('value');
  if (!value || !isDefault) return;
  if (exportedInstance(value, b, text) || exportedCallResult(value, b, text)) return;
  if (value.type === 'identifier') b.addExport(value.text, 'default');
  else if (value.type === 'class') b.addExport(value.childForFieldName('name')?.text ?? 'default', 'default');
  else if (FUNCTION_VALUES.has(value.type)) {
    const name = value.childForFieldName('name')?.text ?? 'default';
    b.define(value, 'function', name);
    b.addExport(name, 'default');
  } else {
    // `export default { format() {}, parse: (s) => ... }`: an importer's `fmt.format()` reaches the
    // literal's member, as the checker resolves it.
    const members = exportedDefaultObject(value, f);
    if (members) yield* members;
  }
}

/** `require('./x').X`, `(await import('./x')).X`: a member read off a module load in place. */
export function isLoadedMember(value: Node): boolean {
  if (value.type !== 'member_expression') return false;
  let object = value.childForFieldName('object');
  for (let i = 0; object && (object.type === 'parenthesized_expression' || object.type === 'await_expression') && i < 4; i++) object = object.namedChild(0);
  return object !== null && isModuleLoad(object);
}

/**
 * A value that may be a function held under an exported name: another module's member
 * (`Math.floor`, `impl.destroy`) or what a call returns (`hideStackFrames(fn)`), but not a
 * module (`require('./x')`, which is a namespace).
 */
function exportedReference(value: Node): boolean {
  return value.type === 'member_expression' || (value.type === 'call_expression' && !isModuleLoad(value)) || choiceOfReferences(value);
}

/** `os.homedir || function homedir() {}`, `cond ? a : function () {}`: a choice one of whose arms is a function. */
function choiceOfFunction(value: Node): boolean {
  if (value.type !== 'binary_expression' && value.type !== 'ternary_expression') return false;
  return value.namedChildren.some((arm) => arm !== null && FUNCTION_VALUES.has(arm.type));
}

/**
 * `export default new Logger()`, `module.exports = new Logger()`: the default export is an
 * instance, declared as a Logger under the name `default`, which no source can bind, so an
 * importer's `logger.info()` reaches Logger's `info` as it would through a named const.
 */
function exportedInstance(value: Node, b: ExtractionBuilder, source: string): boolean {
  const type = constructedType(value, source);
  if (!type) return false;
  b.declareType('local', 'default', type, value);
  b.addExport('default', 'default');
  return true;
}

/** Leads the local an exported constructed value is declared under (exportedConstructed). */
const EXPORTED_VALUE = '#value.';

/**
 * `exports.store = new Store()`, `exports.box = { inner: new Store() }` (or such a key of
 * `module.exports = {...}`): the value exported as `name` is declared under a local no source
 * can write (`#value.store`, with `#value.box.inner` for a member), as the checker types the
 * property, so an importer's `store.open()` or `box.inner.open()` reaches Store's `open`.
 * False for any other value: a literal constructing nothing is not read.
 */
function exportedConstructed(name: string, value: Node, b: ExtractionBuilder, source: string): boolean {
  const local = `${EXPORTED_VALUE}${name}`;
  const type = constructedType(value, source);
  if (type) {
    b.declareType('local', local, type, value);
    b.addExport(local, name);
    return true;
  }
  if (value.type !== 'object') return false;
  let declared = 0;
  for (const [key, held] of constructedMembers(value, { b, source })) {
    if (!/^[\w$]{1,80}$/.test(key)) continue;
    b.declareType('local', `${local}.${key}`, held, value);
    declared++;
  }
  if (declared > 0) b.addExport(local, name);
  // The literal's function members are read by the caller as before.
  return false;
}

/** Whether an assignment's left side is `module.exports` itself, spaces aside. */
export function isModuleExports(left: Node | null): boolean {
  return left?.type === 'member_expression' && left.text.replace(/\s+/g, '') === 'module.exports';
}

/** Whether a node is the module's exports object: `exports` or `module.exports`. */
export function isExportsObject(node: Node | null): boolean {
  return (node?.type === 'identifier' && node.text === 'exports') || isModuleExports(node);
}

/**
 * `(module.exports = right)`, a declarator's value (`let SyncReader = (module.exports = function
 * (b) {...})`, nodemon's `var utils = (module.exports = { ... })`, `var self = module.exports = {}`):
 * what is assigned to the module's exports, which the declared name then holds too; null for any other value.
 */
export function exportsAssignedWithin(value: Node): Node | null {
  // `var self = module.exports = {}` too, unparenthesized.
  const assignment = value.type === 'parenthesized_expression' ? value.namedChild(0) : value;
  if (assignment?.type !== 'assignment_expression' || !isModuleExports(assignment.childForFieldName('left'))) return null;
  return assignment.childForFieldName('right');
}

/** `module.exports = <right>`: a step per ITEMS_PER_STEP members of an object. */
export function* moduleExportsAssignment(right: Node, f: FileContext): HandlerSteps {
  const { b, source } = f;
  // A call's result only at the module's top: a UMD wrapper's `module.exports = factory()` is its factory's, read apart.
  if (exportedInstance(right, b, source) || (isTopStatement(f.parentOf(right), f.parentOf) && exportedCallResult(right, b, source))) return;
  if (wholeModuleLoad(right, b)) return;
  if (right.type === 'identifier') {
    b.addExport(right.text, 'default');
    exportedObjectCallMembers(right, f);
  } else if (right.type === 'class') {
    b.addExport(right.childForFieldName('name')?.text ?? 'default', 'default');
  } else if (FUNCTION_VALUES.has(right.type)) {
    const name = right.childForFieldName('name')?.text ?? 'default';
    b.define(right, 'function', name);
    b.addExport(name, 'default');
  } else if (moduleAssignedParts(right, f)) {
    // `module.exports = Object.assign({}, base, {...})`: a module object of what it merges, as `export default` holds one.
    const members = exportedDefaultObject(right, f);
    if (members) yield* members;
  } else if (choiceOfFunction(right)) {
    b.define(right, 'function', 'default', { bound: true });
    b.addExport('default', 'default');
  } else if (right.type === 'object') {
    let read = 0;
    // `this.close()` in `module.exports = { open: function () {...} }`: the module's export `close`.
    const ownThis = (fn: Node) => declareLiteralThis(fn, EXPORTS_OBJECT, f);
    for (const part of right.namedChildren) {
      if (++read % ITEMS_PER_STEP === 0) yield;
      if (!part) continue;
      if (part.type === 'shorthand_property_identifier') b.addExport(part.text, part.text);
      else if (part.type === 'spread_element') spreadLoad(part, b);
      else if (part.type === 'method_definition') {
        const name = unquote(part.childForFieldName('name')?.text ?? '');
        b.define(part, 'function', name);
        b.addExport(name, name);
        // `module.exports = { make() { return new Store() } }`: what `m.make()` returns, as a declared function's.
        declareSignature(f, 'local', name, part, part);
        ownThis(part);
      } else if (part.type === 'pair') {
        const key = unquote(part.childForFieldName('key')?.text ?? '');
        const value = part.childForFieldName('value');
        if (!value) continue;
        if (value.type === 'identifier') b.addExport(value.text, key);
        else if (exportedConstructed(key, value, b, source)) continue;
        else if (FUNCTION_VALUES.has(value.type) || exportedReference(value)) {
          b.define(part, 'function', key, { bound: true });
          b.addExport(key, key);
          if (FUNCTION_VALUES.has(value.type)) {
            declareSignature(f, 'local', key, value, part);
            ownThis(value);
          }
        }
      }
    }
  }
}

/**
 * `exports.<name> = <right>` and `module.exports.<name> = <right>`. `atModuleLevel`: the
 * assignment is a statement of the module itself, where a name the module loads is that load.
 */
export function exportsPropertyAssignment(assignment: Node, name: string, right: Node, b: ExtractionBuilder, source: string, atModuleLevel = false): void {
  if (exportedConstructed(name, right, b, source)) return;
  if (right.type === 'identifier') {
    b.addExport(right.text, name);
  } else if (FUNCTION_VALUES.has(right.type) || exportedReference(right)) {
    // `module.exports.Encoder = streams.Encoder`: what the module's own `module.exports.Encoder` is (ownExportCalls).
    const path = right.type === 'member_expression' ? pathOf(right, source) : undefined;
    if (path && OWN_EXPORT_PATH.test(path)) b.declareType('local', `${OWN_EXPORT}${name}`, `=${path}`, assignment, false, assignment.startIndex);
    if (atModuleLevel && path && loadedMemberReexport(assignment, name, path, b)) return;
    b.define(assignment, 'function', name, { bound: true });
    b.addExport(name, name);
  } else if (right.type === 'class') {
    b.addExport(name, name);
  }
}

/**
 * `module.exports = { ...require('./format'), version() {} }`: the module exports everything the
 * loaded module does, as `export * from './format'` does, beside its own members.
 */
function spreadLoad(spread: Node, b: ExtractionBuilder): void {
  const source = requiredSource(spread.namedChild(0));
  if (source !== undefined) b.addImport({ kind: 'reexport', source, bindings: [{ imported: '*', local: '*' }], line: lineOf(spread) });
}

/** `require('./format')`: the module it names; undefined for any other value (an `import()`, a computed specifier). */
function requiredSource(load: Node | null): string | undefined {
  if (!load || !isModuleLoad(load) || load.childForFieldName('function')?.type !== 'identifier') return undefined;
  return stringValue(load.childForFieldName('arguments')?.namedChild(0));
}

/**
 * `module.exports = require('./base')`: the module is the one it loads, whose value and members
 * it passes on, as `export { default } from './base'` and `export * from './base'` together do.
 */
function wholeModuleLoad(right: Node, b: ExtractionBuilder): boolean {
  const source = requiredSource(right);
  if (source === undefined) return false;
  b.addImport({ kind: 'reexport', source, bindings: [{ imported: 'default', local: 'default' }], line: lineOf(right) });
  b.addImport({ kind: 'reexport', source, bindings: [{ imported: '*', local: '*' }], line: lineOf(right) });
  return true;
}

/** Leads the name under which an export assigned a path holds that path: no source can write it. */
const OWN_EXPORT = '#exports.';
/** A path of names, at least two (`streams.Encoder`, `impl.a.b`). */
const OWN_EXPORT_PATH = /^[\w$]{1,80}(\.[\w$]{1,80}){1,8}$/;

/**
 * `module.exports.Encoder = streams.Encoder`, then `new module.exports.Encoder()` in the same
 * module: a call of the path the export was assigned, as the checker reads the assignment (an
 * alias of that path), so the call reaches what `streams.Encoder` is. A name assigned two
 * different paths is left as written. Run once the file is walked (LanguageModule.finish), which
 * drops the names that held the paths.
 */
export function ownExportCalls(result: FileExtraction): void {
  let aliases: Map<string, string> | undefined;
  for (const d of result.declaredTypes ?? []) {
    if (!d.name.startsWith(OWN_EXPORT)) continue;
    const name = d.name.slice(OWN_EXPORT.length);
    const path = d.type.slice(1);
    aliases ??= new Map();
    aliases.set(name, aliases.has(name) && aliases.get(name) !== path ? '' : path);
  }
  if (!aliases) return;
  // Read here only: the names leave the extraction.
  result.declaredTypes = result.declaredTypes!.filter((d) => !d.name.startsWith(OWN_EXPORT));
  for (const call of result.calls) {
    if (call.receiver !== 'module.exports' && call.receiver !== 'exports') continue;
    const path = aliases.get(call.callee);
    if (!path) continue;
    const dot = path.lastIndexOf('.');
    call.receiver = path.slice(0, dot);
    call.callee = path.slice(dot + 1);
  }
}
