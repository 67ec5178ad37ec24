// What attach --check and doctor read from the configuration, the network module and the
// attachment: the shapes they report on, narrowed to the fields a report shows. The real
// modules are wired in core/report/substrate-deps.ts; tests of the report's own logic may pass
// other implementations of this interface.

export interface ConfigView {
  /** The config file that was read, or null. */
  fileRead: string | null;
  keyLast4: string | null;
  anchor: { discovery: string | null; source: 'explicit' | 'derived-h1' | 'none' };
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

export interface RouteView {
  via: 'direct' | 'proxy';
  proxy?: string;
  bypass?: string;
  noProxyEntry?: string;
  unsupportedScheme?: string;
}

export interface HopEvent {
  hop: 'bootstrap' | 'identity' | 'org_check';
  phase: 'start' | 'done';
  ok?: boolean;
  detail?: string;
  ms?: number;
}

export interface AttachmentView {
  anchor: { discovery: string | null; source: string };
  bootstrap: { status: string; identityEndpoint?: string; detail?: string };
  identity: { endpoint: string | null; source: string; advertised: string | null; tried: string[] };
  auth: { status: string; orgId?: string; keyId?: string; accountId?: string; scopes?: string[] | 'not reported'; detail?: string };
  cause: string | null;
  message: string | null;
  network: {
    proxy?: unknown;
    anchorRoute?: RouteView;
    cause?: string | null;
    causeLine?: string | null;
    tls?: { host: string; authorized: boolean; issuer?: string } | null;
    osProxy?: string | null;
  };
}

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
  runAttachmentOnce(opts: {
    env: NodeJS.ProcessEnv;
    onHop: (event: HopEvent) => void;
    anchor: { discovery: string | null; source: 'explicit' | 'derived-h1' | 'none' };
  }): Promise<AttachmentView>;
  /** One vesselRegistry read through discovery POST /resolve. */
  resolveRegistry(state: AttachmentView, env: NodeJS.ProcessEnv): Promise<ResolveView>;
}
