// The TypeScript/JavaScript truth of `npm run eval:calls`: for every call and `new` expression
// the TypeScript checker resolves to a declaration in another corpus file, the edge (caller
// file, callee file, callee name). A declaration is named the way the graph names a component:
// functions, classes (a `new` or `super()` reaches the class), methods of classes, object
// literals, interfaces and type literals (computed keys by their text, `[Symbol.iterator]`),
// variables and properties bound to any value. Parameters, destructured bindings and ambient
// declarations outside the corpus are not components, and are counted as outside the model.
import ts from 'typescript';
import { join, relative } from 'node:path';

export interface TruthOptions {
  /** Extra `paths` for the checker (a workspace package name to its source). */
  paths?: Record<string, string[]>;
  baseUrl?: string;
}

function relPath(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}

function memberName(name: ts.PropertyName | ts.BindingName, source: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText(source).replace(/\s+/g, '')}]`;
  return undefined;
}

/** The component name the graph gives a declaration, or undefined when the graph models none. */
export function componentName(decl: ts.Declaration): string | undefined {
  const source = decl.getSourceFile();
  if (ts.isFunctionDeclaration(decl) || ts.isClassDeclaration(decl)) return decl.name?.text ?? 'default';
  if (ts.isConstructorDeclaration(decl)) return decl.parent.name?.text ?? 'default';
  if (ts.isClassExpression(decl) || ts.isFunctionExpression(decl)) {
    // `require('./streams')(m)`: the checker's resolved signature is the anonymous function
    // `module.exports = function (m) {...}` holds, which the graph names as the export, 'default'.
    const assigned =
      ts.isBinaryExpression(decl.parent) && decl.parent.right === decl && decl.parent.left.getText(source).replace(/\s+/g, '') === 'module.exports';
    return decl.name?.text ?? (assigned ? 'default' : undefined);
  }
  if (
    ts.isMethodDeclaration(decl) ||
    ts.isMethodSignature(decl) ||
    ts.isPropertyDeclaration(decl) ||
    ts.isPropertySignature(decl) ||
    ts.isPropertyAssignment(decl) ||
    ts.isShorthandPropertyAssignment(decl) ||
    ts.isGetAccessorDeclaration(decl)
  ) {
    return memberName(decl.name, source);
  }
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name)) return decl.name.text;
  // `export default (stream) => {...}`: the anonymous function the module exports, which the graph
  // names as the export, 'default' (as `export default function () {}`, above).
  if (ts.isExportAssignment(decl) && !decl.isExportEquals && (ts.isArrowFunction(decl.expression) || ts.isFunctionExpression(decl.expression))) {
    return decl.expression.name?.text ?? 'default';
  }
  // JavaScript's expando declarations: `module.exports = f` is the default export,
  // `exports.f = ...` / `module.exports.f = ...` / `A.prototype.f = ...` are named f.
  // `module.exports = function compose() {}` keeps the function's own name, as its node does.
  const target = ts.isBinaryExpression(decl) ? decl.left : decl;
  if (ts.isPropertyAccessExpression(target)) {
    if (target.getText(source).replace(/\s+/g, '') !== 'module.exports') return target.name.text;
    const value = ts.isBinaryExpression(decl) ? decl.right : undefined;
    return value && (ts.isFunctionExpression(value) || ts.isClassExpression(value)) && value.name ? value.name.text : 'default';
  }
  return undefined;
}

/**
 * `const { f } = await import('./m')` / `const { f } = require('./m')`: the checker's symbol is
 * the local binding; what a call reaches is the property of the destructured value.
 */
function destructuredProperty(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  const decl = symbol?.declarations?.[0];
  if (!decl || !ts.isBindingElement(decl) || !ts.isObjectBindingPattern(decl.parent)) return symbol;
  const key = decl.propertyName ?? decl.name;
  if (!ts.isIdentifier(key)) return symbol;
  let property = checker.getTypeAtLocation(decl.parent).getProperty(key.text);
  if (property && property.flags & ts.SymbolFlags.Alias) property = checker.getAliasedSymbol(property);
  return property?.declarations?.length ? property : symbol;
}

/**
 * `module.exports = { valid }`, `return { getOrCreate, cancelAll }`: a shorthand property (or one
 * whose value is a bare name, `{ valid: valid }`) is the binding it names, so a call through it reaches what that binding holds, as a call through an
 * ES re-export reaches the exported declaration (the aliases followed above). A bounded chain:
 * shorthand, then the import or `require` alias its value may be.
 */
function shorthandValue(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  for (let i = 0; i < 4; i++) {
    const decl = symbol?.declarations?.[0];
    let value: ts.Symbol | undefined;
    if (decl && ts.isShorthandPropertyAssignment(decl)) value = checker.getShorthandAssignmentValueSymbol(decl);
    // `{ Stream: Stream }` is `{ Stream }` written out.
    else if (decl && ts.isPropertyAssignment(decl) && ts.isIdentifier(decl.initializer)) value = checker.getSymbolAtLocation(decl.initializer);
    // `{ isObject: require('./is-object') }`, `exports.short = require('./short')`: the module's
    // value (its `module.exports = ...`), as `var short = require('./short')` then `{ short }` is.
    else return (decl && loadedValue(checker, assignedValue(decl))) || symbol;
    // `export const z = { union }` with `union` imported from a package not installed beside the
    // corpus: the binding holds what that package exports, outside the corpus, as the checker
    // names it where the package is installed; never the property, which would make the truth
    // depend on whether node_modules is there.
    if (value && value.flags & ts.SymbolFlags.Alias) {
      value = checker.getAliasedSymbol(value);
      if (!value.declarations?.length) return value;
    }
    if (!value?.declarations?.length) return symbol;
    symbol = value;
  }
  return symbol;
}

/** `exports = Schema`: the assignment of the module's `exports` binding, whose value the module then exports. */
function isExportsAssignment(node: ts.Expression): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === 'exports';
}

/**
 * `module.exports = exports = Schema`: the module exports what `Schema` binds, as `module.exports
 * = Schema` does, but the checker's symbol for the module's value is the assignment itself, which
 * names no declaration. The chain is followed to the binding it ends at (four links at most).
 */
function chainedExport(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  const decl = symbol?.declarations?.[0];
  const assignment = decl && (ts.isBinaryExpression(decl) ? decl : ts.isPropertyAccessExpression(decl) ? decl.parent : undefined);
  if (!assignment || !ts.isBinaryExpression(assignment) || assignment.left.getText().replace(/\s+/g, '') !== 'module.exports') return symbol;
  let value = assignment.right;
  for (let i = 0; i < 4 && isExportsAssignment(value); i++) value = value.right;
  if (value === assignment.right || !ts.isIdentifier(value)) return symbol;
  let bound = checker.getSymbolAtLocation(value);
  if (bound && bound.flags & ts.SymbolFlags.Alias) bound = checker.getAliasedSymbol(bound);
  return bound?.declarations?.length ? bound : symbol;
}

/** What a property is assigned where it is declared: `{ k: v }`'s v, `exports.k = v`'s v (the declaration the assignment or its left side); undefined for any other declaration. */
function assignedValue(decl: ts.Declaration): ts.Expression | undefined {
  if (ts.isPropertyAssignment(decl)) return decl.initializer;
  const assignment = ts.isBinaryExpression(decl) ? decl : ts.isPropertyAccessExpression(decl) ? decl.parent : undefined;
  return assignment && ts.isBinaryExpression(assignment) && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken ? assignment.right : undefined;
}

/** `require('./m')`: what module m assigns to `module.exports`; undefined for any other value, or a module assigning none. */
function loadedValue(checker: ts.TypeChecker, value: ts.Expression | undefined): ts.Symbol | undefined {
  if (!value || !ts.isCallExpression(value) || !ts.isIdentifier(value.expression) || value.expression.text !== 'require') return undefined;
  const specifier = value.arguments[0];
  const module = specifier && ts.isStringLiteralLike(specifier) ? checker.getSymbolAtLocation(specifier) : undefined;
  let exported = module?.exports?.get(ts.InternalSymbolName.ExportEquals);
  if (exported && exported.flags & ts.SymbolFlags.Alias) exported = checker.getAliasedSymbol(exported);
  return exported?.declarations?.length ? exported : undefined;
}

/** A corpus declaration some call reaches: its file, the name the graph would give it, and the line of each of its declarations (overloads, merged declarations). */
export interface CalledDefinition {
  file: string;
  name: string;
  lines: number[];
  /** The declaration's syntax kind, `(local)` when it sits inside a function: what the graph would have to model. */
  kind: string;
}

function declarationKind(decl: ts.Node): string {
  let local = false;
  for (let p = decl.parent; p; p = p.parent) if (ts.isFunctionLike(p)) local = true;
  return `${ts.SyntaxKind[decl.kind]}${local ? ' (local)' : ''}${shapeOf(decl)}`;
}

/**
 * What the declaration holds, as the aggregate table needs it to name a class of shapes without
 * naming a file: a value's syntax kind (`= ConditionalExpression`), a property's type's (`: TypeReference`).
 */
function shapeOf(decl: ts.Node): string {
  if (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl)) {
    if (decl.initializer) return ` = ${ts.SyntaxKind[decl.initializer.kind]}`;
  }
  if (ts.isBinaryExpression(decl)) return ` = ${ts.SyntaxKind[decl.right.kind]}`;
  if (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)) return ` = ${ts.SyntaxKind[decl.parent.right.kind]}`;
  if ((ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) && decl.type)
    return ` : ${ts.SyntaxKind[decl.type.kind]}${ts.isTypeLiteralNode(decl.parent) ? ` in a type literal under ${ts.SyntaxKind[decl.parent.parent.kind]}` : ''}`;
  return '';
}

export interface CheckerTruth {
  truth: Set<string>;
  /** Each truth key with the line of a declaration the call reaches: `caller|file|name|line`. */
  exact: Set<string>;
  callSites: number;
  outsideModel: number;
  /** Every corpus declaration a call reaches (same-file calls too) that the graph models, by `file|name|first line`. */
  called: Map<string, CalledDefinition>;
}

function lineOf(decl: ts.Declaration): number {
  const source = decl.getSourceFile();
  const at = (decl as { name?: ts.Node }).name ?? decl;
  return source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1;
}

export function checkerTruth(root: string, files: string[], extra: TruthOptions = {}): CheckerTruth {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    // Bundler resolution: extensionless and `.js` specifiers, `index` files and package
    // `exports`, as the corpora's own builds resolve them.
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    ...(extra.paths ? { baseUrl: extra.baseUrl ?? root, paths: extra.paths } : {}),
  };
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    options,
  );
  const checker = program.getTypeChecker();
  const inCorpus = new Set(files);
  const truth = new Set<string>();
  const exact = new Set<string>();
  const called = new Map<string, CalledDefinition>();
  let callSites = 0;
  let outsideModel = 0;
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      // A tagged template (`` _`x${y}` ``) calls its tag function with the template's parts
      // (ECMAScript's TaggedTemplate evaluation), so it is a call as much as `_(...)` is.
      if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
        callSites++;
        let expr: ts.Expression = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
        // `done!()`, `(handler)()`, `scope.listener!(p)`: what is called is the expression inside.
        for (let i = 0; (ts.isNonNullExpression(expr) || ts.isParenthesizedExpression(expr)) && i < 4; i++) expr = expr.expression;
        // `(0, util_1.baz)(x)`, TypeScript's and Babel's CommonJS output: the comma expression's value
        // is what is called (ECMAScript's comma operator), so the call reaches what `util_1.baz()` would.
        if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.CommaToken && ts.isNumericLiteral(expr.left)) expr = expr.right;
        const callee = ts.isPropertyAccessExpression(expr) ? expr.name : ts.isElementAccessExpression(expr) ? expr.argumentExpression : expr;
        // `a[k]()` with a computed key: the symbol at `k` is the key itself (a variable,
        // `Symbol.iterator`, `node._tag`), not the member called; the resolved signature is.
        const computedKey = ts.isElementAccessExpression(expr) && !ts.isStringLiteralLike(expr.argumentExpression);
        let symbol = computedKey ? undefined : checker.getSymbolAtLocation(callee);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        symbol = chainedExport(checker, shorthandValue(checker, destructuredProperty(checker, symbol)));
        // A name can be a type and a value at once (`type OK` beside `const OK = ...`): the call
        // reaches the first declaration that is a value the graph models.
        const declarations = (symbol?.declarations ?? []).filter((d) => !ts.isTypeAliasDeclaration(d) && !ts.isInterfaceDeclaration(d));
        const signature = checker.getResolvedSignature(node)?.declaration;
        const decl = declarations.find((d) => componentName(d)) ?? declarations[0] ?? signature;
        if (decl && !ts.isJSDocSignature(decl)) {
          const target = relPath(root, decl.getSourceFile().fileName);
          const name = inCorpus.has(target) ? componentName(decl as ts.Declaration) : undefined;
          const lines = name ? [decl as ts.Declaration, ...declarations.filter((d) => d !== decl && componentName(d) === name)].map(lineOf) : [];
          if (name) {
            const key = `${target}|${name}|${lines[0]}`;
            if (!called.has(key)) called.set(key, { file: target, name, lines, kind: declarationKind(decl) });
          }
          if (inCorpus.has(target) && target !== file) {
            if (name) {
              truth.add(`${file}|${target}|${name}`);
              // Which declaration it is: an edge to another `name` of that file is not this call's.
              for (const line of lines) exact.add(`${file}|${target}|${name}|${line}`);
            } else outsideModel++;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { truth, exact, callSites, outsideModel, called };
}
