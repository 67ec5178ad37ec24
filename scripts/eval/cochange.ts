// eval:cochange (SPEC §predict_cochanges): how well git-history co-change predicts the rest of a commit.
//   node --import tsx scripts/eval/cochange.ts [repo] [--seed N]
// For each of the repository's newest 100 non-merge commits touching 2-30 files, query with one
// of its files that existed before (status M, picked by the commit's hash) using only the 500
// commits before it (`git log <commit>^`), and score recall@10 of the commit's other files for:
//   directional  the spec's confidence, P(candidate | query) = co / n(query)  (the tool's ranking,
//                via the same scoreCochanges / rankCochanges code);
//   co/min       co / min(n(query), n(candidate))  (symmetric, favours rarely changed files);
//   co/max       co / max(n(query), n(candidate))  (symmetric, a Jaccard-like coupling strength).
// n counts commits in the window that touch at most 30 files, as the miner does; lockfiles and
// generated files are neither candidates nor expected. Default repository: the synthetic Django
// history of scripts/eval/synthetic-cochange-repo.ts (--seed picks another draw of the model).
// recall@5 is printed beside recall@10: with few co-changing candidates per file, the top 10
// often holds all of them whatever the order, and @5 shows whether the order matters.
import { runGit } from '../../core/git/run-git.ts';
import { readCommitHistory, type HistoryCommit } from '../../core/git/commit-history.ts';
import { COCHANGE_MAX_COMMITS, COCHANGE_MAX_FILES_PER_COMMIT, rankCochanges, scoreCochanges } from '../../core/git/git-cochange.ts';
import { isLockfileOrGenerated } from '../../core/git/generated-files.ts';
import { syntheticCochangeRepo } from './synthetic-cochange-repo.ts';

const QUERIES = 100;
const K = 10;
const KS = [10, 5];

interface TargetCommit {
  sha: string;
  entries: { status: string; path: string }[];
}

/** Newest commits first, each with its name-status entries (new name for renames and copies). */
async function recentCommits(repo: string, count: number): Promise<TargetCommit[]> {
  const result = await runGit(repo, ['log', '--no-merges', '-M', '--name-status', '-z', '--format=%x01%H', `--max-count=${count}`]);
  if (!result.ok) throw new Error(result.line);
  const commits: TargetCommit[] = [];
  const tokens = result.stdout.split('\0').map((t) => (t.startsWith('\n') ? t.slice(1) : t));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.startsWith('\x01')) commits.push({ sha: token.slice(1), entries: [] });
    else if (token !== '') {
      const pairs = token[0] === 'R' || token[0] === 'C';
      const path = pairs ? tokens[(i += 2)] : tokens[++i];
      commits[commits.length - 1].entries.push({ status: token[0], path });
    }
  }
  return commits;
}

/** A ranking of the candidates, best first, at most K. */
type Scorer = (co: Map<string, number>, nQuery: number, n: Map<string, number>) => string[];

function topBy(co: Map<string, number>, score: (file: string, c: number) => number): string[] {
  return [...co]
    .map(([file, c]) => ({ file, c, s: score(file, c) }))
    .sort((a, b) => b.s - a.s || b.c - a.c || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .slice(0, K)
    .map((x) => x.file);
}

const SCORERS: Record<string, Scorer> = {
  'directional (spec confidence)': (co, nq) => rankCochanges(co, nq, 0, K).predictions.map((p) => p.file),
  'co/min (symmetric)': (co, nq, n) => topBy(co, (f, c) => c / Math.min(nq, n.get(f)!)),
  'co/max (symmetric)': (co, nq, n) => topBy(co, (f, c) => c / Math.max(nq, n.get(f)!)),
  'directional, tool default threshold 0.3': (co, nq) => rankCochanges(co, nq, 0.3, K).predictions.map((p) => p.file),
};

function commitCounts(commits: HistoryCommit[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const commit of commits) {
    if (commit.size > COCHANGE_MAX_FILES_PER_COMMIT) continue;
    for (const f of commit.files) n.set(f, (n.get(f) ?? 0) + 1);
  }
  return n;
}

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt === -1 ? undefined : Number(args.splice(seedAt, 2)[1]);
const repo = args[0] ?? syntheticCochangeRepo(seed);
const started = performance.now();
const candidates = (await recentCommits(repo, 2000)).filter((c) => c.entries.length >= 2 && c.entries.length <= COCHANGE_MAX_FILES_PER_COMMIT);
const recall: Record<string, number[]>[] = KS.map(() => Object.fromEntries(Object.keys(SCORERS).map((name) => [name, []])));
let skipped = 0;
let noHistory = 0;
let used = 0;
for (const target of candidates) {
  if (used === QUERIES) break;
  const modified = target.entries.filter((e) => e.status === 'M' && !isLockfileOrGenerated(e.path)).map((e) => e.path);
  if (modified.length === 0) {
    skipped++;
    continue;
  }
  const query = modified[parseInt(target.sha.slice(0, 8), 16) % modified.length];
  const expected = new Set(target.entries.filter((e) => e.status !== 'D' && e.path !== query && !isLockfileOrGenerated(e.path)).map((e) => e.path));
  if (expected.size === 0) {
    skipped++;
    continue;
  }
  used++;
  const history = await readCommitHistory(repo, { maxCommits: COCHANGE_MAX_COMMITS, rev: `${target.sha}^` });
  if (!history.ok) throw new Error(history.failure.line);
  const { counts, givenCommits } = scoreCochanges(history.commits, new Set([query]), (f) => !isLockfileOrGenerated(f));
  if (givenCommits === 0) noHistory++;
  const n = commitCounts(history.commits);
  for (const [name, scorer] of Object.entries(SCORERS)) {
    const top = givenCommits === 0 ? [] : scorer(counts, givenCommits, n);
    KS.forEach((k, i) => recall[i][name].push(top.slice(0, k).filter((f) => expected.has(f)).length / expected.size));
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.log(`eval:cochange on ${repo}`);
console.log(
  `  ${used} queries (newest commits touching 2-${COCHANGE_MAX_FILES_PER_COMMIT} files; ${skipped} skipped with no earlier-existing file or nothing else to predict; ${noHistory} queries whose file had no usable earlier commit)`,
);
KS.forEach((k, i) => {
  const directional = recall[i]['directional (spec confidence)'];
  for (const [name, values] of Object.entries(recall[i])) {
    let wins = 0;
    let losses = 0;
    values.forEach((v, q) => (directional[q] > v ? wins++ : directional[q] < v ? losses++ : 0));
    const paired = name.startsWith('directional') ? '' : `   directional better on ${wins}, worse on ${losses} queries`;
    console.log(`  recall@${String(k).padEnd(2)} ${name.padEnd(40)} ${mean(values).toFixed(3)}${paired}`);
  }
});
const directional10 = mean(recall[0]['directional (spec confidence)']);
const best = Math.max(mean(recall[0]['co/min (symmetric)']), mean(recall[0]['co/max (symmetric)']));
console.log(
  `  target (recall@${K}): directional >= both symmetric scores: ${directional10 >= best ? 'met' : 'NOT met'} (${directional10.toFixed(3)} vs best symmetric ${best.toFixed(3)}); ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
