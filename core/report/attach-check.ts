// SPEC §attach --check: the attachment run once as the server runs it (same configuration
// lookup, request path and sequence), then one vesselRegistry read through discovery, every
// hop reported on a ReportRun as it happens. It writes nothing: the configuration is applied
// to a copy of the environment, and nothing here opens a file for writing.
import type { AttachDeps, AttachmentView, ConfigView, HopEvent } from './attach-deps.ts';
import type { CheckId, CheckOutcome, ReportRun, RunSummary } from './model.ts';
import { causeToken, remedyFor } from './remedies.ts';

export interface AttachCheckInput {
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
  flags?: Record<string, string>;
  /** doctor's checks on the configuration, shown right after the config hop. */
  afterConfig?: (config: ConfigView | null) => Promise<void>;
}

export interface AttachCheckResult {
  summary: RunSummary;
  config: ConfigView | null;
  state: AttachmentView | null;
  /** The environment after the configuration was applied (for doctor's later checks). */
  env: NodeJS.ProcessEnv;
}

const LABELS: Record<string, string> = {
  runtime: 'runtime',
  config: 'config',
  proxy: 'proxy',
  tls: 'tls',
  bootstrap: 'bootstrap',
  identity: 'identity',
  org_check: 'org check',
  resolve: 'resolve',
  result: 'result',
};

export function runtimeOutcome(): CheckOutcome {
  return {
    status: 'ok',
    detail: `Node ${process.versions.node} on ${process.platform} ${process.arch}; the MCP server runs in-process under it`,
    data: { node: process.versions.node, platform: process.platform, arch: process.arch, inProcess: true },
  };
}

function configOutcome(config: ConfigView): CheckOutcome {
  const data = {
    fileRead: config.fileRead,
    keyLast4: config.keyLast4,
    anchor: config.anchor,
    identityEndpoint: config.identityEndpoint,
    sources: config.sources,
  };
  const key = config.keyLast4 ? `key …${config.keyLast4}` : 'no key';
  const anchor = config.anchor.discovery ? `anchor ${config.anchor.discovery} (${config.anchor.source})` : 'no anchor';
  const detail = `file ${config.fileRead ?? 'none'}; ${key}; ${anchor}`;
  if (config.missing) {
    const cause = config.missing.startsWith('not_configured') ? config.missing : `not_configured: ${config.missing}`;
    return { status: 'fail', detail, cause, remedy: remedyFor('not_configured'), data };
  }
  return { status: 'ok', detail, data };
}

const BYPASS_WORDS: Record<string, string> = {
  loopback: 'loopback target (local traffic never takes a proxy)',
  no_proxy: 'NO_PROXY',
  none_configured: 'no proxy configured',
  http_proxy_unset: 'plain-http target and HTTP_PROXY unset (HTTPS_PROXY applies to https: only)',
};

function proxyOutcome(deps: AttachDeps, url: string, env: NodeJS.ProcessEnv): CheckOutcome {
  const route = deps.selectProxy(url, env);
  const proxyEnv = deps.proxyEnvironment(env);
  const data = { route, environment: proxyEnv };
  const noProxy = proxyEnv.noProxy.length ? `; NO_PROXY in force: ${proxyEnv.noProxy.join(', ')}` : '';
  if (route.unsupportedScheme !== undefined) {
    const cause = `proxy_unsupported(${route.unsupportedScheme}): the proxy ${route.proxy} is not an http:// or https:// URL`;
    return { status: 'fail', detail: `through ${route.proxy}`, cause, remedy: remedyFor(cause), data };
  }
  if (route.via === 'proxy') return { status: 'ok', detail: `through ${route.proxy}${noProxy}`, data };
  let why = BYPASS_WORDS[route.bypass ?? 'none_configured'] ?? String(route.bypass);
  if (route.bypass === 'no_proxy' && route.noProxyEntry) why = `NO_PROXY entry ${route.noProxyEntry}`;
  return { status: 'ok', detail: `direct: ${why}${noProxy}`, data };
}

function tlsOutcome(state: AttachmentView | null, url: string): CheckOutcome {
  const tls = state?.network.tls;
  if (new URL(url).protocol === 'http:') return { status: 'ok', detail: 'plain http (no TLS to verify)', data: { tls: null } };
  if (!tls) {
    const cause = state?.network.causeLine ?? state?.message ?? null;
    return { status: 'fail', detail: 'no TLS session was established', cause, remedy: remedyFor(cause), data: { tls: null } };
  }
  if (tls.authorized) return { status: 'ok', detail: `verified for ${tls.host}, issued by ${tls.issuer ?? 'an unnamed issuer'}`, data: { tls } };
  // SPEC §Named network causes: tls_name_mismatch is "a trusted chain for another name", so its
  // issuer is trusted (NODE_EXTRA_CA_CERTS, the OS store); only tls_intercepted blames the issuer.
  if (tls.issuedFor !== undefined) {
    const cause = state?.network.causeLine ?? `tls_name_mismatch(${tls.host})`;
    return {
      status: 'fail',
      detail: `name mismatch: the chain for ${tls.host} is trusted (issued by ${tls.issuer ?? 'an unnamed issuer'}), but the certificate is for ${tls.issuedFor}`,
      cause,
      remedy: remedyFor(cause),
      data: { tls },
    };
  }
  const cause = state?.network.causeLine ?? `tls_intercepted(${tls.issuer ?? 'unknown'})`;
  const intercepted = state?.network.cause === undefined || state?.network.cause === null || state.network.cause === 'tls_intercepted';
  return {
    status: 'fail',
    detail: intercepted
      ? `intercepted: the chain for ${tls.host} is signed by ${tls.issuer ?? 'an unknown issuer'}, which is not trusted`
      : `the certificate for ${tls.host} was not accepted`,
    cause,
    remedy: remedyFor(cause),
    data: { tls },
  };
}

/** Each hop's detail, taken from the settled state so the report names what the server saw. */
function hopOutcomeFromState(hop: HopEvent['hop'], state: AttachmentView, event: HopEvent | undefined): CheckOutcome {
  const failLine = state.message ?? state.network.causeLine ?? event?.detail ?? null;
  if (hop === 'bootstrap') {
    const b = state.bootstrap;
    const data = { bootstrap: b };
    if (b.status === 'ok') {
      return { status: 'ok', detail: `${state.anchor.discovery}/bootstrap answered; identity_endpoint ${b.identityEndpoint || '(none advertised)'}`, data };
    }
    return { status: 'fail', detail: `${b.status}${b.detail ? `: ${b.detail}` : ''}`, cause: failLine, remedy: remedyFor(failLine), data };
  }
  if (hop === 'identity') {
    const id = state.identity;
    const data = { identity: id };
    const detail =
      `endpoint ${id.endpoint ?? 'none'} (source ${id.source}); advertised ${id.advertised ?? 'none'}; ` +
      `tried ${id.tried.length ? id.tried.join(', ') : 'none'}`;
    if (id.endpoint && id.source !== 'none') {
      return {
        status: id.source === 'rehosted-h1' ? 'warn' : 'ok',
        detail,
        data,
        remedy:
          id.source === 'rehosted-h1'
            ? 'the advertised identity did not answer and was rehosted (interim H1 debt): have the installer advertise a reachable identity'
            : null,
      };
    }
    return { status: 'fail', detail, cause: failLine, remedy: remedyFor(failLine), data };
  }
  const a = state.auth;
  const data = { auth: { status: a.status, orgId: a.orgId ?? null, keyId: a.keyId ?? null, accountId: a.accountId ?? null, scopes: a.scopes ?? null } };
  if (a.status === 'authenticated') {
    const scopes = Array.isArray(a.scopes) ? `scopes [${a.scopes.join(', ')}]` : 'scopes not reported by identity';
    return { status: 'ok', detail: `org ${a.orgId ?? '?'}; account ${a.accountId ?? 'none'}; key ${a.keyId ?? '?'}; ${scopes}`, data };
  }
  return { status: 'fail', detail: `${a.status}${a.detail ? `: ${a.detail}` : ''}`, cause: failLine, remedy: remedyFor(failLine), data };
}

// @anchor attachCheck
/** Runs config, proxy, tls, bootstrap, identity, org check, resolve and result on `run`. */
export async function attachCheck(run: ReportRun, deps: AttachDeps, input: AttachCheckInput): Promise<AttachCheckResult> {
  const env: NodeJS.ProcessEnv = { ...input.env };
  await run.check('runtime', LABELS.runtime, runtimeOutcome);

  let config: ConfigView | null = null;
  const configResult = await run.check('config', LABELS.config, () => {
    config = deps.applyConfiguration({ env, cwd: input.cwd, home: input.home, flags: input.flags ?? {} });
    for (const name of ['METABOB_API_KEY', 'SUBSTRATE_API_KEY']) run.addSecret(env[name]);
    run.addSecret(input.flags?.['api-key']);
    return configOutcome(config);
  });
  const cfg = config as ConfigView | null;
  await input.afterConfig?.(cfg);
  const anchorUrl = cfg?.anchor.discovery ?? null;
  if (configResult.status === 'fail' || !cfg) {
    for (const id of ['proxy', 'tls', 'bootstrap', 'identity', 'org_check', 'resolve'] as CheckId[]) {
      run.skip(id, LABELS[id], 'not run: nothing to attach to');
    }
    const line = configResult.cause ?? 'not_configured';
    const summary = resultSummary(run, { exitCode: 1, attached: false, resolved: false, cause: causeToken(line), line, networkCause: null });
    await run.check('result', LABELS.result, () => resultOutcome(run, summary, null));
    return { summary, config: cfg, state: null, env };
  }

  // The proxy hop is about the anchor's URL; with only an explicit identity there is no anchor.
  const probeUrl = anchorUrl ?? cfg.identityEndpoint ?? '';
  if (probeUrl) await run.check('proxy', LABELS.proxy, () => proxyOutcome(deps, probeUrl, env));
  else run.skip('proxy', LABELS.proxy, 'no anchor URL to route');

  const plainHttp = probeUrl.startsWith('http:');
  let tlsStarted = 0;
  if (plainHttp) await run.check('tls', LABELS.tls, () => tlsOutcome(null, probeUrl));
  else if (probeUrl) tlsStarted = run.start('tls', LABELS.tls);

  // The attachment's own sequence; each hop shows as it starts, and finishes with what the
  // settled state says about it (the server's view, not a re-derivation).
  const started = new Map<HopEvent['hop'], number>();
  const doneEvents = new Map<HopEvent['hop'], HopEvent>();
  const finished = new Set<HopEvent['hop']>();
  const hopIds: Array<HopEvent['hop']> = ['bootstrap', 'identity', 'org_check'];
  let state: AttachmentView;
  try {
    state = await deps.runAttachmentOnce({
      env,
      anchor: cfg.anchor,
      onHop: (event) => {
        if (event.phase === 'start' && !started.has(event.hop)) started.set(event.hop, run.start(event.hop, LABELS[event.hop]));
        if (event.phase !== 'done') return;
        doneEvents.set(event.hop, event);
        // A bootstrap that passed finishes at once, live. Identity and the org check finish from
        // the settled state (which follows the org check at once): identity is trusted only
        // once the org check against it passed (SPEC §attachment step 3), and the state names
        // its endpoint, source, advertised address and every address tried. A failure waits
        // for the state too, so it carries the attachment's own cause line.
        if (event.ok && event.hop === 'bootstrap' && started.has(event.hop) && !finished.has(event.hop)) {
          finished.add(event.hop);
          run.emit({
            type: 'finish',
            id: event.hop,
            label: LABELS[event.hop],
            ms: event.ms ?? Date.now() - started.get(event.hop)!,
            status: 'ok',
            detail: event.detail ?? 'ok',
          });
        }
      },
    });
  } catch (err) {
    const line = `attach_check_failed: the attachment threw ${(err as Error).message}`;
    for (const hop of hopIds) {
      if (started.has(hop)) run.finish(hop, LABELS[hop], started.get(hop)!, { status: 'fail', detail: line, cause: line });
      else run.skip(hop, LABELS[hop], 'not reached');
    }
    if (tlsStarted) run.finish('tls', LABELS.tls, tlsStarted, { status: 'skip', detail: 'not reached' });
    run.skip('resolve', LABELS.resolve, 'not reached');
    const summary = resultSummary(run, { exitCode: 1, attached: false, resolved: false, cause: 'attach_check_failed', line, networkCause: null });
    await run.check('result', LABELS.result, () => resultOutcome(run, summary, null));
    return { summary, config: cfg, state: null, env };
  }
  if (tlsStarted) run.finish('tls', LABELS.tls, tlsStarted, tlsOutcome(state, probeUrl));
  let failedEarlier: string | null = null;
  for (const hop of hopIds) {
    if (!started.has(hop)) {
      run.skip(hop, LABELS[hop], failedEarlier ? `not reached: ${failedEarlier} failed` : 'not run');
      continue;
    }
    if (finished.has(hop)) continue;
    const outcome = hopOutcomeFromState(hop, state, doneEvents.get(hop));
    const ev = doneEvents.get(hop);
    run.emit({ type: 'finish', id: hop, label: LABELS[hop], ms: ev?.ms ?? Date.now() - started.get(hop)!, ...outcome });
    if (outcome.status === 'fail' && !failedEarlier) failedEarlier = LABELS[hop];
  }

  const attached = state.auth.status === 'authenticated';
  let resolved = false;
  let resolveLine: string | null = null;
  if (attached) {
    const r = await run.check('resolve', LABELS.resolve, async () => {
      const answer = await deps.resolveRegistry(state, env);
      if (answer.ok) return { status: 'ok', detail: `vesselRegistry through discovery POST /resolve: ${answer.detail}` };
      return { status: 'fail', detail: answer.detail, cause: answer.line ?? answer.detail, remedy: remedyFor(answer.line) };
    });
    resolved = r.status === 'ok';
    resolveLine = r.cause ?? null;
  } else run.skip('resolve', LABELS.resolve, 'not run: not attached');

  const networkCause = causeToken(state.network.causeLine ?? state.network.cause ?? null);
  let summary: RunSummary;
  if (attached && resolved) {
    const line = `attached: org ${state.auth.orgId ?? '?'} through ${state.anchor.discovery}; vesselRegistry resolved`;
    summary = resultSummary(run, { exitCode: 0, attached, resolved, cause: null, line, networkCause: null });
  } else {
    const line = attached ? (resolveLine ?? 'resolve_failed') : (state.message ?? state.cause ?? 'not attached');
    summary = resultSummary(run, { exitCode: 1, attached, resolved, cause: causeToken(attached ? line : (state.cause ?? line)), line, networkCause });
  }
  await run.check('result', LABELS.result, () => resultOutcome(run, summary, state));
  return { summary, config: cfg, state, env };
}

/** The headline: the whole line when attached, otherwise which hop failed and its cause token. */
function resultSummary(run: ReportRun, summary: Omit<RunSummary, 'headline'>): RunSummary {
  if (summary.exitCode === 0) return { ...summary, headline: summary.line };
  const failed = run.model().checks.find((c) => c.state === 'fail');
  const what = summary.attached ? 'attached, but the vesselRegistry read failed' : 'not attached';
  const token = summary.cause ?? 'unknown';
  const network = summary.networkCause && summary.networkCause !== token ? ` (${summary.networkCause})` : '';
  return { ...summary, headline: `${what}: ${token}${network}${failed ? ` at the ${failed.label} hop` : ''}` };
}

/**
 * The result check. The failing hop already carries the cause line and the remedy, so the
 * result names it briefly; only a failure no hop shows carries the whole line here.
 */
function resultOutcome(run: ReportRun, summary: RunSummary, state: AttachmentView | null): CheckOutcome {
  const data = { attached: summary.attached, resolved: summary.resolved, cause: summary.cause, attachment: state };
  if (summary.exitCode === 0) return { status: 'ok', detail: summary.line, data };
  const shown = run.model().checks.some((c) => c.state === 'fail' && c.cause);
  if (shown) return { status: 'fail', detail: summary.headline, data };
  return { status: 'fail', detail: summary.line, cause: summary.line, remedy: remedyFor(summary.line), data };
}
