// CommonJS exports read through a name the module binds: an export assigned a member of a
// module it loaded (`exports.cpu = cpu.cpu`), and a module-level object exported by its name
// (`const codes = {...}; module.exports = codes`), as the checker follows each alias; and a
// default export that is a call's result (`module.exports = createApi()`), typed by that call.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext } from './language-module.ts';
import { calledPath, isModuleLoad } from './typescript-paths.ts';
import { assignedParts, literalOf } from './typescript-literal-values.ts';

/** A loaded module's member: `cpu.cpu`, the module's name and one member. */
const LOADED_MEMBER = /^([\w$]{1,80})\.([\w$]{1,80})$/;

/**
 * `const cpu = require('./cpu'); exports.cpu = cpu.cpu`: the module passes on what the loaded
 * module exports under that name, as `export { cpu } from './cpu'` does, so an importer's
 * `si.cpu()` reaches the function in cpu.js, as the checker follows the alias, not a function of
 * this module. Only a name the module loaded whole before the assignment; the caller checks the
 * assignment is a statement of the module itself, where the name is that load.
 */
export function loadedMemberReexport(assignment: Node, name: string, path: string, b: ExtractionBuilder): boolean {
  const [, local, member] = LOADED_MEMBER.exec(path) ?? [];
  const loaded = local === undefined ? undefined : b.moduleImportedAs(local);
  if (loaded?.kind !== 'require' && loaded?.kind !== 'esm') return false;
  b.addImport({ kind: 'reexport', source: loaded.source, bindings: [{ imported: member!, local: name }], line: assignment.startPosition.row + 1 });
  return true;
}

/** Top-level statements read back for the declaration of an exported name; a longer module is left as read. */
const MAX_STATEMENTS = 4096;
const DECLARATIONS = new Set(['lexical_declaration', 'variable_declaration']);

/**
 * `const codes = { FST_ERR_BAD_URL: createError('FST_ERR_BAD_URL', ...) }; module.exports = codes`:
 * a member whose value a call makes is the module's export of that name, as the same literal
 * written as `module.exports = {...}` declares it (typescript-modules.ts), so an importer's
 * `new FST_ERR_BAD_URL()` reaches it: the checker resolves a construct or call signature no source
 * of the corpus declares to the property that holds it. The literal's function members are
 * already its methods (typescript-objects.ts); only the call-made ones are added, at module level.
 */
export function exportedObjectCallMembers(name: Node, f: FileContext): void {
  const statement = f.parentOf(name)?.type === 'assignment_expression' ? f.parentOf(f.parentOf(name)!) : null;
  const program = statement?.type === 'expression_statement' ? f.parentOf(statement) : null;
  if (program?.type !== 'program') return;
  const object = declaredObject(program, name.text);
  if (!object) return;
  for (const member of object.namedChildren) {
    if (member?.type !== 'pair') continue;
    const key = member.childForFieldName('key');
    const value = member.childForFieldName('value');
    // `{ parse: require('./parse') }`: a module the literal holds, not a value a call makes.
    if (key?.type !== 'property_identifier' || value?.type !== 'call_expression' || isModuleLoad(value)) continue;
    f.b.define(member, 'method', key.text, { bound: true, parentName: name.text });
  }
}

/** The object literal a top-level `const`/`let`/`var` of this name is declared with; null for any other. */
function declaredObject(program: Node, name: string): Node | null {
  let read = 0;
  for (const statement of program.namedChildren) {
    if (++read > MAX_STATEMENTS) return null;
    if (!statement || !DECLARATIONS.has(statement.type)) continue;
    for (const declarator of statement.namedChildren) {
      if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('name')?.text !== name) continue;
      const value = declarator.childForFieldName('value');
      return value?.type === 'object' ? value : null;
    }
  }
  return null;
}

/**
 * `module.exports = createApi()`, `export default createApi()`: the default export is what the
 * call returns, declared under `default` as a local bound to that call is, so an importer's
 * `api.fetchAll()` reaches the member of the literal the factory returns, as the checker types it.
 * A module loaded in place is no call of the file's (`module.exports = require('./x')(o)`).
 */
export function exportedCallResult(value: Node, b: ExtractionBuilder, source: string): boolean {
  // `Object.freeze({...})`, `Object.assign({}, ...)`: a module object, read as the literals it holds (typescript-objects.ts).
  if (value.type !== 'call_expression' || isModuleLoad(value) || literalOf(value) || assignedParts(value)) return false;
  const path = calledPath(value, source);
  if (!path || !CALLED_EXPORT.test(path)) return false;
  b.declareType('local', 'default', `${path}()`, value);
  b.addExport('default', 'default');
  return true;
}

/** A call's callee an exported result is read through: a name or a path of up to three. */
const CALLED_EXPORT = /^[\w$]{1,80}(\.[\w$]{1,80}){0,2}$/;
