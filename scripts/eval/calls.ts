// `npm run eval:calls`: precision and recall of the graph's cross-file `calls` edges against a
// resolver's own answers (SPEC §init_workspace): the TypeScript checker for TypeScript and
// JavaScript (ts-checker-truth.ts), jedi's `goto` for Python (jedi-truth.py, run by Debian's
// /usr/bin/python3 with Debian's python3-jedi). Edges are compared as (caller file, callee file, callee name); precision and
// recall are printed per corpus and per resolution kind (the `via` of the graph's edges).
// Two more figures per corpus: the share of the TypeScript/JavaScript source the grammar leaves
// in ERROR nodes (parse-errors.ts), and definition coverage: of the corpus definitions the
// resolver says calls reach (same-file calls too), the share the graph holds as a node of
// that name in that file spanning the declaration's line.
// All corpora are scored in one run and a closing table (calls-table.ts) gives each corpus and
// each half in aggregate; a `held-out` corpus prints nothing of its own unless `--show-held-out`.
// `--peer` scores @colbymchenry/codegraph (peer-codegraph.ts) against the same truth.
// `--verbose` lists false positives, misses and uncovered definitions; `--only <label>[,<label>...]`
// runs those corpora; `--half development|held-out` runs one half; `--errors-only` prints the
// ERROR share alone (no resolver run). The truth and the peer's edges are cached per corpus
// content (eval-cache.ts); `--no-cache` recomputes them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalIndex } from '../../core/index/local-index.ts';
import { readTsPaths } from '../../core/index/tsconfig-paths.ts';
import { checkerTruth, type CalledDefinition } from './ts-checker-truth.ts';
import { formatShare, parseErrorShare } from './parse-errors.ts';
import type { CodeGraph, GraphNode } from '../../core/index/graph-types.ts';
import { corpora, type Corpus } from './corpora.ts';
import { printTable, type CorpusRow } from './calls-table.ts';
import { cacheKey, EvalCache } from './eval-cache.ts';
import { peerEdges, peerVersion } from './peer-codegraph.ts';
import { countShapes, printShapes, type ShapeCounts } from './call-shapes.ts';

type Key = string;

const CONFIDENCE_LABEL: Record<string, string> = {
  '1': 'same file',
  '0.95': 'import',
  '0.9': 'base class',
  '0.85': 'unlisted export',
  '0.5': 'fallback (1 candidate)',
  '0.3': 'fallback (2 candidates)',
};

interface Truth {
  truth: Set<Key>;
  /** `caller|file|name|line`: which declaration of `name` a call reaches (ts-checker-truth.ts CheckerTruth.exact). */
  exact: Set<string>;
  callSites: number;
  outsideModel: number;
  called: Map<Key, CalledDefinition>;
}

function pythonTruth(root: string, callers: string[]): Truth {
  const out = execFileSync('/usr/bin/python3', [join(here, 'scripts/eval/jedi-truth.py'), root, ...callers], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const parsed = JSON.parse(out) as { truth: string[]; exact: string[]; called: string[]; callSites: number; outsideModel: number };
  const called = new Map<Key, CalledDefinition>();
  for (const key of parsed.called) {
    const [file, name, line] = key.split('|');
    called.set(key, { file: file!, name: name!, lines: [Number(line)], kind: 'function or class' });
  }
  return { truth: new Set(parsed.truth), exact: new Set(parsed.exact), callSites: parsed.callSites, outsideModel: parsed.outsideModel, called };
}

interface StoredTruth {
  truth: string[];
  exact: string[];
  callSites: number;
  outsideModel: number;
  called: Array<[Key, CalledDefinition]>;
}

/** The resolver's truth for the corpus, from the cache when the same files were asked the same question. */
function cachedTruth(corpus: Corpus, root: string, files: string[], callers: string[]): Truth {
  const tsPaths = readTsPaths(root);
  const paths = { ...(tsPaths ? Object.fromEntries(tsPaths.paths.map((p) => [p.pattern, p.targets])) : {}), ...corpus.paths };
  const options = Object.keys(paths).length ? { paths, baseUrl: tsPaths ? join(root, tsPaths.baseUrl) : root } : {};
  const script = corpus.language === 'python' ? 'jedi-truth.py' : 'ts-checker-truth.ts';
  const key = cacheKey(root, files, corpus.language, callers, options, readFileSync(join(here, 'scripts/eval', script), 'utf8'));
  let stored = cache.get<StoredTruth>('truth', corpus.label, key);
  if (!stored) {
    const computed = corpus.language === 'python' ? pythonTruth(root, callers) : checkerTruth(root, files, options);
    stored = {
      truth: [...computed.truth],
      exact: [...computed.exact],
      callSites: computed.callSites,
      outsideModel: computed.outsideModel,
      called: [...computed.called],
    };
    cache.set('truth', corpus.label, key, stored);
  }
  return {
    truth: new Set(stored.truth),
    exact: new Set(stored.exact),
    callSites: stored.callSites,
    outsideModel: stored.outsideModel,
    called: new Map(stored.called),
  };
}

/** The peer's cross-file call keys among the scored files, from the cache when it indexed the same files. */
function cachedPeer(corpus: Corpus, root: string, files: string[], callerSet: Set<string>): { keys: Set<Key>; indexMs: number | undefined } {
  const version = peerVersion(here)!;
  const key = cacheKey(root, files, corpus.language, version, readFileSync(join(here, 'scripts/eval/peer-codegraph.ts'), 'utf8'));
  let stored = cache.get<{ keys: string[]; indexMs: number }>('peer', corpus.label, key);
  const cached = stored !== undefined;
  if (!stored) {
    stored = peerEdges(here, root, corpus.language);
    cache.set('peer', corpus.label, key, stored);
  }
  const scored = new Set(files);
  const keys = stored.keys.filter((k) => {
    const [from, to] = k.split('|');
    return callerSet.has(from!) && scored.has(to!);
  });
  return { keys: new Set(keys), indexMs: cached ? undefined : stored.indexMs };
}

/** What extraction left in ERROR after its recovery (FileExtraction.unparsed), over `files`. */
function leftUnreadShare(index: LocalIndex, files: string[]): { chars: number; total: number; partial: number } {
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
  return { chars, total, partial };
}

function leftUnread(share: { chars: number; total: number; partial: number }): string {
  const { chars, total, partial } = share;
  return `after recovery ${total ? ((100 * chars) / total).toFixed(2) : '0.00'}% left in ERROR (${chars} chars), ${partial} files partial`;
}

/**
 * A node name's parts: its owners and its own name, split at the dots outside a computed key's
 * brackets (`DirFetcher.[_.tarballFromResolved]` is `DirFetcher` and `[_.tarballFromResolved]`,
 * the name the checker's declaration carries).
 */
function nameParts(name: string): string[] {
  const key = name.endsWith(']') ? name.lastIndexOf('[') : -1;
  if (key < 0 || (key > 0 && name[key - 1] !== '.')) return name.split('.');
  return [...(key > 0 ? name.slice(0, key - 1).split('.') : []), name.slice(key)];
}

/** The called definitions the graph holds: a node of that file whose last name part is the name and whose lines span one of the declaration's. */
function definitionCoverage(graph: CodeGraph, called: Map<Key, CalledDefinition>): { covered: number; missing: CalledDefinition[] } {
  const byFileName = new Map<string, Array<{ startLine: number; endLine: number }>>();
  for (const node of graph.nodes.values()) {
    if (node.type === 'file') continue;
    const key = `${node.file}|${nameParts(node.name).at(-1)}`;
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

/** Per resolution kind, the confidences the graph stated on the edges of that kind (every corpus). */
const statedConfidences = new Map<string, Set<number>>();

/** A graph edge's resolution kind with the confidence it is stated at (`import @0.95`). */
function edgeKind(edge: CodeGraph['edges'][number]): string {
  return `${(edge as { via?: string }).via ?? CONFIDENCE_LABEL[String(edge.confidence)] ?? 'edge'} @${edge.confidence}`;
}

/** Whether kind `a` is the more certain of two kinds a key or a target is reached by. */
function moreCertain(a: string, b: string | undefined): boolean {
  return b === undefined || statedOf(a) > statedOf(b) || (statedOf(a) === statedOf(b) && kindRank(a) < kindRank(b));
}

/** One caller file's cross-file edge to one graph node, with the most certain kind among the edges that make it. */
interface TargetEdge {
  kind: string;
  key: Key;
  startLine: number;
  endLine: number;
}

/**
 * The graph's cross-file call keys from the scored callers, each with the most certain kind among
 * the edges that make it, and the same edges by the node they reach (`caller file|node id`), which
 * the truth's declaration lines tell right from wrong where one file declares a name twice.
 */
function graphKeys(graph: CodeGraph, callerSet: Set<string>, language: Corpus['language']): { keys: Map<Key, string>; targets: Map<string, TargetEdge> } {
  const keys = new Map<Key, string>();
  const targets = new Map<string, TargetEdge>();
  const classes = new Map<string, GraphNode[]>();
  for (const node of graph.nodes.values()) {
    if (node.type !== 'class') continue;
    const named = `${node.file}|${node.name}`;
    const list = classes.get(named);
    if (list) list.push(node);
    else classes.set(named, [node]);
  }
  for (const edge of graph.edges) {
    if (edge.type !== 'calls') continue;
    const from = graph.nodes.get(edge.from)!;
    const to = graph.nodes.get(edge.to)!;
    if (from.file === to.file || !callerSet.has(from.file)) continue;
    // `super(...)` and `new X()` reach the constructor, which the checker names by its class.
    const parts = nameParts(to.name);
    const constructs = parts.at(-1) === 'constructor' && parts.length > 1 && language === 'ts';
    const name = constructs ? parts.at(-2)! : parts.at(-1)!;
    const key = `${from.file}|${to.file}|${name}`;
    // A kind with each confidence it is stated at apart (`import @0.95`, `import @0.85`): what
    // each stated confidence means is measured on its own edges.
    const kind = edgeKind(edge);
    let stated = statedConfidences.get(kind);
    if (!stated) statedConfidences.set(kind, (stated = new Set()));
    stated.add(edge.confidence);
    if (moreCertain(kind, keys.get(key))) keys.set(key, kind);
    const target = `${from.file}|${edge.to}`;
    // A constructor's call is its class's to the checker: the class's lines are the ones to find.
    const ofClass = constructs
      ? classes.get(`${to.file}|${parts.slice(0, -1).join('.')}`)?.find((c) => c.startLine <= to.startLine && to.endLine <= c.endLine)
      : undefined;
    const span = ofClass ?? to;
    if (moreCertain(kind, targets.get(target)?.kind)) targets.set(target, { kind, key, startLine: span.startLine, endLine: span.endLine });
  }
  return { keys, targets };
}

/** Whether a target edge reaches a declaration the truth says its caller file's calls of that name reach. */
function reachesDeclared(edge: TargetEdge, exact: Set<string>): boolean {
  for (let line = edge.startLine; line <= edge.endLine && line < edge.startLine + MAX_SPAN_LINES; line++) if (exact.has(`${edge.key}|${line}`)) return true;
  return false;
}

/** Lines of a node's span looked at for the declaration line (a decorator or comment above it at most). */
const MAX_SPAN_LINES = 8;

async function evaluate(corpus: Corpus): Promise<CorpusRow | undefined> {
  const root = corpus.root;
  const name = `${corpus.label}${corpus.source ? ` (${corpus.source})` : ''}`;
  if (!root) {
    console.log(`${name}: skipped, not installed (${corpus.style})`);
    return undefined;
  }
  // A held-out corpus is read only in aggregate: nothing of its own is printed.
  const show = corpus.half === 'development' || flag('--show-held-out');
  const say = (line: string) => {
    if (show) console.log(line);
  };
  const index = new LocalIndex(root);
  const started = performance.now();
  const result = await index.run({ include: corpus.include, budgetMs: Number.POSITIVE_INFINITY });
  if (!result.ok) throw new Error(result.cause);
  const indexMs = performance.now() - started;
  const graph = index.graph!;
  const files = [...graph.componentsByFile.keys()].filter((f) => !f.endsWith('.d.ts')).sort();
  const unread = corpus.language === 'ts' ? leftUnreadShare(index, files) : undefined;
  const errors = unread ? `; grammar alone: ${formatShare(await parseErrorShare(root, files), files.length)}; ${leftUnread(unread)}` : '';
  if (flag('--errors-only')) {
    say(`${name} (${corpus.half}): ${files.length} files${errors}`);
    return undefined;
  }
  const callers = corpus.sampleEvery ? files.filter((_, i) => i % corpus.sampleEvery! === 0) : files;
  const callerSet = new Set(callers);
  const { keys: ours, targets } = graphKeys(graph, callerSet, corpus.language);
  const { truth, exact, callSites, outsideModel, called } = cachedTruth(corpus, root, files, callers);
  const hit = [...ours.keys()].filter((k) => truth.has(k)).length;
  const precision = ours.size ? hit / ours.size : 1;
  const recall = truth.size ? hit / truth.size : 1;
  const sample = corpus.sampleEvery ? `, callers sampled 1 in ${corpus.sampleEvery} (${callers.length} files)` : '';
  const coverage = definitionCoverage(graph, called);
  if (!show) console.log(`${corpus.label}: held-out, scored (its figures are only in the aggregate)`);
  say(`${name} (${corpus.half}) [${corpus.style}]: ${files.length} files${sample}, ${callSites} call sites, indexed in ${Math.round(indexMs)} ms${errors}`);
  say(
    `  definition coverage ${called.size ? (coverage.covered / called.size).toFixed(3) : '-'} (${coverage.covered} of ${called.size} called definitions are graph nodes)`,
  );
  if (coverage.missing.length) {
    const byKind = new Map<string, number>();
    for (const d of coverage.missing) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
    say(
      `    not nodes, by declaration: ${[...byKind]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  }
  say(
    `  truth ${truth.size} cross-file edges (${outsideModel} calls reached corpus declarations the graph does not model); graph ${ours.size}, matching ${hit}`,
  );
  say(`  precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
  const byKind = new Map<string, { all: number; hit: number; targets: number; exact: number }>();
  const rowOf = (kind: string) => byKind.get(kind) ?? byKind.set(kind, { all: 0, hit: 0, targets: 0, exact: 0 }).get(kind)!;
  for (const [key, kind] of ours) {
    const row = rowOf(kind);
    row.all++;
    if (truth.has(key)) row.hit++;
  }
  for (const edge of targets.values()) {
    const row = rowOf(edge.kind);
    row.targets++;
    if (reachesDeclared(edge, exact)) row.exact++;
  }
  for (const [k, r] of [...byKind].sort(([a], [b]) => kindRank(a) - kindRank(b)))
    say(`    ${k} P ${(r.hit / r.all).toFixed(3)} (${r.hit}/${r.all}), R share ${truth.size ? (r.hit / truth.size).toFixed(3) : '-'}`);
  const halfKey = `${corpus.half} ${corpus.language === 'ts' ? 'TS/JS' : 'Python'}`;
  const counts = shapes.get(halfKey) ?? { missed: new Map(), extra: new Map(), uncovered: new Map() };
  shapes.set(halfKey, counts);
  const byFile = new Map(index.extractions().map((e) => [e.file, e]));
  countShapes(
    [...truth].filter((k) => !ours.has(k)),
    byFile,
    counts.missed,
  );
  countShapes(
    [...ours.keys()].filter((k) => !truth.has(k)),
    byFile,
    counts.extra,
  );
  for (const d of coverage.missing) counts.uncovered.set(d.kind, (counts.uncovered.get(d.kind) ?? 0) + 1);
  let peer: CorpusRow['peer'];
  if (flag('--peer')) {
    const run = cachedPeer(corpus, root, files, callerSet);
    const peerHit = [...run.keys].filter((k) => truth.has(k)).length;
    peer = { hit: peerHit, edges: run.keys.size, truth: truth.size };
    const timing = run.indexMs === undefined ? 'cached' : `indexed in ${Math.round(run.indexMs)} ms`;
    say(
      `  peer ${peerVersion(here)} (${timing}): ${run.keys.size} edges, matching ${peerHit}; precision ${(run.keys.size ? peerHit / run.keys.size : 1).toFixed(3)}  recall ${(truth.size ? peerHit / truth.size : 1).toFixed(3)}`,
    );
  }
  if (flag('--verbose') && show) {
    const limit = Number(process.env.EVAL_LIST ?? 60);
    for (const k of [...ours.keys()].filter((k) => !truth.has(k)).slice(0, limit)) console.log(`  false positive (${ours.get(k)}): ${k}`);
    const wrongDeclaration = [...targets].filter(([, edge]) => truth.has(edge.key) && !reachesDeclared(edge, exact));
    for (const [target, edge] of wrongDeclaration.slice(0, limit)) console.log(`  another declaration of the name (${edge.kind}): ${target}`);
    for (const k of [...truth].filter((k) => !ours.has(k)).slice(0, limit)) {
      const forms: ShapeCounts = new Map();
      countShapes([k], byFile, forms);
      console.log(`  missed: ${k} (${[...forms.keys()].join('; ') || 'no call site of that name'})`);
    }
    for (const d of coverage.missing.slice(0, limit)) console.log(`  not a node (${d.kind}): ${d.file}|${d.name}|${d.lines.join(',')}`);
  }
  return {
    label: corpus.label,
    source: corpus.source ?? 'root devDependency',
    language: corpus.language,
    half: corpus.half,
    files: files.length,
    ours: { hit, edges: ours.size, truth: truth.size },
    ...(peer ? { peer } : {}),
    coverage: { covered: coverage.covered, called: called.size },
    byKind: Object.fromEntries([...byKind].map(([k, r]) => [k, { ...r, stated: [...(statedConfidences.get(k) ?? [])].sort() }])),
    ...(unread ? { errorShare: unread.total ? unread.chars / unread.total : 0 } : {}),
  };
}

const KIND_ORDER = ['same file', 'own class', 'import', 'declared type', 'base class', 'unlisted export', 'fallback (1 candidate)', 'fallback (2 candidates)'];
/** The confidence a kind label states (`import @0.95` is 0.95). */
function statedOf(label: string): number {
  return Number(label.slice(label.lastIndexOf('@') + 1));
}

function kindRank(label: string): number {
  const kind = label.slice(0, label.lastIndexOf(' @'));
  const i = KIND_ORDER.indexOf(kind);
  return i === -1 ? KIND_ORDER.length : i;
}

const here = resolve(new URL('../..', import.meta.url).pathname);
const flag = (name: string) => process.argv.includes(name);
const option = (name: string) => (flag(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const evalModules = join(here, 'scripts/eval/corpora/node_modules');
const cache = new EvalCache(flag('--no-cache') || !existsSync(evalModules) ? undefined : join(evalModules, '.cache/metabob-eval'));
if (flag('--peer') && !peerVersion(here)) throw new Error('eval_not_installed: --peer needs `npm run eval:install` (scripts/eval/corpora)');
const only = option('--only')?.split(',');
const half = option('--half');
const runStarted = performance.now();
const shapes = new Map<string, { missed: ShapeCounts; extra: ShapeCounts; uncovered: ShapeCounts }>();
const rows: CorpusRow[] = [];
for (const corpus of corpora(here)) {
  if (only && !only.includes(corpus.label)) continue;
  if (half && corpus.half !== half) continue;
  const row = await evaluate(corpus);
  if (row) rows.push(row);
}
if (rows.length) printTable(rows, flag('--show-held-out'), (line) => console.log(line));
if (shapes.size) printShapes(shapes, (line) => console.log(line));
console.log(`\n${rows.length} corpora scored in ${Math.round((performance.now() - runStarted) / 1000)} s`);
