// META-ENVELOPE §capabilities: the tags this server advertises, each with the condition
// under which it is emitted and the test that probes it at run time. Adding a tag means
// adding its probe (tests/e2e/capabilities.test.ts holds every tag to one).
import { SCHEMA_VERSION } from '../ledger/schema-version.ts';
import type { Services } from '../services/services.ts';
import { callLogWritable } from './call-log.ts';
import { exactTokensAvailable } from './tokens.ts';

/** What a tag's condition reads: the session's services (the loopback's state, the environment). */
type TagProbe = Pick<Services, 'env' | 'loopback' | 'traces'>;
const loopbackListening = (s: TagProbe) => s.loopback.listening;

export interface CapabilityTag {
  tag: string;
  meaning: string;
  /** Absent: always on. */
  when?: (services: TagProbe) => boolean;
}

export const CAPABILITY_TAGS: CapabilityTag[] = [
  { tag: `schema_v${SCHEMA_VERSION}`, meaning: 'The local store schema version this binary writes.' },
  {
    tag: 'binary_drift_warning',
    meaning:
      '`_meta.binary_drift_warning` is `{stored_version, running_version, remediation}` when the local store was migrated past this binary, null when it was not, absent before the store is opened.',
  },
  { tag: 'tokens_used_envelope', meaning: 'Every response carries `_meta.tokens_used`.' },
  { tag: 'complexity_tier', meaning: "Every response carries the tool's declared `complexity_tier`." },
  {
    tag: 'standardized_error_envelope',
    meaning: 'Every error is `isError` with a one-line cause token and a typed `diagnosis_v2` entry.',
  },
  { tag: 'mcp_logging', meaning: 'Server log lines reach the client as `notifications/message` after `logging/setLevel`.' },
  { tag: 'mcp_prompts', meaning: "The `metabob-start` prompt mirrors the skill's first steps (`prompts/list`, `prompts/get`)." },
  { tag: 'roots_workspace', meaning: "The client's first `file:` root decides the workspace (SPEC §workspace)." },
  {
    tag: 'mcp_progress',
    meaning: 'init_workspace sends `notifications/progress` (files parsed of total) when the request carries a `progressToken`.',
  },
  {
    tag: 'tokens_saved_pct',
    meaning:
      'search_codebase, analyze_impact and assign_git_changes report `tokens_saved` / `tokens_saved_pct` against the files their answer covers, each counted once per session.',
  },
  {
    tag: 'loopback_http',
    meaning: 'The loopback HTTP server is listening on 127.0.0.1 (port in ~/.metabob/run/<pid>.json): GET /health, POST /v2/impulses/resolve.',
    when: loopbackListening,
  },
  { tag: 'sse', meaning: 'GET /v1/events on the loopback server streams tool calls and attachment changes as server-sent events.', when: loopbackListening },
  {
    tag: 'metrics_prometheus',
    meaning: 'GET /v1/metrics on the loopback server serves Prometheus text: calls by tool and outcome, latency, tokens.',
    when: loopbackListening,
  },
  { tag: 'headless_call', meaning: '`metabob-mcp call <tool> [json]` runs a tool through the same boundary.' },
  {
    tag: 'call_log',
    meaning:
      'METABOB_CALL_LOG is set and writable: one JSON line per call is appended there (SPEC §call-log); its `via` is `stdio`, `loopback`, or `cli` for a headless `metabob-mcp call`.',
    when: (s) => Boolean(s.env.METABOB_CALL_LOG) && callLogWritable(s.env.METABOB_CALL_LOG!),
  },
  {
    tag: 'traces_otlp',
    meaning:
      'OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set and its receiver accepted the last export: every tool call is one OTLP/HTTP span `tools/call <tool>` whose attributes mirror `_meta` (request_id, tokens_used, tokens_saved_pct, complexity_tier, empty_reason, binary_drift_warning), its trace id the request id. Withdrawn while exports fail.',
    when: (s) => s.traces.exporting,
  },
  {
    tag: 'tokens_exact',
    meaning: 'METABOB_TOKEN_ACCOUNTING=exact and js-tiktoken (an optional install) is installed: `tokens_used` counts cl100k_base BPE tokens.',
    when: (s) => exactTokensAvailable(s.env),
  },
];

export function activeCapabilities(services: TagProbe): string[] {
  return CAPABILITY_TAGS.filter((c) => !c.when || c.when(services)).map((c) => c.tag);
}

export function capabilitiesInMeta(env: NodeJS.ProcessEnv): boolean {
  return env.METABOB_META_CAPABILITIES !== 'off';
}
