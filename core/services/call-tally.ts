// The session's tool calls, by tool and outcome, from its first call (READING-NOTES §_meta:
// /v1/metrics): the boundary records every call here, so the loopback server, which starts
// after the handshake, still counts the calls made before it listened.

/** Latency buckets of the `metabob_tool_call_duration_seconds` histogram, in seconds. */
export const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface ToolStats {
  byOutcome: Map<string, number>;
  buckets: number[];
  count: number;
  sumSeconds: number;
  tokensUsed: number;
  tokensSaved: number;
}

export interface TalliedCall {
  /** A registered tool's name, or the one label of every unknown name (so the series stay bounded). */
  label: string;
  outcome: string;
  latencyMs: number;
  tokensUsed: number;
  tokensSaved?: number;
}

export class CallTally {
  private readonly tools = new Map<string, ToolStats>();

  record(call: TalliedCall): void {
    let stats = this.tools.get(call.label);
    if (!stats) {
      stats = { byOutcome: new Map(), buckets: LATENCY_BUCKETS_S.map(() => 0), count: 0, sumSeconds: 0, tokensUsed: 0, tokensSaved: 0 };
      this.tools.set(call.label, stats);
    }
    stats.byOutcome.set(call.outcome, (stats.byOutcome.get(call.outcome) ?? 0) + 1);
    const seconds = call.latencyMs / 1000;
    LATENCY_BUCKETS_S.forEach((le, i) => {
      if (seconds <= le) stats.buckets[i] += 1;
    });
    stats.count += 1;
    stats.sumSeconds += seconds;
    stats.tokensUsed += call.tokensUsed;
    stats.tokensSaved += call.tokensSaved ?? 0;
  }

  /** Every tool's stats, sorted by label. */
  entries(): Array<[string, ToolStats]> {
    return [...this.tools.entries()].sort(([a], [b]) => a.localeCompare(b));
  }
}
