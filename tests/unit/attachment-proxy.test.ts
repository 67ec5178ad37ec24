// The org check through a proxy (SPEC §attachment step 3): the key goes in the Authorization
// header only, never in a body an inspecting proxy's scanner logs, and scopes are then "not
// reported", so the read-only gate knows nothing and gates nothing (SPEC §read-only-key).
// The proxy is a small absolute-form HTTP proxy on 127.0.0.1 that records what crossed it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { startEmulator } from '../substrate/emulator.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';

const stops: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const stop of stops) await stop();
});

/** Forwards absolute-form requests for any host to 127.0.0.1 at the same port; records bodies. */
async function recordingProxy(): Promise<{ url: string; seen: Array<{ method: string; url: string; body: string; authorization?: string }> }> {
  const seen: Array<{ method: string; url: string; body: string; authorization?: string }> = [];
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a rejection here is unhandled and fails the test run, which is what a broken proxy should do
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: req.method!, url: req.url!, body, authorization: req.headers.authorization });
    const target = new URL(req.url!);
    const upstream = request(
      { host: '127.0.0.1', port: target.port, path: target.pathname, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    upstream.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stops.push(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

test('through a proxy the org check sends the header alone; scopes are not reported and writes are not gated', async () => {
  const e = await startEmulator();
  stops.push(() => e.stop());
  const proxy = await recordingProxy();
  // A non-loopback name, so the request takes the proxy (loopback always goes direct).
  const identity = `http://identity.emulated.test:${new URL(e.identityUrl).port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DISCOVERY_ENDPOINT: e.discoveryUrl,
    IDENTITY_ENDPOINT: identity,
    METABOB_API_KEY: e.readOnlyKey,
    HTTP_PROXY: proxy.url,
  };
  const state = await runAttachmentOnce({ env });
  assert.equal(state.auth.status, 'authenticated', state.message ?? '');
  assert.deepEqual(state.auth, { status: 'authenticated', orgId: 'org_emulated', accountId: 'accounts:emulated', scopes: 'not reported' });
  // The bootstrap went direct (loopback); only the org check crossed the proxy, with no key in its body.
  assert.deepEqual(state.network.anchorRoute, { via: 'direct', bypass: 'loopback' });
  assert.deepEqual(
    proxy.seen.map((r) => [r.method, r.url]),
    [['POST', `${identity}/v1/auth/resolve`]],
  );
  assert.ok(!proxy.seen[0].body.includes(e.readOnlyKey));
  assert.equal(proxy.seen[0].authorization, `ApiKey ${e.readOnlyKey}`);
  assert.deepEqual(
    e.identity.log.map((l) => [l.form, l.bodyCarriedKey, l.headerCarriedKey]),
    [['flat', false, true]],
  );
  // With no scopes reported nothing is known about the key: the write is sent.
  const write = await resolveOnce(
    state,
    { type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'x' } },
    { family: 'concept', write: true },
    env,
  );
  assert.equal(write.ok, true);
  assert.equal(state.network.proxy.httpProxy, proxy.url);
});

/** A proxy that answers every request itself with an HTML page (a block page or a portal). */
async function pageProxy(status: number): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body>Access to this site is blocked by policy</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stops.push(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

test('a proxy that refuses /bootstrap with a non-JSON 4xx is named as the proxy, and is final', async () => {
  const proxy = await pageProxy(403);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: 'http://hub.emulated.test:18100', METABOB_API_KEY: 'mbk_x', HTTP_PROXY: proxy };
  const state = await runAttachmentOnce({ env });
  const refusal = `proxy_refused: the request went through the proxy ${proxy} and was answered 403 without JSON; the proxy itself may refuse it (one that allows only HTTPS, say)`;
  assert.equal(state.cause, 'anchor_unreachable');
  assert.equal(state.network.cause, 'proxy_refused');
  assert.deepEqual(state.network.anchorRoute, { via: 'proxy', proxy });
  assert.equal(
    state.message,
    `anchor_unreachable: discovery http://hub.emulated.test:18100 did not answer GET /bootstrap — ${refusal}; substrate tools are unavailable; local tools still work`,
  );
  const { isRetryable } = await import('../../core/attachment/state.ts');
  assert.equal(isRetryable(state), false);
});

test('a proxy or portal answering /bootstrap with its own 200 page is blocked_by_portal, and is retried', async () => {
  const proxy = await pageProxy(200);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: 'http://hub.emulated.test:18100', METABOB_API_KEY: 'mbk_x', HTTP_PROXY: proxy };
  const state = await runAttachmentOnce({ env });
  assert.equal(state.cause, 'blocked_by_portal');
  assert.equal(state.bootstrap.status, 'not_substrate');
  const { isRetryable } = await import('../../core/attachment/state.ts');
  assert.equal(isRetryable(state), true);
});
