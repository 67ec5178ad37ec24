// predict_cochanges against the bare `git log` it runs (target: within 1.5x).
//   node --import tsx scripts/bench/cochange.ts [repo]
// Default repository: the synthetic Django history of scripts/eval/synthetic-cochange-repo.ts
// (built offline on first use). Three timings per query file, interleaved, medians reported:
//   bare   the exact `git log` arguments the miner runs, spawned from Node, output drained;
//   miner  mineGitCochanges (rev-parse beside the log, streaming parse, scoring);
//   tool   predict_cochanges through the call boundary (validation, _meta, findings block).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyLogArgs, readCommitHistory } from '../../core/git/commit-history.ts';
import { COCHANGE_MAX_COMMITS, mineGitCochanges } from '../../core/git/git-cochange.ts';
import { syntheticCochangeRepo } from '../eval/synthetic-cochange-repo.ts';

const ROUNDS = 30;
const repo = process.argv[2] ?? syntheticCochangeRepo();
// The boundary decides the workspace from the launch directory on the cli plane.
process.env.HOME = mkdtempSync(join(tmpdir(), 'metabob-bench-home-'));
delete process.env.METABOB_CALL_LOG;
delete process.env.WORKSPACE_PATH;
process.chdir(repo);
const { callTool } = await import('../../core/server/boundary.ts');
const { createServices } = await import('../../core/services/services.ts');
const services = createServices();

function bareGitLog(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', historyLogArgs(COCHANGE_MAX_COMMITS), { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, LC_ALL: 'C' } });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', () => {});
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git log exited ${code}`))));
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Query files: one file of each of the newest commits that change 2-30 files.
const history = await readCommitHistory(repo, { maxCommits: COCHANGE_MAX_COMMITS });
if (!history.ok) throw new Error(history.failure.line);
const queries = history.commits
  .filter((c) => c.size >= 2 && c.size <= 30 && c.files.length > 0)
  .slice(0, 10)
  .map((c) => c.files[0]);
if (queries.length === 0) throw new Error(`${repo} has no commit touching 2-30 files`);

const bare: number[] = [];
const miner: number[] = [];
const tool: number[] = [];
let predictions = 0;
for (let round = -3; round < ROUNDS; round++) {
  const file = queries[(round + 3) % queries.length];
  const b = await timed(bareGitLog);
  const m = await timed(async () => {
    const answer = await mineGitCochanges(repo, [file], { limit: 10, threshold: 0.3 });
    if (answer.status !== 'ok') throw new Error(answer.line);
    predictions += answer.predictions.length;
  });
  const t = await timed(async () => {
    const result = await callTool(services, 'predict_cochanges', { changed_files: [file] }, { plane: 'cli' });
    if (result.isError) throw new Error(result.content[0].text);
  });
  if (round >= 0) {
    bare.push(b);
    miner.push(m);
    tool.push(t);
  }
}

const [b, m, t] = [median(bare), median(miner), median(tool)];
console.log(`cochange: ${repo}`);
console.log(
  `  history: ${history.commits.length} commits in the window, ${queries.length} query files, ${ROUNDS} rounds (after 3 warm-up), ${(predictions / (ROUNDS + 3)).toFixed(1)} predictions per query`,
);
console.log(`  bare git log (${historyLogArgs(COCHANGE_MAX_COMMITS).join(' ')}): median ${b.toFixed(1)} ms`);
console.log(`  mineGitCochanges: median ${m.toFixed(1)} ms, ratio ${(m / b).toFixed(2)}x`);
console.log(`  predict_cochanges via the call boundary: median ${t.toFixed(1)} ms, ratio ${(t / b).toFixed(2)}x (target <= 1.5x)`);
