// The emulator holds to the wire contract (../shared/substrate-contract.md §8), so tests
// against it test the client against the substrate's real answers, not against our own guesses.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from './emulator.ts';

let e: Emulator;
before(async () => {
  e = await startEmulator({ switches: { goalRunMs: 20 } });
});
after(async () => {
  await e.stop();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}
const resolve = (pointer: unknown, key = e.key) => post(`${e.discoveryUrl}/resolve`, { pointer }, { authorization: `ApiKey ${key}` });

test('discovery: public /bootstrap, the ApiKey middleware, its own shapes, 400/404/502 answers', async () => {
  const boot = await (await fetch(`${e.discoveryUrl}/bootstrap`)).json();
  assert.deepEqual(boot, { relay_multiaddrs: [], identity_endpoint: e.identityUrl, discovery_endpoint: e.discoveryUrl, prefer_transport: 'libp2p' });
  assert.deepEqual(await post(`${e.discoveryUrl}/resolve`, { pointer: { type: 'vesselRegistry' } }), {
    status: 401,
    body: { error: { code: 'INVALID_API_KEY', message: 'Authorization header is required' } },
  });
  assert.deepEqual(
    (await post(`${e.discoveryUrl}/resolve`, { pointer: { type: 'x' } }, { authorization: `Bearer ${e.key}` })).body.error.message,
    "Invalid Authorization format; expected 'ApiKey <key>'",
  );
  assert.deepEqual((await resolve({ type: 'x' }, 'mbk_nope')).body, { error: { code: 'INVALID_API_KEY', message: 'API key is invalid or has been revoked' } });
  assert.deepEqual(await resolve(undefined), { status: 400, body: { error: 'Missing pointer or pointer.type' } });
  assert.deepEqual(await resolve({ type: 'nothingProducesThis' }), { status: 404, body: { error: 'Not found', shape: 'nothingProducesThis' } });
  const registry = await resolve({ type: 'vesselRegistry' });
  assert.equal(registry.body.metadata.shape, 'vesselRegistry');
  assert.equal(registry.body.metadata.cacheStatus, 'miss');
  assert.equal(registry.body.content.totalCount, 4);
  const capability = await resolve({ type: 'vesselCapability', shape: 'goalWalkState' });
  assert.deepEqual(
    capability.body.content.vessels.map((v: any) => [v.vesselId, v.resolve_endpoint, v.resolve_timeout_ms]),
    [['goal-host-emulated', '/resolve', 60000]],
  );
  e.setSwitch('producerBody', { conceptSearch: 'html' });
  const html = await resolve({ type: 'conceptSearch', query: 'x' });
  assert.equal(html.status, 502);
  assert.equal(html.body.error, 'forward_failed');
  e.setSwitch('producerBody', {});
  e.setSwitch('resolveTimeoutMs', { 'concept-db': 50 });
  e.setSwitch('latencyMs', { conceptSearch: 300 });
  const cut = await resolve({ type: 'conceptSearch', query: 'x' });
  assert.deepEqual([cut.status, cut.body.error, cut.body.shape], [502, 'forward_failed', 'conceptSearch']);
  assert.match(cut.body.detail, /timeout|abort/i);
  e.setSwitch('resolveTimeoutMs', {});
  e.setSwitch('latencyMs', {});
});

test("identity: both forms, rejections, the flat form's header rules", async () => {
  const nested = await post(`${e.identityUrl}/v1/auth/resolve`, { impulse: { type: 'authentication', pointer: { type: 'apiKey', apiKey: e.readOnlyKey } } });
  assert.deepEqual(nested, {
    status: 200,
    body: {
      success: true,
      data: {
        authenticated: true,
        orgId: 'org_emulated',
        userId: 'user_emulated',
        keyId: 'key_2',
        type: 'api_key',
        scopes: ['read'],
        accountId: 'accounts:emulated',
      },
    },
  });
  const flat = await post(`${e.identityUrl}/v1/auth/resolve`, {}, { authorization: `ApiKey ${e.key}` });
  assert.deepEqual(flat, {
    status: 200,
    body: { valid: true, user_id: 'user_emulated', org_id: 'org_emulated', account_id: 'accounts:emulated', role: 'member' },
  });
  assert.deepEqual((await post(`${e.identityUrl}/v1/auth/resolve`, {})).body.error.code, 'MISSING_AUTH_HEADER');
  assert.deepEqual((await post(`${e.identityUrl}/v1/auth/resolve`, {}, { authorization: 'Basic x' })).body.error.code, 'INVALID_AUTH_SCHEME');
  const revokable = 'mbk_revokable';
  e.addKey(revokable);
  e.revokeKey(revokable);
  assert.deepEqual(await post(`${e.identityUrl}/v1/auth/resolve`, {}, { authorization: `ApiKey ${revokable}` }), {
    status: 401,
    body: { valid: false, error: 'API key has been revoked' },
  });
  const health = (await (await fetch(`${e.identityUrl}/health`)).json()) as any;
  assert.equal(health.service, 'identity-vessel');
});

test("producers through discovery: each vessel's own envelope passes through verbatim", async () => {
  const dispatch = await resolve({ type: 'goalDispatchAsync', goal: 'do a thing', operator: 'op' });
  assert.equal(dispatch.status, 202);
  assert.deepEqual(Object.keys(dispatch.body).sort(), ['dispatchId', 'status']);
  await new Promise<void>((r) => setTimeout(() => r(), 60));
  const walk = await resolve({ type: 'goalWalkState', dispatchId: dispatch.body.dispatchId });
  assert.deepEqual([walk.body.resolved, walk.body.shape, walk.body.body.status, walk.body.body.reached], [true, 'goalWalkState', 'completed', true]);
  // Keys absent when undefined (substrate-contract §5.2): the default scripted walk (reached) sets no error.
  assert.equal('error' in walk.body.body, false);
  assert.deepEqual((await resolve({ type: 'goalWalkState', dispatchId: 'nope' })).body, {
    resolved: false,
    shape: 'goalWalkState',
    error: 'dispatch not found',
  });

  const created = await resolve({ type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'emulated concept' } });
  assert.equal(created.body.success, true);
  assert.equal(typeof created.body.content, 'string');
  assert.equal(created.body.metadata.shape, 'concept_create_write_result');
  const row = JSON.parse(created.body.content);
  assert.match(row.id, /^concept:concept_[0-9a-f]{12}$/);
  const graph = await resolve({ type: 'conceptGraph', concept_id: row.id });
  assert.deepEqual([graph.status, graph.body.metadata.neighbor_count], [200, 0]);

  e.switches.traces.push({
    id: 'exec_1',
    org_id: 'org_emulated',
    success: true,
    duration_ms: 12,
    executed_at: '2026-11-30T00:00:00Z',
    activity_id: 'a',
    template_id: 't',
  });
  const list = await resolve({ type: 'executionTraceList', limit: 5 });
  const content = JSON.parse(list.body.content);
  // The dispatch above left its own trace (the reached walk's) beside exec_1.
  assert.deepEqual(
    [content.loaded, content.content.traces.some((t: any) => t.id === 'execution:exec_1'), content.metadata.summary.successCount],
    [false, true, 2],
  );

  e.switches.gaps.push({ id: 'gap_1', category: 'other', source: 'operator_narration', summary: 's', status: 'open', detected_at: '2026-11-30T00:00:00Z' });
  const gaps = await resolve({ type: 'substrateGap', status: 'open' });
  assert.deepEqual([gaps.body.success, gaps.body.shape, gaps.body.body.total], [true, 'substrateGap', 1]);
});

test('a producer accepts {pointer} and {impulse:{pointer}}; concept-db writes need a caller', async () => {
  const producer = e.services['concept-db'].url + '/v2/impulses/resolve';
  assert.equal((await post(producer, { pointer: { type: 'conceptSearch', query: '' } })).status, 200);
  assert.equal((await post(producer, { impulse: { pointer: { type: 'conceptSearch', query: '' } } })).status, 200);
  const unauthenticated = await post(producer, { pointer: { type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'x' } } });
  assert.deepEqual([unauthenticated.status, unauthenticated.body.code], [401, 'AUTH_REQUIRED']);
});

test('goal-host dispatch switches: refused, draining, busy', async () => {
  e.setSwitch('goalDispatch', 'refused');
  const refused = await resolve({ type: 'goalDispatchAsync', goal: 'g' });
  assert.deepEqual([refused.status, refused.body.refused], [200, true]);
  e.setSwitch('goalDispatch', 'draining');
  const draining = await resolve({ type: 'goalDispatchAsync', goal: 'g' });
  assert.deepEqual([draining.status, draining.body.draining], [503, true]);
  e.setSwitch('goalDispatch', 'busy');
  assert.equal((await resolve({ type: 'goalDispatchAsync', goal: 'g' })).status, 429);
  e.setSwitch('goalDispatch', 'accept');
  assert.equal((await resolve({ type: 'goalDispatchAsync', goal: 'g' })).status, 202);
});
