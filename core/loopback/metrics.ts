// GET /v1/metrics (READING-NOTES §_meta): Prometheus text of what the boundary's call events
// say (calls by tool and outcome, latency, tokens used and saved) and the attachment.
// A label is a registered tool or `unknown_tool`, so the series stay as many as the tools; the
// tally counts from the session's first call, before this server listened.
import { LATENCY_BUCKETS_S, type CallTally } from '../services/call-tally.ts';

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Renders the session's call tally (core/services/call-tally.ts) as Prometheus text. */
export class CallMetrics {
  constructor(private readonly tally: CallTally) {}

  /** The exposition text; `attached` is the attachment's state at scrape time. */
  render(attached: boolean, extra: { sessionStartedAt: number }): string {
    const out: string[] = [];
    const tools = this.tally.entries();
    out.push('# HELP metabob_tool_calls_total Tool calls through the boundary, by tool and outcome.');
    out.push('# TYPE metabob_tool_calls_total counter');
    for (const [tool, stats] of tools) {
      for (const [outcome, n] of [...stats.byOutcome.entries()].sort()) {
        out.push(`metabob_tool_calls_total{tool="${escapeLabel(tool)}",outcome="${outcome}"} ${n}`);
      }
    }
    out.push('# HELP metabob_tool_call_duration_seconds Tool call latency at the boundary.');
    out.push('# TYPE metabob_tool_call_duration_seconds histogram');
    for (const [tool, stats] of tools) {
      const t = escapeLabel(tool);
      LATENCY_BUCKETS_S.forEach((le, i) => out.push(`metabob_tool_call_duration_seconds_bucket{tool="${t}",le="${le}"} ${stats.buckets[i]}`));
      out.push(`metabob_tool_call_duration_seconds_bucket{tool="${t}",le="+Inf"} ${stats.count}`);
      out.push(`metabob_tool_call_duration_seconds_sum{tool="${t}"} ${stats.sumSeconds.toFixed(3)}`);
      out.push(`metabob_tool_call_duration_seconds_count{tool="${t}"} ${stats.count}`);
    }
    out.push('# HELP metabob_tokens_used_total Tokens in tool answers (_meta.tokens_used), by tool.');
    out.push('# TYPE metabob_tokens_used_total counter');
    for (const [tool, stats] of tools) out.push(`metabob_tokens_used_total{tool="${escapeLabel(tool)}"} ${stats.tokensUsed}`);
    out.push('# HELP metabob_tokens_saved_total Honest tokens saved against the baseline (_meta.tokens_saved), by tool.');
    out.push('# TYPE metabob_tokens_saved_total counter');
    for (const [tool, stats] of tools) out.push(`metabob_tokens_saved_total{tool="${escapeLabel(tool)}"} ${stats.tokensSaved}`);
    out.push('# HELP metabob_attached 1 when the substrate attachment is authenticated.');
    out.push('# TYPE metabob_attached gauge');
    out.push(`metabob_attached ${attached ? 1 : 0}`);
    out.push('# HELP metabob_session_start_time_seconds When this server process started.');
    out.push('# TYPE metabob_session_start_time_seconds gauge');
    out.push(`metabob_session_start_time_seconds ${Math.floor(extra.sessionStartedAt / 1000)}`);
    return out.join('\n') + '\n';
  }
}
