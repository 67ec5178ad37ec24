// SPEC §init_workspace `index-not-persisted`: a re-index re-parses only files
// whose size or mtime changed, drops deleted files, and yields the graph a fresh index builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalIndex } from '../../core/index/local-index.ts';
import type { CodeGraph } from '../../core/index/graph-types.ts';
import { tempDir } from '../helpers/git.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/graph/ts-esm', import.meta.url));

function shape(graph: CodeGraph) {
  return {
    nodes: [...graph.nodes.values()].map((n) => JSON.stringify(n)).sort(),
    edges: graph.edges.map((e) => `${e.type} ${e.from} -> ${e.to} ${e.confidence}`).sort(),
    stats: graph.stats,
  };
}

function touch(path: string, content: string): void {
  writeFileSync(path, content);
  const later = new Date(Date.now() + 5000);
  utimesSync(path, later, later);
}

test('after edits, a re-index equals a fresh index and re-parses only what changed', async () => {
  const root = tempDir('graph-incr-');
  cpSync(FIXTURE, root, { recursive: true });
  const index = new LocalIndex(root);
  const first = await index.run({});
  assert.ok(first.ok);
  assert.equal(first.report.parsed, 8);

  const unchanged = await index.run({});
  assert.ok(unchanged.ok);
  assert.deepEqual([unchanged.report.parsed, unchanged.report.reused, unchanged.report.removed], [0, 8, 0]);

  // Shift every definition of math.ts down two lines (its ids change, so its callers' edges must),
  // delete square.ts and its re-export, and add a file that calls into circle.ts.
  const math = join(root, 'src/math.ts');
  touch(math, '// moved\n\n' + readFileSync(math, 'utf8'));
  rmSync(join(root, 'src/shapes/square.ts'));
  touch(join(root, 'src/shapes/index.ts'), "export * from './circle';\n");
  touch(
    join(root, 'src/main.ts'),
    readFileSync(join(root, 'src/main.ts'), 'utf8').replace(', Box', '').replace('const b = new Box();\n  log(String(b.side()));\n', "log('x');\n"),
  );
  touch(join(root, 'src/extra.ts'), "import { Circle } from './shapes';\nexport function extra(): number {\n  return new Circle().area();\n}\n");

  const again = await index.run({});
  assert.ok(again.ok);
  assert.deepEqual([again.report.parsed, again.report.reused, again.report.removed], [4, 4, 1]);

  const fresh = new LocalIndex(root);
  assert.ok((await fresh.run({})).ok);
  assert.deepEqual(shape(index.graph!), shape(fresh.graph!));
  const edges = shape(index.graph!).edges;
  assert.ok(edges.includes('calls src/main.ts::function::run::6 -> src/math.ts::function::add::3 0.99'), 'callers follow the moved ids');
  assert.ok(!edges.some((e) => e.includes('math.ts::function::add::1')), 'no edge to an id that no longer exists');
  assert.ok(!edges.some((e) => e.includes('square.ts')), 'the deleted file is gone');
  assert.ok(edges.includes('calls src/extra.ts::function::extra::2 -> src/shapes/circle.ts::class::Circle::3 0.99'));

  // Same file set, interfaces kept (lines move): the other files' resolutions are reused.
  const circle = join(root, 'src/shapes/circle.ts');
  touch(circle, '\n\n\n' + readFileSync(circle, 'utf8'));
  const moved = await index.run({});
  assert.ok(moved.ok);
  assert.equal(moved.report.parsed, 1);
  const fresh2 = new LocalIndex(root);
  assert.ok((await fresh2.run({})).ok);
  assert.deepEqual(shape(index.graph!), shape(fresh2.graph!));
  assert.ok(shape(index.graph!).edges.includes('calls src/extra.ts::function::extra::2 -> src/shapes/circle.ts::class::Circle::6 0.99'));

  // Same file set, an interface changed (a new method on the base class that a caller now reaches).
  const base = join(root, 'src/shapes/base.ts');
  touch(base, readFileSync(base, 'utf8').replace("return 'shape';\n  }", "return 'shape';\n  }\n\n  area(): number {\n    return 0;\n  }"));
  const grown = await index.run({});
  assert.ok(grown.ok);
  const fresh3 = new LocalIndex(root);
  assert.ok((await fresh3.run({})).ok);
  assert.deepEqual(shape(index.graph!), shape(fresh3.graph!));
});

test('a member typed by an imported name joins or leaves the graph when that name becomes or stops being a function type, as a fresh index has it', async () => {
  const root = tempDir('graph-incr-typed-');
  cpSync(fileURLToPath(new URL('../fixtures/graph/ts-locals', import.meta.url)), root, { recursive: true });
  const index = new LocalIndex(root);
  assert.ok((await index.run({})).ok);
  const members = () => [...index.graph!.nodes.keys()].filter((id) => id.startsWith('src/codec.ts::method::'));
  assert.deepEqual(members(), ['src/codec.ts::method::Codec.encode::5', 'src/codec.ts::method::Codec.tick::6']);

  // `Serialize` becomes a string: codec.ts is unchanged, yet Codec.encode is no method any more.
  const lib = join(root, 'src/lib.ts');
  touch(lib, readFileSync(lib, 'utf8').replace('export type Serialize = (value: unknown) => string;', 'export type Serialize = string;'));
  const again = await index.run({});
  assert.ok(again.ok);
  assert.equal(again.report.parsed, 1);
  assert.deepEqual(members(), ['src/codec.ts::method::Codec.tick::6']);
  const fresh = new LocalIndex(root);
  assert.ok((await fresh.run({})).ok);
  assert.deepEqual(shape(index.graph!), shape(fresh.graph!));
});
