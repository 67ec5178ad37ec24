// The skill-guided session both hosts are driven through (skills/metabob: context, index, search,
// impact, co-change, record, problems, read, edit, commit, mark_complete), as a model would play
// it, and the replay of its metabob calls through the SDK client, whose `_meta` says what each
// answer's text must carry (META-ENVELOPE §empty_reason, §warnings_v2, §next_steps).
import type { ModelTurn, SeenRequest } from '../helpers/model-mock.ts';

/** The session's metabob calls, in order, by tool name, with their arguments. */
export function metabobCalls(workspace: string, findingId: () => string): Array<{ tool: string; args: () => Record<string, unknown> }> {
  return [
    { tool: 'get_analysis_context', args: () => ({ problem_limit: 1 }) },
    { tool: 'init_workspace', args: () => ({ workspace_path: workspace }) },
    { tool: 'search_codebase', args: () => ({ query: 'parseOrder' }) },
    { tool: 'analyze_impact', args: () => ({ changed_files: ['src/a.ts'] }) },
    { tool: 'predict_cochanges', args: () => ({ changed_files: ['src/a.ts'] }) },
    { tool: 'record_finding', args: () => ({ files: ['src/c.ts'], summary: OWN_SUMMARY, severity: 'LOW', category: 'design', line_start: 1 }) },
    { tool: 'get_problems', args: () => ({ file_path: 'src/a.ts' }) },
    { tool: 'mark_complete', args: () => ({ problem_id: findingId() }) },
  ];
}

/**
 * Open before the session, recorded by another agent: src/a.ts's, the more severe, is the one
 * get_analysis_context shows (problem_limit 1), impact and co-change of src/a.ts show again and
 * get_problems is asked about; src/b.ts's no answer shows (those list the changed files' findings
 * only), so it is news when the agent, led to src/b.ts by the co-change, reads it.
 */
export const SEEDED = [
  { files: ['src/b.ts'], summary: 'total doubles its input and no test holds it', severity: 'MEDIUM', category: 'correctness', line_start: 1 },
  { files: ['src/a.ts'], summary: 'parseOrder counts characters, not order lines', severity: 'HIGH', category: 'correctness', line_start: 2 },
];
/** The summary on src/b.ts, which the reminder before its edit must name. */
export const FINDING_SUMMARY = SEEDED[0].summary;
/** The session's own finding, on src/c.ts: not news to the agent that recorded it. */
export const OWN_SUMMARY = 'unrelated is exported and never read';

/** How many times the script waits for the host to list the metabob tools (a few seconds each). */
const MAX_WAITS = 30;

/** What the script did at one step, for the assertions and the artifacts' index. */
export interface StepLog {
  step: number;
  /** `metabob:<tool>`, `read:<file>`, `edit:<file>`, `commit`, `load`, `done`. */
  did: string;
}

/** The finding id a record_finding answer named, from what the model was shown. */
export function findingIdIn(text: string): string | undefined {
  return /\bagf_[A-Za-z0-9_-]+/.exec(text)?.[0];
}

export interface HostMoves {
  /**
   * Loads the metabob tools the host defers (Claude Code's ToolSearch, Codex's tool_search), or
   * 'wait' while the host does not list them yet: it starts MCP servers beside the first request.
   */
  load(request: SeenRequest, names: string[]): ModelTurn | 'wait';
  /** Whether the request shows the loaded tools; false sends the script back to waiting and loading. */
  loaded(request: SeenRequest): boolean;
  /** A move that passes a few seconds (a shell sleep), while the server starts. */
  wait(): ModelTurn;
  /** A call of a metabob tool under the host's name for it, learnt from its requests. */
  call(request: SeenRequest, tool: string, input: Record<string, unknown>): ModelTurn;
  read(file: string): ModelTurn;
  edit(file: string, from: string, to: string): ModelTurn;
  commit(message: string): ModelTurn;
}

/**
 * The script: each request gets the next move. Reads src/a.ts (its finding asked for through
 * get_problems) and src/c.ts (only the session's own finding) before the read and edit of src/b.ts
 * (another agent's finding, not asked for), so the reminder has one place to be and two to stay silent.
 */
export function sessionScript(workspace: string, moves: HostMoves, log: StepLog[]): (request: SeenRequest, history: SeenRequest[]) => ModelTurn {
  // The finding the edit fixes, by the id the reminder named; else the session's own.
  let findingId: string | undefined;
  let ownId: string | undefined;
  const calls = metabobCalls(workspace, () => findingId ?? 'agf_unknown');
  const plan: Array<(r: SeenRequest) => [string, ModelTurn] | undefined> = [];
  let next = 0;
  let waits = 0;
  const waitThenLoad = (): [string, ModelTurn] => {
    if (++waits > MAX_WAITS) throw new Error(`the host never listed the metabob tools (${MAX_WAITS} waits)`);
    next = 0;
    return ['wait', moves.wait()];
  };
  const tools = calls.map((c) => c.tool);
  plan.push((r) => {
    const turn = moves.load(r, tools);
    return turn === 'wait' ? waitThenLoad() : ['load', turn];
  });
  // The load's answer: when it came back empty (the server was not up yet), wait and load again.
  plan.push((r) => (moves.loaded(r) ? undefined : waitThenLoad()));
  const call = (i: number) => (r: SeenRequest) => [`metabob:${calls[i].tool}`, moves.call(r, calls[i].tool, calls[i].args())] as [string, ModelTurn];
  for (let i = 0; i < 6; i++) plan.push(call(i));
  plan.push((r) => {
    ownId = findingIdIn(r.received);
    return call(6)(r);
  });
  plan.push(() => ['read:src/a.ts', moves.read('src/a.ts')]);
  plan.push(() => ['read:src/c.ts', moves.read('src/c.ts')]);
  plan.push(() => ['read:src/b.ts', moves.read('src/b.ts')]);
  plan.push((r) => {
    findingId = findingIdIn(r.received) ?? ownId;
    return ['edit:src/b.ts', moves.edit('src/b.ts', 'n * 2', 'n * 3')];
  });
  plan.push(() => ['commit', moves.commit('Triple the total')]);
  plan.push(call(7));
  plan.push(() => ['done', { text: 'Done: the total is tripled, committed, and the finding is marked complete.' }]);
  return (request) => {
    while (next < plan.length) {
      const move = plan[next++](request);
      if (move) {
        log.push({ step: request.step, did: move[0] });
        return move[1];
      }
    }
    log.push({ step: request.step, did: 'done' });
    return { text: 'Done.' };
  };
}
