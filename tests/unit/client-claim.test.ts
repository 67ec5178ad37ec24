// SPEC §Client claim: the attachment adds client_claim { operator, session, client } to the
// pointer of every resolve that is not a read, whether or not the caller marked it a write;
// reads carry none, a pointer with its own claim is sent as it is, and METABOB_CLIENT_CLAIM=off
// sends none. Observed at the emulated producers on 127.0.0.1.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';
import { isNonReadResolve } from '../../core/attachment/resolve.ts';
import { VERSION } from '../../core/version.ts';

let e: Emulator;
after(async () => {
  await e?.stop();
});

function lastPointer(shape: string): any {
  return [...e.switches.calls].reverse().find((c) => c.shape === shape)?.pointer;
}

test('which resolves are not reads', () => {
  assert.equal(isNonReadResolve({ type: 'conceptSearch' }, { family: 'concept' }), false);
  assert.equal(isNonReadResolve({ type: 'conceptGraph', concept_id: 'concept_x' }, { family: 'concept' }), false);
  assert.equal(isNonReadResolve({ type: 'concept' }, { family: 'concept' }), false);
  assert.equal(isNonReadResolve({ type: 'concept', concept_id: 'concept_x' }, { family: 'concept' }), true);
  assert.equal(isNonReadResolve({ type: 'conceptUsage_write' }, { family: 'concept' }), true);
  assert.equal(isNonReadResolve({ type: 'goalDispatchAsync' }, { family: 'goal' }), true);
  assert.equal(isNonReadResolve({ type: 'vesselRegistry' }, { family: 'discovery', write: true }), true);
});

test('every non-read resolve carries the claim, reads none; off and an own claim are honoured; a read-only key sends no write', async () => {
  e = await startEmulator({ switches: { goalRunMs: 10 } });
  const env = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, MB_OPERATOR_ID: 'op-test' };
  const state = await runAttachmentOnce({ env });
  const claim = { sessionId: 'session-1', vesselId: 'metabob-mcp-aaaaaaaaaaaa' };
  const expected = { operator: 'op-test', session: 'session-1', client: `metabob-mcp/${VERSION}` };

  // Not marked as a write by the caller, still not a read.
  const usage = { type: 'conceptUsage_write', usageData: { concept_id: 'concept_none', trace_id: 't', outcome: 'neutral' } };
  assert.equal((await resolveOnce(state, usage, { family: 'concept', claim }, env)).ok, true);
  assert.deepEqual(lastPointer('conceptUsage_write').client_claim, expected);
  assert.equal((await resolveOnce(state, { type: 'goalDispatchAsync', goal: 'g' }, { family: 'goal', claim }, env)).ok, true);
  assert.deepEqual(lastPointer('goalDispatchAsync').client_claim, expected);

  await resolveOnce(state, { type: 'conceptSearch', limit: 1 }, { family: 'concept', claim }, env);
  assert.equal(lastPointer('conceptSearch').client_claim, undefined);

  const own = { operator: 'someone', session: 's', client: 'other/1' };
  await resolveOnce(state, { ...usage, client_claim: own }, { family: 'concept', claim }, env);
  assert.deepEqual(lastPointer('conceptUsage_write').client_claim, own);

  const off = { ...env, METABOB_CLIENT_CLAIM: 'off' };
  await resolveOnce(state, usage, { family: 'concept', claim }, off);
  assert.equal(lastPointer('conceptUsage_write').client_claim, undefined);

  // Without MB_OPERATOR_ID the operator is the vessel id.
  const { MB_OPERATOR_ID: _op, ...plain } = env;
  await resolveOnce(state, usage, { family: 'concept', claim }, plain);
  assert.equal(lastPointer('conceptUsage_write').client_claim.operator, 'metabob-mcp-aaaaaaaaaaaa');

  const readEnv = { ...env, METABOB_API_KEY: e.readOnlyKey };
  const readState = await runAttachmentOnce({ env: readEnv });
  const calls = e.switches.calls.length;
  const refused = await resolveOnce(readState, { type: 'goalDispatchAsync', goal: 'g' }, { family: 'goal', claim }, readEnv);
  assert.deepEqual(refused.ok ? null : refused.line, 'key_read_only: this key has scopes [read]; the goalDispatchAsync write was not sent');
  assert.equal(e.switches.calls.length, calls);
  assert.equal((await resolveOnce(readState, { type: 'conceptSearch', limit: 1 }, { family: 'concept' }, readEnv)).ok, true);
});
