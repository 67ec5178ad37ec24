// resolve_impulse and registry_query end to end (SPEC §resolve_impulse, §registry_query): the
// built server over stdio against the emulator. An allowed read is sent once and answered with
// its status and body (truncated at 2048 characters); every refusal carries its reason and its
// alternative and sends nothing; pointer.type overrides shape for the decision too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Emulator } from '../substrate/emulator.ts';
import { attachedForFile, startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

let e: Emulator;
let s: ServerUnderTest;
const defer = attachedForFile((emulator, server) => {
  e = emulator;
  s = server;
});

const call = (name: string, args: Record<string, unknown>, server: ServerUnderTest = s) => server.call(name, args);
const producerCalls = () => e.switches.calls.length;

test('an allowed plain read resolves once and answers its HTTP status and the pretty-printed body, truncated at 2048 characters', async () => {
  const small = await call('resolve_impulse', { shape: 'conceptUsageStats', pointer: { concept_id: 'concept_aaaaaaaaaaaa' } });
  assert.equal(small.isError, false, small.text);
  assert.match(small.text, /^conceptUsageStats: HTTP 200\n\{\n {2}"content": \{\n {4}"total_uses": 0,/);
  assert.deepEqual(
    e.switches.calls.at(-1)!.pointer,
    { type: 'conceptUsageStats', concept_id: 'concept_aaaaaaaaaaaa' },
    'no operator field, no claim on a read',
  );

  for (let i = 0; i < 8; i++) {
    await call('concept_create', { content: `bulk concept ${i} ${'x'.repeat(300)}`, shape: 'memo', source_type: 'memo', summary: `bulk ${i}` });
  }
  const big = await call('resolve_impulse', { shape: 'conceptSearch', pointer: { query: 'bulk' } });
  assert.equal(big.isError, false);
  const [head, ...rest] = big.text.split('\n');
  assert.equal(head, 'conceptSearch: HTTP 200');
  assert.match(rest.join('\n'), /\n… \(truncated: 2048 of \d+ characters shown\)$/);
  assert.equal(rest.join('\n').indexOf('\n… (truncated'), 2048);

  const status = await call('resolve_impulse', { shape: 'conceptGraph', pointer: { concept_id: 'concept_000000000000' } });
  assert.equal(status.text, 'conceptGraph: HTTP 404\n{\n  "error": "Concept not found: concept_000000000000"\n}', 'any status is returned');
});

test('a read is sent once and never retried, under its own cap', async () => {
  e.setSwitch('resolveTimeoutMs', { 'concept-db': 100 });
  e.setSwitch('latencyMs', { conceptSequence: 400 });
  try {
    const before = e.switches.calls.filter((c) => c.shape === 'conceptSequence').length;
    const r = await call('resolve_impulse', { shape: 'conceptSequence', pointer: { concept_id: 'concept_aaaaaaaaaaaa' } });
    assert.equal(r.isError, true);
    assert.match(r.text, /^producer_timeout\(conceptSequence, \d+\): /);
    assert.equal(e.switches.calls.filter((c) => c.shape === 'conceptSequence').length - before, 1);
  } finally {
    e.setSwitch('resolveTimeoutMs', {});
    e.setSwitch('latencyMs', {});
  }
});

test('memoryNote_write is the one write allowed: it goes as a write (a read-only key does not send it); a discovery failure is one line', async () => {
  const r = await call('resolve_impulse', { shape: 'memoryNote_write', pointer: { note: 'remember this' } });
  assert.equal(r.isError, true);
  assert.equal(
    r.text,
    'no_producer(memoryNote_write): discovery found no producer for memoryNote_write, or a producer behind a peer refused the request or lacks the item (a forwarded 404 does not say which)',
  );
  const ro = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.readOnlyKey });
  defer(() => ro.close());
  await ro.waitForHealth((h) => h.attached === true);
  const refused = await call('resolve_impulse', { shape: 'memoryNote_write', pointer: { note: 'x' } }, ro);
  assert.equal(refused.text, 'key_read_only: this key has scopes [read]; the memoryNote_write write was not sent');
});

const REFUSALS: Array<[string, string]> = [
  [
    'maintenanceLease_write',
    "the system's own coordination: maintenance windows, the auto-pick lane, a gap's landing. Instead: dispatch the work as a goal, or let the system land the gap; record a finding for a lease that looks stuck or foreign",
  ],
  ['substrateGapLease_write', "the system's own coordination"],
  [
    'activityExecutionTrace_write',
    "the graded record: a trace's tags set its reach. Instead: dispatch the work as a goal, so goal-host traces it and its judge grades it",
  ],
  ['execution_write', 'the graded record'],
  ['conceptSequence_write', 'an agent writing them hand-feeds it. Instead: dispatch a goal, or record a finding with what was observed'],
  ['activityTemplate_write', 'an agent writing them hand-feeds it'],
  ['test_audit_report_write', 'gate evidence, which the gates write themselves. Instead: run the check, or dispatch it'],
  ['interactorSession_write', "the human surface's own records. Instead: the person uses that surface as themselves"],
  ['uiLayout_write', "the human surface's own records"],
  ['fs_write', 'writes files on a vessel. Instead: a dispatched goal or a reviewed commit'],
  [
    'pushPolicy_write',
    "system policy is an operator's decision; this key carries no operator authority. Instead: ask the person, or record a finding proposing the change",
  ],
  ['goal_verification_label_write', 'the oracle corpus. Instead: provide_feedback'],
  ['poolImpulse_write', 'walk input with no stamped principal. Instead: dispatch a goal'],
  ['substrateGap_write', "gaps, which the system's detectors file. Instead: record_finding"],
  [
    'conceptLink_write',
    'each has a dedicated tool that checks its input and records provenance. Instead: concept_create, concept_link, concept_record_usage, submit_resolution',
  ],
  [
    'concept_delete_write',
    "overwriting, deleting or retiring the system's memory. Instead: concept_create the corrected concept and concept_link it derived_from the wrong one",
  ],
  ['concept_supersede_write', 'advertised by concept-db but not implemented there (it throws). Instead: concept_create the corrected concept'],
  ['bash', "it is not one of resolve_impulse's plain reads or memoryNote_write, and a shape's name does not tell a read from an action"],
  ['code_replace_lines', 'Instead: dispatch the work as a goal (run_goal_async), so goal-host routes it and its judge grades it, or use a dedicated tool'],
  ['goalDispatchAsync', 'Instead: dispatch the work as a goal (run_goal_async)'],
  ['concept', "it is not one of resolve_impulse's plain reads"],
];

test('every refusal from the table names its reason and its alternative, and nothing is sent', async () => {
  const before = producerCalls();
  const resolvesBefore = e.discovery.resolveRequests;
  for (const [shape, words] of REFUSALS) {
    const r = await call('resolve_impulse', { shape });
    assert.equal(r.isError, true, shape);
    assert.ok(r.text.startsWith(`shape_refused(${shape}): resolve_impulse does not send ${shape}: `), r.text);
    assert.ok(r.text.includes(words), `${shape}: ${r.text}`);
    assert.ok(r.text.endsWith('. Nothing was sent.'), r.text);
    assert.equal(r.meta.diagnosis_v2[0].code, 'shape_refused');
  }
  assert.equal(producerCalls(), before);
  assert.equal(e.discovery.resolveRequests, resolvesBefore, 'refused before any request');
});

test('pointer.type overrides shape, for the decision as for the request', async () => {
  const refused = await call('resolve_impulse', { shape: 'conceptSearch', pointer: { type: 'concept_write', content: 'overwrite' } });
  assert.match(refused.text, /^shape_refused\(concept_write\): resolve_impulse does not send concept_write: overwriting, deleting or retiring/);
  const allowed = await call('resolve_impulse', { shape: 'bash', pointer: { type: 'vesselRegistry' } });
  assert.equal(allowed.isError, false, allowed.text);
  assert.match(allowed.text, /^vesselRegistry: HTTP 200\n/);
});

test('registry_query vessels mode lists each producer; a shape no producer serves says so', async () => {
  const r = await call('registry_query', { mode: 'vessels', shape: 'conceptUsageStats' });
  assert.match(r.text, /^1 vessel serves conceptUsageStats:\n- concept-db-emulated: http:\/\/127\.0\.0\.1:\d+ protocol http, resolve \/v2\/impulses\/resolve$/);
  const none = await call('registry_query', { mode: 'vessels', shape: 'memoryNote' });
  assert.equal(none.text, 'No vessel serves memoryNote.\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.');
  const missing = await call('registry_query', { mode: 'vessels' });
  assert.equal(missing.text, 'invalid_arguments: registry_query: shape is required in vessels mode');
});

test("registry_query names both readings when vesselCapability serves a shape the anchor's vocabulary does not list", async () => {
  e.setSwitch('peerCapability', { memoryNote: [{ vesselId: 'memory-vessel', endpoint: 'http://memory.peer.example:8400' }] });
  try {
    const r = await call('registry_query', { mode: 'vessels', shape: 'memoryNote' });
    assert.equal(
      r.text,
      '1 vessel serves memoryNote:\n- memory-vessel (peer): http://memory.peer.example:8400 protocol http, resolve /v2/impulses/resolve\n\n' +
        "Note: memoryNote has producers but is not in the anchor's vocabulary: the producers are on a peer node, or one view is stale.",
    );
    assert.equal(r.meta.warnings_v2[0].code, 'vocabulary_disagrees');
    const shapes = await call('registry_query', { mode: 'shapes', shape: 'memory' });
    assert.match(
      shapes.text,
      /^No advertised shape contains "memory" \(\d+ in the vocabulary\)\.\nThis is the anchor node's vocabulary: .* ask for a peer-served shape by name with mode "vessels"\.\nNext \(no_results_in_corpus\): [^\n]+$/,
    );
  } finally {
    e.setSwitch('peerCapability', {});
  }
});
