// The closing table of `npm run eval:calls`: one row per corpus (the graph's P/R/F1, definition
// coverage and ERROR share, the peer's P/R/F1 beside), then each half in aggregate. A held-out
// corpus gets no row unless `--show-held-out`: that half is read only in aggregate, so no work
// can tune to one of its corpora.
import type { Half } from './corpora.ts';

export interface Score {
  hit: number;
  edges: number;
  truth: number;
}

export interface CorpusRow {
  label: string;
  source: string;
  language: 'ts' | 'python';
  half: Half;
  files: number;
  ours: Score;
  peer?: Score;
  /** Called definitions that are graph nodes, of those the resolver names. */
  coverage: { covered: number; called: number };
  /** Share of the source extraction left in ERROR, TypeScript/JavaScript only. */
  errorShare?: number;
  /**
   * Per resolution kind: the graph's cross-file keys (`caller|file|name`), those the truth holds,
   * and the confidences stated on them; and its edges by the node reached (`targets`), those
   * reaching a declaration the truth names for that caller file (`exact`: a wrong one of two
   * same-named declarations in one file is a hit by key, a miss here).
   */
  byKind: Record<string, { all: number; hit: number; targets: number; exact: number; stated: number[] }>;
}

const precision = (s: Score) => (s.edges ? s.hit / s.edges : 1);
const recall = (s: Score) => (s.truth ? s.hit / s.truth : 1);
const f1 = (s: Score) => {
  const p = precision(s);
  const r = recall(s);
  return p + r ? (2 * p * r) / (p + r) : 0;
};
const fixed = (n: number | undefined, digits = 3) => (n === undefined ? '-' : n.toFixed(digits));

function scoreCells(s: Score | undefined): string[] {
  return s ? [fixed(precision(s)), fixed(recall(s)), fixed(f1(s))] : ['-', '-', '-'];
}

function markdown(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const meetsTargets = (s: Score) => precision(s) >= 0.95 && recall(s) >= 0.85;

function aggregateRow(name: string, rows: CorpusRow[], pick: (r: CorpusRow) => Score | undefined): string[] {
  const scores = rows.map(pick).filter((s): s is Score => s !== undefined);
  if (!scores.length) return [name, '0', '-', '-', '-', '-', '-', '-', '-'];
  const sum = scores.reduce((a, s) => ({ hit: a.hit + s.hit, edges: a.edges + s.edges, truth: a.truth + s.truth }), { hit: 0, edges: 0, truth: 0 });
  const mean = (f: (s: Score) => number) => scores.reduce((a, s) => a + f(s), 0) / scores.length;
  return [
    name,
    String(scores.length),
    ...scoreCells(sum),
    fixed(mean(precision)),
    fixed(mean(recall)),
    fixed(mean(f1)),
    `${scores.filter(meetsTargets).length}`,
  ];
}

/**
 * The groups the closing table sums, one per half and language, named as the table prints them.
 * An aggregate of one held-out corpus would be that corpus's own figures, so such a group is
 * left out unless held-out corpora are shown.
 */
function* halfGroups(rows: CorpusRow[], showHeldOut: boolean, keep: (r: CorpusRow) => boolean = () => true): Generator<{ name: string; group: CorpusRow[] }> {
  for (const half of ['development', 'held-out'] as const) {
    for (const language of ['ts', 'python'] as const) {
      const group = rows.filter((r) => r.half === half && r.language === language && keep(r));
      if (!group.length || (half === 'held-out' && group.length < 2 && !showHeldOut)) continue;
      yield { name: `${half} ${language === 'ts' ? 'TS/JS' : 'Python'}`, group };
    }
  }
}

export function printTable(rows: CorpusRow[], showHeldOut: boolean, print: (line: string) => void): void {
  const shown = rows.filter((r) => showHeldOut || r.half === 'development');
  print('');
  if (shown.length) {
    print(`Per corpus (${showHeldOut ? 'both halves' : 'development half; held-out only in aggregate below'}):`);
    print(
      markdown(
        ['corpus', 'version', 'lang', 'half', 'files', 'P', 'R', 'F1', 'def. coverage', 'ERROR %', 'peer P', 'peer R', 'peer F1'],
        shown.map((r) => [
          r.label,
          r.source,
          r.language === 'ts' ? 'TS/JS' : 'Python',
          r.half,
          String(r.files),
          ...scoreCells(r.ours),
          r.coverage.called ? fixed(r.coverage.covered / r.coverage.called) : '-',
          r.errorShare === undefined ? '-' : fixed(100 * r.errorShare, 2),
          ...scoreCells(r.peer),
        ]),
      ),
    );
    print('');
  }
  print('Per half, in aggregate (micro: summed edges; macro: mean over corpora; "at target": P >= 0.95 and R >= 0.85):');
  const aggregates: string[][] = [];
  for (const { name, group } of halfGroups(rows, showHeldOut)) {
    aggregates.push(aggregateRow(`${name}, graph`, group, (r) => r.ours));
    aggregates.push(aggregateRow(`${name}, peer`, group, (r) => r.peer));
  }
  print(markdown(['half', 'corpora', 'micro P', 'micro R', 'micro F1', 'macro P', 'macro R', 'macro F1', 'at target'], aggregates));
  // Precision per resolution kind per half and language, summed, beside the confidence the graph
  // states for the kind: what a confidence should mean (docs/graph-format.md §Confidence).
  print('');
  print(
    'Per resolution kind, in aggregate (cross-file edges by caller file, callee file and name; target edges by caller file and node reached, right when it is a declaration the truth names; stated: the confidences the graph gives that kind):',
  );
  const kindRows: string[][] = [];
  for (const { name, group } of halfGroups(rows, showHeldOut)) {
    const sums = new Map<string, { all: number; hit: number; targets: number; exact: number; stated: Set<number> }>();
    for (const r of group)
      for (const [kind, k] of Object.entries(r.byKind)) {
        const sum = sums.get(kind) ?? { all: 0, hit: 0, targets: 0, exact: 0, stated: new Set<number>() };
        sum.all += k.all;
        sum.hit += k.hit;
        sum.targets += k.targets;
        sum.exact += k.exact;
        for (const c of k.stated) sum.stated.add(c);
        sums.set(kind, sum);
      }
    for (const [kind, sum] of sums)
      kindRows.push([
        name,
        kind,
        String(sum.all),
        fixed(sum.hit / sum.all),
        String(sum.targets),
        sum.targets ? fixed(sum.exact / sum.targets) : '-',
        [...sum.stated].sort().join(', '),
      ]);
  }
  print(markdown(['half', 'kind', 'edges', 'precision', 'target edges', 'target precision', 'stated'], kindRows));
  // Definition coverage per half, summed: the held-out half's only in aggregate, like its scores.
  for (const { name, group } of halfGroups(rows, showHeldOut, (r) => r.coverage.called > 0)) {
    const covered = group.reduce((a, r) => a + r.coverage.covered, 0);
    const called = group.reduce((a, r) => a + r.coverage.called, 0);
    const atTarget = group.filter((r) => r.coverage.covered / r.coverage.called >= 0.98).length;
    print(`${name}: definition coverage ${fixed(covered / called)} (${covered} of ${called}), at or above 0.98 on ${atTarget} of ${group.length} corpora`);
  }
  // The ERROR share left after recovery per half: its worst corpus and how many are within 0.5%.
  for (const { name, group } of halfGroups(rows, showHeldOut, (r) => r.errorShare !== undefined)) {
    const worst = Math.max(...group.map((r) => r.errorShare!));
    const within = group.filter((r) => r.errorShare! <= 0.005).length;
    print(`${name}: source left in ERROR after recovery at most ${fixed(100 * worst, 2)}% on a corpus, within 0.5% on ${within} of ${group.length} corpora`);
  }
  const compared = rows.filter((r) => r.peer);
  if (compared.length) {
    for (const half of ['development', 'held-out'] as const) {
      const group = compared.filter((r) => r.half === half);
      if (half === 'held-out' && group.length < 2 && !showHeldOut) continue;
      if (group.length)
        print(`${half}: graph F1 at or above the peer's on ${group.filter((r) => f1(r.ours) >= f1(r.peer!)).length} of ${group.length} corpora`);
    }
  }
}
