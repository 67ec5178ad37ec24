// `npm run eval:calls`: precision and recall of the graph's cross-file `calls` edges against a
// resolver's own answers (SPEC §init_workspace): the TypeScript checker for TypeScript and
// JavaScript (ts-checker-truth.ts), jedi's `goto` for Python (jedi-truth.py, run by Debian's
// /usr/bin/python3 with Debian's python3-jedi). Edges are compared as (caller file, callee file, callee name); precision and
// recall are printed per corpus and per resolution kind (the `via` of the graph's edges).
// Two more figures per corpus: the share of the TypeScript/JavaScript source the grammar leaves
// in ERROR nodes (parse-errors.ts), and definition coverage: of the corpus definitions the
// resolver says calls reach (same-file calls too), the share the graph holds as a node of
// that name in that file spanning the declaration's line.
// `--verbose` lists false positives, misses and uncovered definitions; `--only <label>[,<label>...]`
// runs those corpora; `--errors-only` prints the ERROR share alone (no resolver run).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalIndex } from '../../core/index/local-index.ts';
import { readTsPaths } from '../../core/index/tsconfig-paths.ts';
import { checkerTruth, type CalledDefinition } from './ts-checker-truth.ts';
import { formatShare, parseErrorShare } from './parse-errors.ts';
import type { CodeGraph } from '../../core/index/graph-types.ts';
import { corpora, type Corpus } from './corpora.ts';

type Key = string;

const CONFIDENCE_LABEL: Record<string, string> = {
  '1': 'same file',
  '0.95': 'import',
  '0.9': 'base class',
  '0.85': 'unlisted export',
  '0.5': 'fallback (1 candidate)',
  '0.3': 'fallback (2 candidates)',
};

function pythonTruth(root: string, callers: string[]): { truth: Set<Key>; callSites: number; outsideModel: number; called: Map<Key, CalledDefinition> } {
  const out = execFileSync('/usr/bin/python3', [join(here, 'scripts/eval/jedi-truth.py'), root, ...callers], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const parsed = JSON.parse(out) as { truth: string[]; called: string[]; callSites: number; outsideModel: number };
  const called = new Map<Key, CalledDefinition>();
  for (const key of parsed.called) {
    const [file, name, line] = key.split('|');
    called.set(key, { file: file!, name: name!, lines: [Number(line)], kind: 'function or class' });
  }
  return { truth: new Set(parsed.truth), callSites: parsed.callSites, outsideModel: parsed.outsideModel, called };
}

/** What extraction left in ERROR after its recovery (FileExtraction.unparsed), over `files`. */
function leftUnread(index: LocalIndex, files: string[]): string {
  const measured = new Set(files);
  let chars = 0;
  let total = 0;
  let partial = 0;
  for (const e of index.extractions()) {
    if (!measured.has(e.file)) continue;
    total += readFileSync(join(index.root, e.file), 'utf8').length;
    if (e.unparsed) {
      chars += e.unparsed.chars;
      partial++;
    }
  }
  return `after recovery ${total ? ((100 * chars) / total).toFixed(2) : '0.00'}% left in ERROR (${chars} chars), ${partial} files partial`;
}

/** The called definitions the graph holds: a node of that file whose last name part is the name and whose lines span one of the declaration's. */
function definitionCoverage(graph: CodeGraph, called: Map<Key, CalledDefinition>): { covered: number; missing: CalledDefinition[] } {
  const byFileName = new Map<string, Array<{ startLine: number; endLine: number }>>();
  for (const node of graph.nodes.values()) {
    if (node.type === 'file') continue;
    const key = `${node.file}|${node.name.split('.').at(-1)}`;
    let spans = byFileName.get(key);
    if (!spans) byFileName.set(key, (spans = []));
    spans.push(node);
  }
  const missing: CalledDefinition[] = [];
  for (const def of called.values()) {
    const spans = byFileName.get(`${def.file}|${def.name}`) ?? [];
    if (!def.lines.some((line) => spans.some((s) => s.startLine <= line && line <= s.endLine))) missing.push(def);
  }
  return { covered: called.size - missing.length, missing };
}

async function evaluate(corpus: Corpus): Promise<void> {
  const root = corpus.root;
  if (!root) {
    console.log(`${corpus.label}: skipped, not installed`);
    return;
  }
  const index = new LocalIndex(root);
  const started = performance.now();
  const result = await index.run({ include: corpus.include, budgetMs: Number.POSITIVE_INFINITY });
  if (!result.ok) throw new Error(result.cause);
  const indexMs = performance.now() - started;
  const graph = index.graph!;
  const files = [...graph.componentsByFile.keys()].filter((f) => !f.endsWith('.d.ts')).sort();
  const errors =
    corpus.language === 'ts' ? `; grammar alone: ${formatShare(await parseErrorShare(root, files), files.length)}; ${leftUnread(index, files)}` : '';
  if (process.argv.includes('--errors-only')) {
    console.log(`${corpus.label}${corpus.half ? ` (${corpus.half})` : ''}: ${files.length} files${errors}`);
    return;
  }
  const callers = corpus.sampleEvery ? files.filter((_, i) => i % corpus.sampleEvery! === 0) : files;
  const callerSet = new Set(callers);
  const ours = new Map<Key, string>();
  for (const edge of graph.edges) {
    if (edge.type !== 'calls') continue;
    const from = graph.nodes.get(edge.from)!;
    const to = graph.nodes.get(edge.to)!;
    if (from.file === to.file || !callerSet.has(from.file)) continue;
    // `super(...)` and `new X()` reach the constructor, which the checker names by its class.
    const parts = to.name.split('.');
    const name = parts.at(-1) === 'constructor' && parts.length > 1 && corpus.language === 'ts' ? parts.at(-2)! : parts.at(-1)!;
    const key = `${from.file}|${to.file}|${name}`;
    const kind = (edge as { via?: string }).via ?? CONFIDENCE_LABEL[String(edge.confidence)] ?? String(edge.confidence);
    // Per key, the most certain kind among the edges that make it.
    const previous = ours.get(key);
    if (previous === undefined || kindRank(kind) < kindRank(previous)) ours.set(key, kind);
  }
  const tsPaths = readTsPaths(root);
  const paths = { ...(tsPaths ? Object.fromEntries(tsPaths.paths.map((p) => [p.pattern, p.targets])) : {}), ...corpus.paths };
  const { truth, callSites, outsideModel, called } =
    corpus.language === 'python'
      ? pythonTruth(root, callers)
      : checkerTruth(root, files, Object.keys(paths).length ? { paths, baseUrl: tsPaths ? join(root, tsPaths.baseUrl) : root } : {});
  const hit = [...ours.keys()].filter((k) => truth.has(k)).length;
  const precision = ours.size ? hit / ours.size : 1;
  const recall = truth.size ? hit / truth.size : 1;
  const sample = corpus.sampleEvery ? `, callers sampled 1 in ${corpus.sampleEvery} (${callers.length} files)` : '';
  const coverage = definitionCoverage(graph, called);
  const half = corpus.half ? ` (${corpus.half})` : '';
  console.log(
    `${corpus.label}${half} [${corpus.style}]: ${files.length} files${sample}, ${callSites} call sites, indexed in ${Math.round(indexMs)} ms${errors}`,
  );
  console.log(
    `  definition coverage ${called.size ? (coverage.covered / called.size).toFixed(3) : '-'} (${coverage.covered} of ${called.size} called definitions are graph nodes)`,
  );
  if (coverage.missing.length) {
    const byKind = new Map<string, number>();
    for (const d of coverage.missing) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
    console.log(
      `    not nodes, by declaration: ${[...byKind]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  }
  console.log(
    `  truth ${truth.size} cross-file edges (${outsideModel} calls reached corpus declarations the graph does not model); graph ${ours.size}, matching ${hit}`,
  );
  console.log(`  precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
  const byKind = new Map<string, { all: number; hit: number }>();
  for (const [key, kind] of ours) {
    const row = byKind.get(kind) ?? { all: 0, hit: 0 };
    row.all++;
    if (truth.has(key)) row.hit++;
    byKind.set(kind, row);
  }
  const rows = [...byKind]
    .sort(([a], [b]) => kindRank(a) - kindRank(b))
    .map(([k, r]) => `${k} P ${(r.hit / r.all).toFixed(3)} (${r.hit}/${r.all}), R share ${truth.size ? (r.hit / truth.size).toFixed(3) : '-'}`);
  for (const row of rows) console.log(`    ${row}`);
  if (process.argv.includes('--verbose')) {
    for (const k of [...ours.keys()].filter((k) => !truth.has(k)).slice(0, Number(process.env.EVAL_LIST ?? 60)))
      console.log(`  false positive (${ours.get(k)}): ${k}`);
    for (const k of [...truth].filter((k) => !ours.has(k)).slice(0, Number(process.env.EVAL_LIST ?? 60))) console.log(`  missed: ${k}`);
    for (const d of coverage.missing.slice(0, Number(process.env.EVAL_LIST ?? 60)))
      console.log(`  not a node (${d.kind}): ${d.file}|${d.name}|${d.lines.join(',')}`);
  }
}

const KIND_ORDER = ['same file', 'own class', 'import', 'declared type', 'base class', 'unlisted export', 'fallback (1 candidate)', 'fallback (2 candidates)'];
function kindRank(kind: string): number {
  const i = KIND_ORDER.indexOf(kind);
  return i === -1 ? KIND_ORDER.length : i;
}

const here = resolve(new URL('../..', import.meta.url).pathname);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
for (const corpus of corpora(here)) {
  if (only && !only.split(',').includes(corpus.label)) continue;
  await evaluate(corpus);
}
