// GET /v1/metrics (READING-NOTES §_meta): Prometheus text of what the boundary's call events
// say (calls by tool and outcome, latency, tokens used and saved) and the attachment.
// A label is a registered tool or `unknown_tool`, so the series stay as many as the tools.
import type { EventEmitter } from 'node:events';
import type { CallEvent } from '../server/boundary.ts';
import { findTool } from '../tools/registry.ts';
import { UNKNOWN_TOOL_LABEL } from '../server/unknown-tool-name.ts';

const BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface ToolStats {
  byOutcome: Map<string, number>;
  buckets: number[];
  count: number;
  sumSeconds: number;
  tokensUsed: number;
  tokensSaved: number;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export class CallMetrics {
  private readonly tools = new Map<string, ToolStats>();
  private readonly listener = (event: CallEvent) => this.record(event);

  constructor(private readonly callEvents: EventEmitter) {
    callEvents.on('call', this.listener);
  }

  stop(): void {
    this.callEvents.off('call', this.listener);
  }

  record(event: CallEvent): void {
    const label = findTool(event.tool) ? event.tool : UNKNOWN_TOOL_LABEL;
    let stats = this.tools.get(label);
    if (!stats) {
      stats = { byOutcome: new Map(), buckets: BUCKETS_S.map(() => 0), count: 0, sumSeconds: 0, tokensUsed: 0, tokensSaved: 0 };
      this.tools.set(label, stats);
    }
    stats.byOutcome.set(event.outcome, (stats.byOutcome.get(event.outcome) ?? 0) + 1);
    const seconds = event.latencyMs / 1000;
    BUCKETS_S.forEach((le, i) => {
      if (seconds <= le) stats!.buckets[i] += 1;
    });
    stats.count += 1;
    stats.sumSeconds += seconds;
    stats.tokensUsed += event.tokensUsed;
    stats.tokensSaved += event.tokensSaved ?? 0;
  }

  /** The exposition text; `attached` is the attachment's state at scrape time. */
  render(attached: boolean, extra: { sessionStartedAt: number }): string {
    const out: string[] = [];
    const tools = [...this.tools.entries()].sort(([a], [b]) => a.localeCompare(b));
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
      BUCKETS_S.forEach((le, i) => out.push(`metabob_tool_call_duration_seconds_bucket{tool="${t}",le="${le}"} ${stats.buckets[i]}`));
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
