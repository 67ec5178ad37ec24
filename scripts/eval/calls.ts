// `npm run eval:calls`: precision and recall of the graph's cross-file `calls` edges for
// TypeScript against the TypeScript compiler's own resolution (SPEC §init_workspace). For every
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
  if (
    ts.isVariableDeclaration(decl) &&
    ts.isIdentifier(decl.name) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
  )
    return decl.name.text;
  if (
    ts.isPropertyDeclaration(decl) &&
    ts.isIdentifier(decl.name) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
  )
    return decl.name.text;
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
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    options,
  );
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
        // A name can be a type and a value at once (`type OK` beside `const OK = () => ...`):
        // the call reaches the first declaration that is a value the graph models.
        const declarations = symbol?.declarations ?? [];
        const signature = checker.getResolvedSignature(node)?.declaration;
        const decl = declarations.find((d) => componentName(d)) ?? declarations[0] ?? signature;
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
  /** Per key, the best confidence among the edges that make it. */
  const confidenceOf = new Map<Key, number>();
  for (const edge of graph.edges) {
    if (edge.type !== 'calls') continue;
    const from = graph.nodes.get(edge.from)!;
    const to = graph.nodes.get(edge.to)!;
    if (from.file === to.file) continue;
    // `super(...)` reaches the base class's constructor, which the compiler names by its class.
    const parts = to.name.split('.');
    const name = parts.at(-1) === 'constructor' && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!;
    const key = `${from.file}|${to.file}|${name}`;
    ours.add(key);
    confidenceOf.set(key, Math.max(confidenceOf.get(key) ?? 0, edge.confidence));
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
  const byConfidence = new Map<number, { all: number; hit: number }>();
  for (const [key, c] of confidenceOf) {
    const row = byConfidence.get(c) ?? { all: 0, hit: 0 };
    row.all++;
    if (truth.has(key)) row.hit++;
    byConfidence.set(c, row);
  }
  const rows = [...byConfidence].sort(([a], [b]) => b - a).map(([c, r]) => `${c}: ${r.hit}/${r.all}`);
  console.log(`  by confidence (matching/edges): ${rows.join(', ')}`);
  if (process.argv.includes('--verbose')) {
    for (const k of [...ours].filter((k) => !truth.has(k)).slice(0, 40)) console.log(`  false positive: ${k}`);
    for (const k of [...truth].filter((k) => !ours.has(k)).slice(0, 40)) console.log(`  missed: ${k}`);
  }
}

const here = resolve(new URL('../..', import.meta.url).pathname);
await evaluate('zod (node_modules/zod/src)', join(here, 'node_modules/zod/src'));
await evaluate('this repository (core/)', join(here, 'core'));
