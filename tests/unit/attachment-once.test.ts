// The attachment sequence run once (SPEC §attachment steps 1-3) against the substrate
// emulator on 127.0.0.1: the state object field by field, each named cause, the rehost, the
// org check's two forms, and the one ingress (resolve) with its named failures.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { runAttachmentOnce, resolveOnce, rehostH1, type HopEvent } from '../../core/attachment.ts';

const emulators: Emulator[] = [];
async function emulator(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const e = await startEmulator(options);
  emulators.push(e);
  return e;
}
after(async () => {
  for (const e of emulators) await e.stop();
});

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...extra };
}

test('attached: every field of the state, hops reported in order, the key nowhere in it', async () => {
  const e = await emulator();
  const hops: HopEvent[] = [];
  const state = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }), onHop: (h) => hops.push(h) });
  assert.deepEqual(state.anchor, { discovery: e.discoveryUrl, source: 'explicit' });
  assert.deepEqual(state.bootstrap, { status: 'ok', identityEndpoint: e.identityUrl });
  assert.deepEqual(state.identity, { endpoint: e.identityUrl, source: 'bootstrap', advertised: e.identityUrl, tried: [e.identityUrl] });
  assert.deepEqual(state.auth, { status: 'authenticated', orgId: 'org_emulated', keyId: 'key_1', accountId: 'accounts:emulated', scopes: ['read', 'write'] });
  assert.equal(state.cause, null);
  assert.equal(state.message, null);
  assert.equal(state.advertised, 'none');
  assert.deepEqual(state.network.proxy, { noProxy: [] });
  assert.deepEqual(state.network.anchorRoute, { via: 'direct', bypass: 'loopback' });
  assert.equal(state.network.cause, null);
  assert.ok(state.startedAt && state.settledAt && state.lastCheckedAt);
  assert.deepEqual(
    hops.map((h) => `${h.hop}:${h.phase}${h.phase === 'done' ? `:${h.ok}` : ''}`),
    ['bootstrap:start', 'bootstrap:done:true', 'identity:start', 'identity:done:true', 'org_check:start', 'org_check:done:true'],
  );
  assert.equal(hops[5].detail, 'org org_emulated, scopes [read, write]');
  assert.ok(!JSON.stringify(state).includes(e.key));
  // The direct hop carries the key in both forms.
  assert.deepEqual(
    e.identity.log.map((l) => [l.form, l.bodyCarriedKey, l.headerCarriedKey]),
    [['nested', true, true]],
  );
});

test('not_configured: no key, or no anchor', async () => {
  const noKey = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: 'http://127.0.0.1:9' }) });
  assert.equal(noKey.cause, 'not_configured');
  assert.equal(noKey.auth.status, 'not_configured');
  assert.equal(
    noKey.message,
    'not_configured: METABOB_API_KEY is not set (set it, or run metabob-mcp configure); substrate tools are unavailable; local tools still work',
  );
  const noAnchor = await runAttachmentOnce({ env: env({ METABOB_API_KEY: 'k' }) });
  assert.equal(noAnchor.cause, 'not_configured');
  assert.deepEqual(noAnchor.anchor, { discovery: null, source: 'none' });
  assert.deepEqual(noAnchor.bootstrap, { status: 'skipped' });
  assert.match(noAnchor.message!, /^not_configured: no discovery endpoint is configured/);
});

test('key_rejected: an unknown key and a revoked key', async () => {
  const e = await emulator();
  const state = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: 'mbk_wrong' }) });
  assert.equal(state.cause, 'key_rejected');
  assert.equal(state.auth.status, 'key_rejected');
  assert.equal(
    state.message,
    `key_rejected: the substrate's identity (${e.identityUrl}) rejected the API key (HTTP 401); substrate tools are unavailable; local tools still work`,
  );
  e.revokeKey(e.key);
  const revoked = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  assert.equal(revoked.cause, 'key_rejected');
});

test('anchor_unreachable carries the network cause; blocked_by_portal for an HTML /bootstrap', async () => {
  const e = await emulator({ discoveryDown: true });
  const down = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  const port = new URL(e.discoveryUrl).port;
  assert.equal(down.cause, 'anchor_unreachable');
  assert.equal(down.bootstrap.status, 'unreachable');
  assert.equal(down.network.cause, 'connect_refused');
  assert.equal(
    down.message,
    `anchor_unreachable: discovery ${e.discoveryUrl} did not answer GET /bootstrap — connect_refused(127.0.0.1:${port}): nothing accepts connections there; substrate tools are unavailable; local tools still work`,
  );
  await e.setUp('discovery', true);
  e.setSwitch('bootstrap', 'html');
  const portal = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  assert.equal(portal.cause, 'blocked_by_portal');
  assert.equal(portal.bootstrap.status, 'not_substrate');
  assert.equal(
    portal.message,
    `blocked_by_portal: discovery ${e.discoveryUrl} answered GET /bootstrap with an HTML page (HTTP 200), not the substrate's JSON: a captive portal or block page; sign in or check the network; substrate tools are unavailable; local tools still work`,
  );
});

test('identity: the rehost-h1 fallback, and identity_unreachable naming what was tried', async () => {
  assert.equal(rehostH1('http://127.0.0.1:8101', 'http://127.0.0.1:18100'), 'http://127.0.0.1:18101');
  assert.equal(rehostH1('http://substrate-live:8101', 'http://hub.example:26100'), 'http://hub.example:26101');
  assert.equal(rehostH1('http://id.example.com:8101', 'http://127.0.0.1:18100'), null);
  assert.equal(rehostH1('http://127.0.0.1:9101', 'http://127.0.0.1:18100'), null);

  const e = await emulator({ rehostH1: true });
  const state = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  assert.equal(state.auth.status, 'authenticated');
  assert.deepEqual(state.identity, {
    endpoint: e.identityUrl,
    source: 'rehosted-h1',
    advertised: 'http://127.0.0.1:8101',
    tried: ['http://127.0.0.1:8101', e.identityUrl],
  });

  await e.setUp('identity', false);
  const gone = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  assert.equal(gone.cause, 'identity_unreachable');
  assert.match(
    gone.message!,
    new RegExp(
      `^identity_unreachable\\(advertised=http://127.0.0.1:8101, tried=\\[http://127.0.0.1:8101, ${e.identityUrl}\\]\\): neither the advertised identity nor its H1 rehost answered \\(connect_refused`,
    ),
  );

  e.setSwitch('advertisedIdentity', 'http://identity.example.invalid:443');
  const none = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  assert.equal(none.cause, 'identity_unreachable');
  assert.equal(none.identity.source, 'none');
  assert.deepEqual(none.identity.tried, ['http://identity.example.invalid:443']);
});

test('explicit IDENTITY_ENDPOINT is used as given; a flat-only identity reports no scopes', async () => {
  const e = await emulator({ identityFlatOnly: true });
  e.setSwitch('advertisedIdentity', 'http://127.0.0.1:9');
  const state = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, IDENTITY_ENDPOINT: e.identityUrl, METABOB_API_KEY: e.key }) });
  assert.deepEqual(state.identity, { endpoint: e.identityUrl, source: 'explicit', advertised: 'http://127.0.0.1:9', tried: [e.identityUrl] });
  assert.deepEqual(state.auth, { status: 'authenticated', orgId: 'org_emulated', accountId: 'accounts:emulated', scopes: 'not reported' });
});

test('resolve: own shapes, forwarded shapes, named failures, read-only key, client claim', async () => {
  const e = await emulator();
  const full = await runAttachmentOnce({ env: env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key }) });
  const fullEnv = env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, MB_OPERATOR_ID: 'op-1', SESSION_ID: 's' });
  const registry = await resolveOnce(full, { type: 'vesselRegistry' }, 'discovery', fullEnv);
  assert.equal(registry.ok, true);
  assert.equal(registry.ok && (registry.body as any).content.totalCount, 4);

  // A producer's own 404 passes through to the tool; discovery's own is named.
  const notFound = await resolveOnce(full, { type: 'goalWalkState', dispatchId: 'nope' }, 'goal', fullEnv);
  assert.deepEqual(notFound.ok && [notFound.status, notFound.body], [404, { resolved: false, shape: 'goalWalkState', error: 'dispatch not found' }]);
  e.setSwitch('resolveBody', 'html');
  const portal = await resolveOnce(full, { type: 'vesselRegistry' }, 'discovery', fullEnv);
  assert.equal(portal.ok ? null : portal.line, 'blocked_by_portal: discovery answered POST /resolve for vesselRegistry with an HTML page (HTTP 200)');
  e.setSwitch('resolveBody', 'json');
  await e.setUp('discovery', false);
  const gone = await resolveOnce(full, { type: 'vesselRegistry' }, 'discovery', fullEnv);
  assert.match(gone.ok ? '' : gone.line, new RegExp(`^anchor_unreachable: discovery ${e.discoveryUrl} did not answer POST /resolve — connect_refused\\(`));
  await e.setUp('discovery', true);

  e.setSwitch('noProducer', ['conceptSearch']);
  const missing = await resolveOnce(full, { type: 'conceptSearch', query: 'x' }, 'concept', fullEnv);
  assert.deepEqual(missing.ok ? null : [missing.cause, missing.line.split(':')[0]], ['no_producer', 'no_producer(conceptSearch)']);

  e.setSwitch('forwardFailed', ['substrateGap']);
  const failed = await resolveOnce(full, { type: 'substrateGap' }, 'other', fullEnv);
  assert.equal(failed.ok ? null : failed.line, "producer_unreachable(substrateGap): discovery could not reach substrateGap's producer (fetch failed)");

  // A trace read cut at activity-api's timeout is answered once, never retried.
  e.setSwitch('resolveTimeoutMs', { 'activity-api': 100 });
  e.setSwitch('latencyMs', { executionTraceList: 400 });
  const callsBefore = e.switches.calls.length;
  const cut = await resolveOnce(full, { type: 'executionTraceList' }, 'trace', fullEnv);
  assert.equal(cut.ok ? null : cut.cause, 'producer_timeout');
  assert.match(cut.ok ? '' : cut.line, /^producer_timeout\(executionTraceList, \d+\): discovery cut the forward/);
  assert.equal(e.switches.calls.length - callsBefore, 1);

  // A concept read cut the same way is retried twice (0.5 s, 1.5 s).
  e.setSwitch('resolveTimeoutMs', { 'concept-db': 100 });
  e.setSwitch('noProducer', []);
  e.setSwitch('latencyMs', { conceptSearch: 400 });
  const before = e.switches.calls.length;
  const retried = await resolveOnce(full, { type: 'conceptSearch', query: 'x' }, 'concept', fullEnv);
  assert.equal(retried.ok ? null : retried.cause, 'producer_timeout');
  assert.equal(e.switches.calls.length - before, 3);
  e.setSwitch('latencyMs', {});

  // Writes carry client_claim; a read-only key's write is never sent.
  const write = await resolveOnce(
    full,
    { type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'hi' } },
    { family: 'concept', write: true },
    fullEnv,
  );
  assert.equal(write.ok, true);
  const sent = e.switches.calls.at(-1)!.pointer;
  assert.deepEqual(sent.client_claim, { operator: 'op-1', session: sent.client_claim.session, client: sent.client_claim.client });
  assert.match(sent.client_claim.client, /^metabob-mcp\//);

  const roEnv = env({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.readOnlyKey });
  const ro = await runAttachmentOnce({ env: roEnv });
  assert.deepEqual(ro.auth.scopes, ['read']);
  const count = e.switches.calls.length;
  const refused = await resolveOnce(ro, { type: 'concept_create_write', conceptData: {} }, { family: 'concept', write: true }, roEnv);
  assert.deepEqual(refused, {
    ok: false,
    cause: 'key_read_only',
    line: 'key_read_only: this key has scopes [read]; the concept_create_write write was not sent',
    shape: 'concept_create_write',
  });
  assert.equal(e.switches.calls.length, count);
  // Reads are untouched, and carry no claim.
  const read = await resolveOnce(ro, { type: 'conceptSearch', query: 'hi' }, 'concept', roEnv);
  assert.equal(read.ok && (read.body as any).content.length, 1);
  assert.equal(e.switches.calls.at(-1)!.pointer.client_claim, undefined);
});
