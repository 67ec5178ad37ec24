// The concept-db client (core/substrate/concept-db.ts) through the real attachment ingress
// against the emulator on 127.0.0.1: list-mode paging, the graph's incoming derived_from edges,
// the three writes, refusals as one cause line, every wire form the contract marks as varying,
// and concept-db's rows surviving a restart of the emulator on the same state directory.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';
import { ConceptDbClient } from '../../core/substrate/concept-db.ts';
import { tempDir } from '../helpers/git.ts';

const emulators: Emulator[] = [];
after(async () => {
  for (const e of emulators) await e.stop();
});

async function clientOn(e: Emulator, key = e.key): Promise<ConceptDbClient> {
  const env = { PATH: process.env.PATH, DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: key };
  const state = await runAttachmentOnce({ env });
  return new ConceptDbClient((pointer, options) => resolveOnce(state, pointer, options, env));
}

async function started(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const e = await startEmulator(options);
  emulators.push(e);
  return e;
}

test('create, list mode with limit and offset (relevance first, then newest), graph, link, usage', async () => {
  const e = await started();
  const client = await clientOn(e);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const made = await client.create({ source_type: 'metabob_annotation', shape: 'code_finding', content: `finding ${i}`, summary: `s${i}` });
    assert.ok(made.ok, JSON.stringify(made));
    assert.match(made.value.id, /^concept_[0-9a-f]{12}$/);
    ids.push(made.value.id);
  }
  const other = await client.create({ source_type: 'memo', shape: 'memo', content: 'not a finding' });
  assert.ok(other.ok);

  const first = await client.search({ shape: 'code_finding', limit: 2 });
  assert.ok(first.ok);
  assert.deepEqual(
    first.value.map((r) => r.id),
    [ids[4], ids[3]],
  );
  const second = await client.search({ shape: 'code_finding', limit: 2, offset: 2 });
  assert.ok(second.ok);
  assert.deepEqual(
    second.value.map((r) => r.id),
    [ids[2], ids[1]],
  );
  // The offset goes on the wire only when it is not zero.
  const sent = e.switches.calls.filter((c) => c.shape === 'conceptSearch').map((c) => c.pointer.offset);
  assert.deepEqual(sent, [undefined, 2]);

  // A success raises a concept above its peers.
  const used = await client.usage({ concept_id: `concept:${ids[0]}`, trace_id: 'metabob-mcp:test', outcome: 'success' });
  assert.ok(used.ok);
  assert.match(used.value.id, /^usage_/);
  const ranked = await client.search({ shape: 'code_finding', limit: 1 });
  assert.ok(ranked.ok);
  assert.equal(ranked.value[0].id, ids[0]);

  const linked = await client.link({ from_concept_id: ids[1], to_concept_id: `concept:⟨${ids[0]}⟩`, edge_type: 'derived_from' });
  assert.ok(linked.ok);
  assert.equal(linked.value.created, true);
  await client.link({ from_concept_id: ids[0], to_concept_id: ids[2], edge_type: 'related_to' });
  const incoming = await client.graph(ids[0], { direction: 'incoming', edgeTypes: ['derived_from'], limit: 50 });
  assert.ok(incoming.ok && incoming.value);
  assert.equal(incoming.value.root.id, ids[0]);
  assert.deepEqual(
    incoming.value.edges.map((x) => x.neighbor.id),
    [ids[1]],
  );
  const byId = await client.byId(ids[2]);
  assert.ok(byId.ok);
  assert.equal(byId.value?.content, 'finding 2');
  const missing = await client.byId('concept_nothere00000');
  assert.deepEqual(missing, { ok: true, value: undefined });
  assert.ok(client.counts.conceptSearch >= 3 && client.counts.concept_create_write === 6);
});

test('a write carries client_claim, a read none; a read-only key sends no write; a refusal is one cause line', async () => {
  const e = await started();
  const client = await clientOn(e);
  const made = await client.create({ source_type: 'memo', content: 'claimed' });
  assert.ok(made.ok);
  const create = e.switches.calls.find((c) => c.shape === 'concept_create_write')!;
  assert.equal(create.pointer.client_claim.client.startsWith('metabob-mcp/'), true);
  await client.search({ limit: 5 });
  assert.equal(e.switches.calls.find((c) => c.shape === 'conceptSearch')!.pointer.client_claim, undefined);

  const reader = await clientOn(e, e.readOnlyKey);
  const refused = await reader.create({ source_type: 'memo', content: 'x' });
  assert.equal(refused.ok, false);
  assert.equal(!refused.ok && refused.cause.line, 'key_read_only: this key has scopes [read]; the concept_create_write write was not sent');

  const bad = await client.create({ source_type: '', content: 'x' });
  assert.equal(bad.ok, false);
  assert.equal(
    !bad.ok && bad.cause.line,
    'concept_db_refused(concept_create_write, HTTP 400): concept-db answered concept_create_write with source_type and content are required',
  );
});

test('every wire form the contract names reads the same: content.concepts, ⟨⟩ and bare ids, object write content', async () => {
  const e = await started();
  const client = await clientOn(e);
  const forms = [
    { searchRows: 'content', ids: 'prefixed', writeContent: 'string' },
    { searchRows: 'content.concepts', ids: 'wrapped', writeContent: 'object' },
    { searchRows: 'content.concepts', ids: 'bare', writeContent: 'string' },
    { searchRows: 'content', ids: 'wrapped', writeContent: 'object' },
  ] as const;
  for (const [i, form] of forms.entries()) {
    e.setSwitch('conceptWire', { ...form });
    const made = await client.create({ source_type: 'memo', content: `form ${i}` });
    assert.ok(made.ok, JSON.stringify(form));
    assert.match(made.value.id, /^concept_[0-9a-f]{12}$/);
    const rows = await client.search({ limit: 10 });
    assert.ok(rows.ok);
    assert.ok(
      rows.value.every((r) => /^concept_[0-9a-f]{12}$/.test(r.id)),
      JSON.stringify(form),
    );
    assert.equal(rows.value.length, i + 1);
    const graph = await client.byId(made.value.id);
    assert.ok(graph.ok);
    assert.equal(graph.value?.id, made.value.id);
  }
});

test('the offset-ignored switch answers an offset with the first page', async () => {
  const e = await started({ switches: { conceptOffsetIgnored: true } });
  const client = await clientOn(e);
  for (let i = 0; i < 3; i++) await client.create({ source_type: 'memo', content: `c${i}` });
  const a = await client.search({ limit: 2 });
  const b = await client.search({ limit: 2, offset: 2 });
  assert.ok(a.ok && b.ok);
  assert.deepEqual(
    b.value.map((r) => r.id),
    a.value.map((r) => r.id),
  );
});

test("concept-db's rows survive the service going down and a restart on the same state directory", async () => {
  const stateDir = tempDir('metabob-emu-state-');
  const e1 = await started({ stateDir });
  const c1 = await clientOn(e1);
  const made = await c1.create({ source_type: 'memo', content: 'durable' });
  assert.ok(made.ok);
  await c1.link({ from_concept_id: made.value.id, to_concept_id: made.value.id, edge_type: 'related_to' });
  await e1.setUp('concept-db', false);
  await e1.setUp('concept-db', true);
  assert.equal((await c1.byId(made.value.id)).ok, true);
  await e1.stop();
  assert.ok(existsSync(join(stateDir, 'concept-db.json')));

  const e2 = await started({ stateDir });
  const c2 = await clientOn(e2);
  const found = await c2.byId(made.value.id);
  assert.ok(found.ok);
  assert.equal(found.value?.content, 'durable');
  const graph = await c2.graph(made.value.id);
  assert.ok(graph.ok && graph.value);
  assert.equal(graph.value.edges.length, 1);
});
