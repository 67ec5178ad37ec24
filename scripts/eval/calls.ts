// `npm run eval:calls`: precision and recall of the graph's cross-file `calls` edges for
// TypeScript against the TypeScript compiler's own resolution (issue 3, measurement). For every
// call and `new` expression the checker resolves to a declaration in another corpus file, the
// truth is (caller file, callee file, callee name); the graph's cross-file calls edges are
// compared at the same granularity. Declarations that are not components of the graph
// (interface method signatures, ambient .d.ts declarations, object-literal properties) are left
// out of the truth, and said so.
import ts from 'typescript';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { LocalIndex } from '../../core/index/local-index.ts';
import { readTsPaths } from '../../core/index/tsconfig-paths.ts';

type Key = string;

function relPath(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}

/** The component name the graph would give a declaration, or undefined when it is not one. */
function componentName(decl: ts.Declaration): string | undefined {
  if (ts.isFunctionDeclaration(decl) || ts.isClassDeclaration(decl)) return decl.name?.text ?? 'default';
  if (ts.isMethodDeclaration(decl) && ts.isIdentifier(decl.name)) return decl.name.text;
  if (ts.isConstructorDeclaration(decl)) return decl.parent.name?.text;
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))) return decl.name.text;
  if (ts.isPropertyDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))) return decl.name.text;
  return undefined;
}

function truthEdges(root: string, files: string[]): { truth: Set<Key>; callSites: number; outsideModel: number } {
  const paths = readTsPaths(root);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowJs: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    ...(paths ? { baseUrl: join(root, paths.baseUrl), paths: Object.fromEntries(paths.paths.map((p) => [p.pattern, p.targets])) } : {}),
  };
  const program = ts.createProgram(files.map((f) => join(root, f)), options);
  const checker = program.getTypeChecker();
  const inCorpus = new Set(files);
  const truth = new Set<Key>();
  let callSites = 0;
  let outsideModel = 0;
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        callSites++;
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
        let symbol = checker.getSymbolAtLocation(callee);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const decl = symbol?.declarations?.[0] ?? checker.getResolvedSignature(node)?.declaration;
        if (decl && !ts.isJSDocSignature(decl)) {
          const target = relPath(root, decl.getSourceFile().fileName);
          if (inCorpus.has(target) && target !== file) {
            const name = componentName(decl as ts.Declaration);
            if (name) truth.add(`${file}|${target}|${name}`);
            else outsideModel++;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { truth, callSites, outsideModel };
}

async function evaluate(label: string, root: string): Promise<void> {
  if (!existsSync(root)) {
    console.log(`${label}: skipped, ${root} is absent`);
    return;
  }
  const index = new LocalIndex(root);
  const result = await index.run({ include: ['ts', 'tsx'], budgetMs: Number.POSITIVE_INFINITY });
  if (!result.ok) throw new Error(result.cause);
  const graph = index.graph!;
  const files = [...graph.componentsByFile.keys()].filter((f) => !f.endsWith('.d.ts'));
  const ours = new Set<Key>();
  for (const edge of graph.edges) {
    if (edge.type !== 'calls') continue;
    const from = graph.nodes.get(edge.from)!;
    const to = graph.nodes.get(edge.to)!;
    if (from.file === to.file) continue;
    ours.add(`${from.file}|${to.file}|${to.name.split('.').pop()}`);
  }
  const { truth, callSites, outsideModel } = truthEdges(root, files);
  const hit = [...ours].filter((k) => truth.has(k)).length;
  const precision = ours.size ? hit / ours.size : 1;
  const recall = truth.size ? hit / truth.size : 1;
  console.log(
    `${label}: ${files.length} files, ${callSites} call/new expressions; compiler truth ${truth.size} cross-file (caller file, callee file, name) edges ` +
      `(${outsideModel} resolved to declarations that are not graph components, left out); graph ${ours.size}, matching ${hit}`,
  );
  console.log(`  precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
  if (process.argv.includes('--verbose')) {
    for (const k of [...ours].filter((k) => !truth.has(k)).slice(0, 40)) console.log(`  false positive: ${k}`);
    for (const k of [...truth].filter((k) => !ours.has(k)).slice(0, 40)) console.log(`  missed: ${k}`);
  }
}

const here = resolve(new URL('../..', import.meta.url).pathname);
await evaluate('zod (node_modules/zod/src)', join(here, 'node_modules/zod/src'));
await evaluate('this repository (core/)', join(here, 'core'));
