// The emulator's fault switches (READING-NOTES §the substrate): set them between requests
// with setSwitch(name, value); every service reads them per request.

export interface Switches {
  /** Delay before a producer answers, by shape or by producer name (concept-db, goal-host, ...). */
  latencyMs: Record<string, number>;
  /** A producer answers this shape with an HTML page or a plain-text body. */
  producerBody: Record<string, 'html' | 'text'>;
  /** Shapes discovery answers 404 {error:"Not found", shape} for, as if nothing produced them. */
  noProducer: string[];
  /** Shapes whose forward fails outright: 502 forward_failed (not a timeout). */
  forwardFailed: string[];
  /** resolve_timeout_ms by producer name, overriding the registry's (to cut forwards fast in tests). */
  resolveTimeoutMs: Record<string, number>;
  /** What GET /bootstrap answers: the JSON, a captive portal's HTML page, plain text, or a 503. */
  bootstrap: 'json' | 'html' | 'text' | 'status503';
  /** Delay before GET /bootstrap answers (an attachment that is still pending). */
  bootstrapDelayMs: number;
  /** What POST /resolve answers before anything else: normally JSON; html = a portal page. */
  resolveBody: 'json' | 'html';
  /** The identity_endpoint /bootstrap advertises; null = the emulated identity's own URL; '' = none. */
  advertisedIdentity: string | null;
  /**
   * How goal-host answers a dispatch (substrate-contract §5.1): accepted (202), refused
   * (200 {refused:true}), draining (503 with Retry-After) or busy (429, a GUESS).
   */
  goalDispatch: 'accept' | 'refused' | 'draining' | 'busy';
  /** How long a goal dispatch runs before it completes. */
  goalRunMs: number;
  /**
   * The scripted walk a new dispatch runs (tests/substrate/goal-walks.ts): reached, hollow
   * (completed, reached false), failed (no template; the trace names satisfier:goal-host-walk-failed),
   * satisfier (reached, no trace persisted) or running (never finishes).
   */
  goalWalk: 'reached' | 'hollow' | 'failed' | 'satisfier' | 'running';
  /** What the record says of its caller: a validated principal, none (an older goal-host), or a pre-amendment key:<id> label. */
  goalPrincipal: 'validated' | 'absent' | 'legacy';
  /** The endpoint discovery advertises for a vessel, by vessel name, instead of its listener's URL. */
  advertisedEndpoint: Record<string, string>;
  /** Rows vesselCapability merges in as a peer's (discoveredVia: "peer"), by shape: a producer only a peer node has. */
  peerCapability: Record<string, Array<{ vesselId: string; endpoint: string }>>;
  /** concept-db answers conceptSearch's offset with the first page again (SPEC §get_problems paging fallback). */
  conceptOffsetIgnored: boolean;
  /**
   * The wire forms concept-db varies in (substrate-contract §4.3-4.6): search rows as `content` or
   * `content.concepts`; ids `concept:`-prefixed, ⟨⟩-wrapped or bare; a write's `content` as a JSON
   * string or an object.
   */
  conceptWire: { searchRows: 'content' | 'content.concepts'; ids: 'prefixed' | 'wrapped' | 'bare'; writeContent: 'string' | 'object' };
  /** Every request a producer received, for assertions. */
  calls: Array<{ producer: string; shape: string; pointer: any; at: number }>;
  /** activity-api's execution rows. */
  traces: any[];
  /** The gap store's rows. */
  gaps: any[];
}

export function defaultSwitches(): Switches {
  return {
    latencyMs: {},
    producerBody: {},
    noProducer: [],
    forwardFailed: [],
    resolveTimeoutMs: {},
    bootstrap: 'json',
    bootstrapDelayMs: 0,
    resolveBody: 'json',
    advertisedIdentity: null,
    goalDispatch: 'accept',
    goalRunMs: 50,
    goalWalk: 'reached',
    goalPrincipal: 'validated',
    advertisedEndpoint: {},
    peerCapability: {},
    conceptOffsetIgnored: false,
    conceptWire: { searchRows: 'content', ids: 'prefixed', writeContent: 'string' },
    calls: [],
    traces: [],
    gaps: [],
  };
}

export type SwitchName = Exclude<keyof Switches, 'calls'>;
