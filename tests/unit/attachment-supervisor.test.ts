// The long-running attachment (SPEC §attachment): readers waiting for an attempt in flight,
// the at-most-every-10-s retry on a call, final causes never retried, the cause's age in the
// line, the WARN logged once, and the client cap that keeps every request under 60 s.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { AttachmentSupervisor } from '../../core/attachment/supervisor.ts';
import { RESOLVE_TIMEOUTS_MS, MAX_REQUEST_MS } from '../../core/attachment/resolve.ts';
import { anchorFromEnv } from '../../core/attachment/attach-once.ts';

const emulators: Emulator[] = [];
const supervisors: AttachmentSupervisor[] = [];
after(async () => {
  for (const s of supervisors) s.stop();
  for (const e of emulators) await e.stop();
});

async function setup(env: Record<string, string>, options?: Parameters<typeof startEmulator>[0], now?: () => number) {
  const e = await startEmulator(options);
  emulators.push(e);
  const fullEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, ...env };
  const supervisor = new AttachmentSupervisor(fullEnv, anchorFromEnv(fullEnv), null, now);
  supervisors.push(supervisor);
  return { e, supervisor };
}

/** Captures this process's stderr lines (the logger's channel) while `fn` runs. */
async function captureStderr(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  }) as typeof process.stderr.write;
  try {
    await fn();
  } finally {
    process.stderr.write = original;
  }
  return lines;
}

test('calls that arrive during an attempt wait for it; readers see the last settled state meanwhile', async () => {
  const { e, supervisor } = await setup({}, { switches: { bootstrapDelayMs: 300 } });
  supervisor.start();
  assert.equal(supervisor.current().auth.status, 'pending');
  assert.equal(supervisor.causeLine(), 'attaching');
  const refusals = await Promise.all([1, 2, 3, 4, 5].map(() => supervisor.refusal('registry_query')));
  assert.deepEqual(refusals, [null, null, null, null, null]);
  assert.equal(e.discovery.bootstrapRequests, 1);
  assert.equal(e.identity.log.length, 1);
  assert.equal(supervisor.current().auth.status, 'authenticated');
});

test('a retryable cause is retried by a call at most every METABOB_CALL_RETRY_MS, and names its age past a minute', async () => {
  let clock = Date.parse('2026-11-30T08:00:00.000Z');
  const { e, supervisor } = await setup(
    { METABOB_REATTACH_SCALE: '1000', METABOB_CALL_RETRY_MS: '10000' },
    { switches: { bootstrap: 'status503' } },
    () => clock,
  );
  const first = await supervisor.settledState();
  assert.equal(first.cause, 'anchor_unreachable');
  const line = `anchor_unreachable: discovery ${e.discoveryUrl} answered GET /bootstrap with HTTP 503; substrate tools are unavailable; local tools still work`;
  assert.equal(supervisor.causeLine(), line);
  const requests = e.discovery.bootstrapRequests;
  // Within 10 s of the last attempt a call does not attempt again.
  clock += 5_000;
  assert.equal(await supervisor.refusal('registry_query'), line);
  assert.equal(e.discovery.bootstrapRequests, requests);
  // Past 10 s it does: still failing, the cause keeps its first-found time.
  clock += 6_000;
  assert.equal(await supervisor.refusal('registry_query'), line);
  assert.ok(e.discovery.bootstrapRequests > requests);
  clock += 3.1 * 3600_000 - 11_000;
  assert.equal(await supervisor.refusal('registry_query'), `${line} (found 3.1 h ago, at 2026-11-30T08:00:00.000Z, after 3 attempts; retrying)`);
  // It comes back: the next call past the retry interval attaches.
  e.setSwitch('bootstrap', 'json');
  clock += 10_000;
  assert.equal(await supervisor.refusal('registry_query'), null);
  assert.equal(supervisor.causeLine(), null);
});

test('final causes are not retried, by the schedule or by calls; the WARN is logged once', async () => {
  const { e, supervisor } = await setup({ METABOB_API_KEY: 'mbk_unknown', METABOB_REATTACH_SCALE: '0.001', METABOB_CALL_RETRY_MS: '0' });
  const lines = await captureStderr(async () => {
    await supervisor.settledState();
    for (let i = 0; i < 5; i++) assert.match((await supervisor.refusal('registry_query'))!, /^key_rejected: /);
    await new Promise((r) => setTimeout(r, 300));
  });
  assert.equal(e.identity.log.length, 1);
  assert.equal(e.discovery.bootstrapRequests, 1);
  assert.equal(lines.filter((l) => l.includes('attachment refused: key_rejected')).length, 1);
  assert.ok(lines.every((l) => !l.includes('mbk_unknown')));
});

test('the background schedule retries a retryable cause and logs the recovery once; the WARN is logged once across attempts', async () => {
  const { e, supervisor } = await setup({ METABOB_REATTACH_SCALE: '0.01' }, { discoveryDown: true });
  const lines = await captureStderr(async () => {
    await supervisor.settledState();
    // 50 ms, 150 ms, 300 ms, 600 ms at this scale: a few failed attempts, then it comes up.
    await new Promise((r) => setTimeout(r, 400));
    await e.setUp('discovery', true);
    const deadline = Date.now() + 10_000;
    while (supervisor.current().auth.status !== 'authenticated' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  });
  assert.equal(supervisor.current().auth.status, 'authenticated');
  assert.equal(lines.filter((l) => l.includes('WARNING attachment refused: anchor_unreachable')).length, 1);
  const recovery = lines.filter((l) => l.includes('Attached on attempt'));
  assert.equal(recovery.length, 1);
  assert.match(
    recovery[0],
    /INFO Attached on attempt [3-9]\d*, after: anchor_unreachable: discovery http:\/\/127\.0\.0\.1:\d+ did not answer GET \/bootstrap — connect_refused/,
  );
});

test('no request is held past its cap: every family cap is at most 60 s, and a slow write is cut at the cap and sent once', async () => {
  for (const cap of Object.values(RESOLVE_TIMEOUTS_MS)) assert.ok(cap <= MAX_REQUEST_MS);
  assert.equal(MAX_REQUEST_MS, 60_000);
  assert.deepEqual(RESOLVE_TIMEOUTS_MS, { discovery: 10_000, trace: 15_000, concept: 35_000, goal: 60_000, other: 30_000 });
  const { e, supervisor } = await setup({}, { switches: { latencyMs: { concept_create_write: 6000 } } });
  await supervisor.settledState();
  const sent = e.discovery.resolveRequests;
  const started = Date.now();
  const result = await supervisor.resolve(
    { type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'slow' } },
    { family: 'concept', write: true, timeoutMs: 1000 },
  );
  const elapsed = Date.now() - started;
  assert.deepEqual(result, {
    ok: false,
    cause: 'producer_timeout',
    line: 'producer_timeout(concept_create_write, 1000): no answer within the concept cap of 1000 ms',
    shape: 'concept_create_write',
  });
  assert.ok(elapsed >= 1000 && elapsed < 3000, `took ${elapsed} ms`);
  // Sent once: a write is never retried.
  assert.equal(e.discovery.resolveRequests - sent, 1);
  assert.equal(supervisor.current().network.lastByFamily.concept?.ok, false);
});
