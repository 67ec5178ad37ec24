// The shared recall under load (target: "Recall with 2,000 findings and 6,000 verdicts on the
// emulator: get_problems p95 under 300 ms on loopback, its reads counted"): the built server over
// stdio, attached to the substrate emulator on 127.0.0.1, with concept-db seeded directly; each
// get_problems call's conceptSearch and conceptGraph reads are counted at the producer and held
// to the spec's caps (four pages of each window, linked verdicts of at most 50 findings).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, cpus } from 'node:os';
import { startEmulator } from '../../tests/substrate/emulator.ts';
import { startClient, textOf } from '../../tests/helpers/client.ts';
import { tempDir, tempRepo, git } from '../../tests/helpers/git.ts';
import { FINDING_SHAPE, LEDGER_SOURCE_TYPE, VERDICT_SHAPE, findingContent, findingSummary, verdictContent } from '../../core/ledger/finding-concept.ts';
import { percentile } from './support/percentile.ts';

const FINDINGS = 2_000;
const VERDICTS = 6_000;
const SAMPLES = Number(process.env.RECALL_BENCH_SAMPLES ?? 40);
const ORG = 'org_emulated';
const IDENTITY = 'example.test/bench/app';

const e = await startEmulator();
const repo = tempRepo();
git(repo, 'remote', 'add', 'origin', `https://${IDENTITY}.git`);
execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'bench'], {
  cwd: repo,
  env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.invalid', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.invalid' },
});

const fill = performance.now();
const findings: Array<{ id: string; agf: string }> = [];
for (let i = 0; i < FINDINGS; i++) {
  const agf = `agf_${(1e15 + i).toString(16)}`;
  const mint = {
    repo: IDENTITY,
    repoName: 'app',
    workspace: '~/src/app',
    files: [`src/module${i % 300}.ts`],
    ...(i % 4 === 0 ? { lines: `src/module${i % 300}.ts:${i % 90}-${(i % 90) + 3}` } : {}),
    severity: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'][i % 5]!,
    category: i % 25 === 0 ? 'task' : 'correctness',
    status: 'open',
    summary: `bench finding ${i}: the cache index is read before it is bounded`,
    details: 'cache[i] is read before i is checked; bound it first.\n'.repeat(4),
    findingIds: [agf],
    attribution: [`recorded_by: metabob-mcp-${(i % 7).toString(16).repeat(12)}`, `session: bench-${i % 13}`],
  };
  const row = e.concepts.create(
    ORG,
    { source_type: LEDGER_SOURCE_TYPE, shape: FINDING_SHAPE, summary: findingSummary(mint), content: findingContent(mint) },
    null,
  );
  findings.push({ id: row.id, agf });
}
// Verdicts interleaved over time: every third finding endorsed (its relevance raised, as the
// fold does), some pending, and claims filling the rest, each linked derived_from its finding.
for (let v = 0; v < VERDICTS; v++) {
  const f = findings[(v * 7919) % FINDINGS]!;
  const lines =
    v < FINDINGS / 3
      ? ['verdict: endorsed', `fix: commit ${(0xabc0000 + v).toString(16)}`, 'fix_branch: main']
      : v % 11 === 0
        ? ['verdict: fix pending (unpushed)', `fix: commit ${(0xdef0000 + v).toString(16)}`, 'fix_branch: feature', 'reviewed_by: metabob-mcp-999999999999']
        : ['verdict: claimed', 'claim_minutes: 60', `reviewed_by: metabob-mcp-${(v % 5).toString(16).repeat(12)}`];
  const verdict = { findingIds: [f.agf], conceptId: f.id, lines, summary: lines[0] === 'verdict: claimed' ? '[verdict:claimed]' : '[verdict:x]' };
  const row = e.concepts.create(
    ORG,
    { source_type: LEDGER_SOURCE_TYPE, shape: VERDICT_SHAPE, summary: verdict.summary, content: verdictContent(verdict, `v${v}`) },
    null,
  );
  e.concepts.link(ORG, { from_concept_id: row.id, to_concept_id: f.id, edge_type: 'derived_from' }, null);
  if (v < FINDINGS / 3) e.concepts.concepts.get(f.id)!.relevance = 2 / 3;
}
e.concepts.changed();
console.log(`seeded ${FINDINGS} findings and ${VERDICTS} verdicts in ${(performance.now() - fill).toFixed(0)} ms`);

const home = tempDir('metabob-bench-recall-');
const { client, close } = await startClient({ cwd: repo, env: { METABOB_HOME: home, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key } });

/** The server's pid from its run file, for its CPU time (/proc, Linux); undefined elsewhere. */
function serverPid(): number | undefined {
  try {
    const file = readdirSync(join(home, 'run')).find((f) => f.endsWith('.json'));
    return file ? (JSON.parse(readFileSync(join(home, 'run', file), 'utf8')) as { pid: number }).pid : undefined;
  } catch {
    return undefined;
  }
}
/** CPU milliseconds of the server (from /proc, 10 ms ticks) and of this process (the emulator and the client). */
function cpuMs(pid: number | undefined): { server: number; own: number } {
  const own = process.cpuUsage();
  let server: number;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    server = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    server = NaN;
  }
  return { server, own: (own.user + own.system) / 1000 };
}

const p95 = (samples: number[]): number => percentile(samples, 95);

const cases: Array<[string, Record<string, unknown>]> = [
  ['get_problems', {}],
  ['get_problems_file_path', { file_path: 'src/module7.ts' }],
];
let failed = false;
// One call first: the attachment settles and the process learns whether the offset is honoured.
console.log(textOf(await client.callTool({ name: 'get_problems', arguments: {} })).split('\n')[0]);
const pid = serverPid();
for (const [name, args] of cases) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const serverCpu: number[] = [];
  const reads: Array<{ search: number; graph: number }> = [];
  for (let s = 0; s < SAMPLES; s++) {
    e.switches.calls.length = 0;
    const c = cpuMs(pid);
    const t = performance.now();
    const result = await client.callTool({ name: 'get_problems', arguments: args });
    wall.push(performance.now() - t);
    const d = cpuMs(pid);
    cpu.push(d.server - c.server + d.own - c.own);
    serverCpu.push(d.server - c.server);
    if (result.isError) throw new Error(textOf(result));
    reads.push({
      search: e.switches.calls.filter((c) => c.shape === 'conceptSearch').length,
      graph: e.switches.calls.filter((c) => c.shape === 'conceptGraph').length,
    });
  }
  const value = p95(wall);
  const maxSearch = Math.max(...reads.map((r) => r.search));
  const maxGraph = Math.max(...reads.map((r) => r.graph));
  const withinCaps = maxSearch <= 8 && maxGraph <= 50;
  failed ||= !withinCaps;
  const median = [...wall].sort((a, b) => a - b)[wall.length >> 1]!;
  // Calls that read linked verdicts (each finding's once, then kept) apart from those that did not.
  const cold = wall.filter((_, i) => reads[i]!.graph > 0);
  const warm = wall.filter((_, i) => reads[i]!.graph === 0);
  const split = [
    cold.length ? `with linked reads p95 ${p95(cold).toFixed(1)} ms (${cold.length})` : '',
    warm.length ? `without p95 ${p95(warm).toFixed(1)} ms (${warm.length})` : '',
  ]
    .filter(Boolean)
    .join(', ');
  console.log(
    `${name.padEnd(24)} p95 ${value.toFixed(1)} ms  median ${median.toFixed(1)} ms  cpu p95 ${p95(cpu).toFixed(0)} ms (server ${p95(serverCpu).toFixed(0)} ms + emulator)  (${SAMPLES} samples; ${split})  ${value < 300 ? 'under 300 ms' : 'OVER 300 ms'}; ` +
      `reads per call: conceptSearch <= ${maxSearch} (cap 8), conceptGraph <= ${maxGraph} (cap 50) ${withinCaps ? 'within caps' : 'OVER CAPS'}`,
  );
}
await close();
await e.stop();
// p95 on a shared machine measures its load as much as the recall: say what the load was.
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (the emulator runs in this process, beside the client)`,
);
process.exit(failed ? 1 : 0);
