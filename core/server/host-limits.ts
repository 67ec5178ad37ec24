// How much of a tool answer's text the host that asked shows its model (docs/host-limits.md
// lists each number and where it comes from). A host past its limit cuts the answer itself,
// and where it cuts decides what the model loses: Codex keeps the head and the tail and drops
// the middle, Claude Code refuses the answer or moves it to a file. So the server cuts first,
// under the host's limit, at a line break, and says how to get the rest.

/** The budget one answer's text must fit, for the host that asked. */
export interface AnswerBudget {
  /** The host the budget is for, as the cut line names it; none for a client with no limit of its own here. */
  host?: string;
  /** Tokens (chars/4, META-ENVELOPE §tokens_used's heuristic). */
  tokens: number;
  /** UTF-8 bytes, where the host counts bytes. */
  bytes?: number;
  /** Lines, where the host counts lines. */
  lines?: number;
}

/** Tokens an answer's text may take for a host with no limit of its own here. */
export const DEFAULT_ANSWER_TOKEN_CAP = 10_000;
/** The smallest cap METABOB_MAX_ANSWER_TOKENS may set: below it the cut line itself would not fit. */
const MIN_ANSWER_TOKEN_CAP = 200;

// Codex formats a tool's output for the model within 10 KiB and 256 lines, keeping the first
// and last halves and dropping the middle (codex-rs `MODEL_FORMAT_MAX_BYTES`, `MODEL_FORMAT_MAX_LINES`).
const CODEX: Omit<AnswerBudget, 'host'> = { tokens: 2_560, bytes: 10 * 1024, lines: 256 };
// Claude Code refuses an MCP answer past MAX_MCP_OUTPUT_TOKENS (25,000 by default), moves one
// past 50,000 characters to a file, and warns from 10,000 tokens; the warning is the line kept.
const CLAUDE_CODE: Omit<AnswerBudget, 'host'> = { tokens: 10_000 };

/** The hosts with a budget of their own, by the name their MCP client gives in clientInfo. */
const HOSTS: Array<{ host: string; names: RegExp; budget: Omit<AnswerBudget, 'host'> }> = [
  { host: 'Codex', names: /^codex(-mcp-client)?$|^codex[-_ ]/i, budget: CODEX },
  { host: 'Claude Code', names: /^claude-code$|^claude[-_ ]code[-_ ]/i, budget: CLAUDE_CODE },
];

/**
 * The budget for the client that named itself `clientName` (MCP `clientInfo.name`, from
 * `initialize` or the request's own envelope). METABOB_MAX_ANSWER_TOKENS sets the token cap;
 * a host's byte and line limits still hold, since the host cuts by them whatever the server says.
 */
export function answerBudget(clientName: string | undefined, env: NodeJS.ProcessEnv): AnswerBudget {
  const known = clientName ? HOSTS.find((h) => h.names.test(clientName)) : undefined;
  const budget: AnswerBudget = known ? { host: known.host, ...known.budget } : { tokens: DEFAULT_ANSWER_TOKEN_CAP };
  const raw = Number(env.METABOB_MAX_ANSWER_TOKENS);
  if (Number.isInteger(raw) && raw >= MIN_ANSWER_TOKEN_CAP) budget.tokens = raw;
  return budget;
}
