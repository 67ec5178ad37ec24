// The index's work on the server's thread in time slices (core/index/extract/time-slices.ts):
// with slices of 0 ms every check pauses, and extraction (a resumed parse, handlers yielding
// through long lists) and resolution (buildGraphInSlices) still give exactly what one
// uninterrupted call gives. And the helpers that keep extraction linear give tree-sitter's and
// the old regexes' answers: Ancestry's parents are node.parent, ReceiverTexts' receivers are
// the whitespace-dropping regex's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'web-tree-sitter';
import { extractSource } from '../../core/index/extract/extract-file.ts';
import { grammarForPath, parserFor } from '../../core/index/extract/grammar-loader.ts';
import { Ancestry } from '../../core/index/extract/ancestry.ts';
import { ReceiverTexts } from '../../core/index/extract/languages/source-text.ts';
import { TimeSlicer } from '../../core/index/extract/time-slices.ts';
import { buildGraph, buildGraphInSlices } from '../../core/index/build-graph.ts';
import { graphJsonLines } from '../../core/index/graph-jsonl.ts';
import { ModuleResolver } from '../../core/index/module-resolver.ts';
import type { FileExtraction } from '../../core/index/extract-types.ts';
import { LocalIndex } from '../../core/index/local-index.ts';
import { extractFiles } from '../../core/index/extract/index.ts';
import { HOSTILE_LIB, HOSTILE_SHAPES } from '../helpers/hostile-sources.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/graph/', import.meta.url));

/** The fixture trees' files and each hostile shape at a small size. */
function sources(): Array<{ file: string; source: string }> {
  const out: Array<{ file: string; source: string }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (grammarForPath(name)) out.push({ file: relative(FIXTURES, path), source: readFileSync(path, 'utf8') });
    }
  };
  walk(FIXTURES);
  for (const [file, source] of Object.entries(HOSTILE_LIB)) out.push({ file: `hostile/${file}`, source });
  for (const shape of Object.values(HOSTILE_SHAPES)) out.push({ file: `hostile/${shape.file}`, source: shape.source(300) });
  return out;
}

test('extraction in 0 ms slices pauses and gives the extraction one uninterrupted call gives', async () => {
  const slicer = new TimeSlicer(0);
  for (const { file, source } of sources()) {
    const whole = await extractSource(file, source);
    const sliced = await extractSource(file, source, slicer);
    assert.deepEqual(sliced, whole, file);
  }
  assert.ok(slicer.pauses > 100, `${slicer.pauses} pauses`);
});

test('the resolution pass in 0 ms slices pauses and builds the graph buildGraph builds', async () => {
  const extractions: FileExtraction[] = [];
  for (const { file, source } of sources()) extractions.push(await extractSource(file, source));
  const resolver = () =>
    new ModuleResolver(
      extractions.map((e) => e.file),
      undefined,
    );
  const slicer = new TimeSlicer(0);
  const sliced = await buildGraphInSlices(extractions, resolver(), slicer);
  assert.deepEqual(graphJsonLines(sliced), graphJsonLines(buildGraph(extractions, resolver())));
  assert.ok(slicer.pauses >= extractions.length, `${slicer.pauses} pauses`);
});

/** Every node of a tree in document order (a stack of its own: the hostile trees are deep). */
function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  const pending: Node[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    out.push(node);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) pending.push(children[i]!);
  }
  return out;
}

test("Ancestry's parent of each node, asked in document order and again, is tree-sitter's node.parent", async () => {
  for (const { file, source } of sources().filter((s) => s.file.startsWith('hostile/') || s.file.endsWith('.ts'))) {
    const parser = await parserFor(grammarForPath(file)!.grammar);
    const tree = parser.parse(source)!;
    try {
      const ancestry = new Ancestry(tree.rootNode);
      for (const node of allNodes(tree.rootNode)) {
        const parent = ancestry.parentOf(node);
        assert.equal(parent?.id, node.parent?.id, `${file}: the parent of ${node.type} at ${node.startIndex}`);
        // Asked again, and for its parent: both are on the path already.
        assert.equal(ancestry.parentOf(node)?.id, parent?.id);
        if (parent) assert.equal(ancestry.parentOf(parent)?.id, parent.parent?.id);
      }
    } finally {
      tree.delete();
    }
  }
});

/** What a receiver was before it was read char by char: the span with whitespace dropped, tested whole. */
function receiverByRegex(source: string, from: number, to: number, namePath: RegExp): string {
  let text = source.slice(from, to).replace(/\s+/g, '');
  text = text
    .replace(/(\?\.|\.|::)$/, '')
    .replace(/\?\./g, '.')
    .replace(/!/g, '');
  return namePath.test(text) ? text : '<expr>';
}

test('a receiver read char by char, its scan remembered per start, is the one the whole-span regex reads', () => {
  const source = 'this.a .b?.c!.d( x ).e::f  g.h.\n i.j(k)[0].l \u00a0m\u2028.n super ( ) . o café.p$#q';
  const paths = [/^[\w$#]+(\.[\w$#]+)*$/, /^[A-Za-z_]\w*((\.|::)[A-Za-z_]\w*)*$/, /^[\p{ID_Start}_][\p{ID_Continue}]*(\.[\p{ID_Start}_][\p{ID_Continue}]*)*$/u];
  for (const namePath of paths) {
    const texts = new ReceiverTexts(source);
    // Every span, each start's ends rising (as a chain's calls ask), then falling.
    for (let from = 0; from < source.length; from++) {
      const ends = Array.from({ length: source.length - from + 1 }, (_, i) => from + i);
      for (const to of [...ends, ...ends.reverse()]) {
        assert.equal(texts.read(from, to, namePath), receiverByRegex(source, from, to, namePath), `${JSON.stringify(source.slice(from, to))} with ${namePath}`);
      }
    }
  }
});

test("no step of the resolution pass reads every file's definitions: the symbol table makes a file's names when first asked", async () => {
  // Files that define names and call only their own, as most of a large workspace's files do.
  const files = 400;
  let readSincePause = new Set<string>();
  let mostInOneStep = 0;
  const extractions = Array.from({ length: files }, (_, i): FileExtraction => {
    const definitions = Array.from({ length: 5 }, (_, d) => ({
      kind: 'function',
      name: `f${d}`,
      startLine: d * 2 + 1,
      endLine: d * 2 + 2,
      parent: null,
      exported: true,
    }));
    return {
      file: `pkg${i % 20}/mod${i}.py`,
      language: 'python',
      get definitions() {
        readSincePause.add(this.file);
        return definitions;
      },
      imports: [],
      exports: [],
      calls: [{ callee: 'f1', line: 2, enclosing: 0 }],
      heritage: [],
    } as FileExtraction;
  });
  class StepCounter extends TimeSlicer {
    override async pause(): Promise<void> {
      mostInOneStep = Math.max(mostInOneStep, readSincePause.size);
      readSincePause = new Set();
      return super.pause();
    }
  }
  const slicer = new StepCounter(0);
  const graph = await buildGraphInSlices(
    extractions,
    new ModuleResolver(
      extractions.map((e) => e.file),
      undefined,
    ),
    slicer,
  );
  mostInOneStep = Math.max(mostInOneStep, readSincePause.size);
  assert.equal(graph.stats.byOutcome.same_file, files, 'each file resolved its own call');
  assert.ok(mostInOneStep <= 2, `one step read the definitions of ${mostInOneStep} of ${files} files`);
});

test('an index run reports the longest its thread was held, whatever held it', async () => {
  const index = new LocalIndex(join(FIXTURES, 'ts-esm'));
  const held = 150;
  const result = await index.run({
    extract: (root, files, options) => extractFiles(root, files, { ...options, workers: 0 }),
    onProgress: (done) => {
      if (done !== 2) return;
      // Something on the server's thread that does not yield, in the middle of the run.
      const until = performance.now() + held;
      while (performance.now() < until);
    },
  });
  assert.ok(result.ok, result.ok ? '' : result.cause);
  const { longestStallMs } = result.report.mainThread;
  assert.ok(longestStallMs >= held, `longest stall ${longestStallMs} ms`);
});
