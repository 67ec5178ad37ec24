// A script's globals (FileExtraction.scriptGlobals, read by core/index/script-globals.ts): a JavaScript or
// TypeScript file that neither imports nor exports is a script, whose declarations at its top
// level are globals of every script, as uglify-js's lib/ files are (concatenated or `vm`-loaded)
// and as the TypeScript checker reads such a program. Only what stands at the top level counts:
// a function inside an IIFE `(function () { function helper() {} })()` or a callback is its own,
// though neither has a named definition around it to be nested in.
import type { Node } from 'web-tree-sitter';
import type { FileExtraction } from '../../extract-types.ts';

/** Top-level statements read for the names they declare; a file of more reads none past them. */
const MAX_STATEMENTS = 50_000;
const DECLARATIONS = new Set(['function_declaration', 'generator_function_declaration', 'class_declaration']);
const VARIABLES = new Set(['lexical_declaration', 'variable_declaration']);
const GLOBAL_KINDS = new Set(['function', 'class']);

/**
 * Sets `result.scriptGlobals` when the file is a script: the indexes of its functions and classes
 * declared at the top level (`function f() {}`, `var AST_Node = DEFNODE(...)`, `Base = class {}`).
 */
export function markScriptGlobals(result: FileExtraction, root: Node): void {
  if (result.imports.length > 0 || result.exports.length > 0 || /\.d\.[cm]?ts$/.test(result.file)) return;
  if (result.definitions.some((d) => d.exported)) return;
  // A script declaring no function or class outside another definition has no global to read the tree for.
  if (!result.definitions.some((d) => d.parent === null && GLOBAL_KINDS.has(d.kind))) return void (result.scriptGlobals = []);
  const declared = new Set<string>();
  const add = (name: Node | null, at: Node) => {
    if (name?.type === 'identifier') declared.add(`${at.startPosition.row + 1}\0${name.text}`);
  };
  // A cursor reads the statements one by one, so a file of many stops at the cap without all of them made nodes.
  const cursor = root.walk();
  try {
    let read = 0;
    for (let more = cursor.gotoFirstChild(); more && read < MAX_STATEMENTS; more = cursor.gotoNextSibling()) {
      if (!cursor.nodeIsNamed) continue;
      read++;
      declaredAtTop(cursor.currentNode, add);
    }
  } finally {
    cursor.delete();
  }
  const globals: number[] = [];
  result.definitions.forEach((d, i) => {
    if (d.parent === null && GLOBAL_KINDS.has(d.kind) && declared.has(`${d.startLine}\0${d.name}`)) globals.push(i);
  });
  result.scriptGlobals = globals;
}

/** The names one top-level statement declares: a function or class, each declarator of a `var` list, an assignment's name. */
function declaredAtTop(statement: Node, add: (name: Node | null, at: Node) => void): void {
  const type = statement.type;
  if (DECLARATIONS.has(type)) add(statement.childForFieldName('name'), statement);
  else if (VARIABLES.has(type)) {
    for (const declarator of statement.namedChildren) if (declarator?.type === 'variable_declarator') add(declarator.childForFieldName('name'), declarator);
  } else if (type === 'expression_statement') {
    const assignment = statement.namedChild(0);
    if (assignment?.type === 'assignment_expression') add(assignment.childForFieldName('left'), assignment);
  }
}
