// What attach --check and doctor read from the configuration, the network module and the
// attachment. The configuration is narrowed to the fields a report shows (configView builds
// it); the route, the hop events and the attachment's state are the core types themselves, so
// a change to them is a compile error here, not a report that drifts. The real modules are
// wired in core/report/substrate-deps.ts.
import type { AttachmentAnchor, HopEvent } from '../attachment/attach-once.ts';
import type { AttachmentState } from '../attachment/state.ts';
import type { SelectedRoute } from '../net/select-proxy.ts';

export type { HopEvent };

export interface ConfigView {
  /** The config file that was read, or null. */
  fileRead: string | null;
  keyLast4: string | null;
  anchor: AttachmentAnchor;
  identityEndpoint: string | null;
  /** Each value's source: name -> flag / env / env alias / file path / derived. */
  sources: Record<string, string>;
  warnings: string[];
  skipped: Array<{ path: string; reason: string }>;
  /** Variables whose value was an unsubstituted placeholder and was removed. */
  placeholders: string[];
  /** The one message naming the missing input, or null when configured. */
  missing: string | null;
}

/** How a URL is reached, with the proxy value's unusable scheme when it has one. */
export type RouteView = Omit<SelectedRoute, 'proxyUrl'>;

/** The attachment's state after one run (SPEC §attachment "State"). */
export type AttachmentView = AttachmentState;

export interface ResolveView {
  ok: boolean;
  /** What came back (a count, a status). */
  detail: string;
  /** The cause line when not ok. */
  line?: string;
}

export interface AttachDeps {
  /** Applies the configuration to `env` (a copy the caller owns) and reports what it did. */
  applyConfiguration(opts: { env: NodeJS.ProcessEnv; cwd: string; home: string; flags: Record<string, string> }): ConfigView;
  selectProxy(url: string, env: NodeJS.ProcessEnv): RouteView;
  proxyEnvironment(env: NodeJS.ProcessEnv): { httpsProxy?: string; httpProxy?: string; noProxy: string[] };
  /** The attachment run once, as the server runs it, with per-hop callbacks. */
  runAttachmentOnce(opts: { env: NodeJS.ProcessEnv; onHop: (event: HopEvent) => void; anchor: AttachmentAnchor }): Promise<AttachmentView>;
  /** One vesselRegistry read through discovery POST /resolve. */
  resolveRegistry(state: AttachmentView, env: NodeJS.ProcessEnv): Promise<ResolveView>;
}
