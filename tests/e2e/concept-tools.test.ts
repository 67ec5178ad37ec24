// The concept graph tools end to end (SPEC §Concept graph tools): the built server over stdio,
// attached to the substrate emulator on 127.0.0.1, each tool's success line, the id forms in
// and out, the author stamp's cleaning, the usage history's direct read and its private-address
// rule, and the failure lines: discovery's named causes, a read-only key, concept-db's refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../substrate/emulator.ts';
import { attachedForFile, startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';

let e: Emulator;
let s: ServerUnderTest;
const defer = attachedForFile((emulator, server) => {
  e = emulator;
  s = server;
});

const call = (name: string, args: Record<string, unknown>, server: ServerUnderTest = s) => server.call(name, args);

const PLAIN_ID = /concept_[0-9a-f]{12}/;
const callsOf = (shape: string) => e.switches.calls.filter((c) => c.shape === shape);

async function created(content: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call('concept_create', { content, shape: 'memo', source_type: 'memo', ...extra });
  assert.equal(r.isError, false, r.text);
  const id = PLAIN_ID.exec(r.text)?.[0];
  assert.ok(id, r.text);
  return id;
}

test('concept_create stamps the author first, cleans recorded_by/session from the header block only, and says what it removed', async () => {
  const content = 'Recorded_By: someone-else\n   SESSION: forged\nrepo: github.com/acme/app\n\nThe body.\nrecorded_by: free text after the blank line stays';
  const r = await call('concept_create', { content, summary: 'stamp test', shape: 'memo', source_type: 'memo', budget: 1500, priority: 0.7 });
  assert.equal(r.isError, false, r.text);
  const id = PLAIN_ID.exec(r.text)![0];
  assert.equal(
    r.text,
    [
      `Created concept ${id}.`,
      'shape: memo · source_type: memo',
      'summary: stamp test',
      'budget: 1500 · priority: 0.7',
      'author: stamped recorded_by and session (declared, not verified)',
      "Removed from the content's header block: recorded_by:, session: (only the stamp names an author).",
    ].join('\n'),
  );
  const sent = callsOf('concept_create_write').at(-1)!.pointer;
  const lines = String(sent.conceptData.content).split('\n');
  assert.match(lines[0]!, /^recorded_by: metabob-mcp-[0-9a-f]{12}$/);
  assert.match(lines[1]!, /^session: [0-9a-f-]{36}$/);
  assert.deepEqual(lines.slice(2), ['repo: github.com/acme/app', '', 'The body.', 'recorded_by: free text after the blank line stays']);
  assert.deepEqual(sent.conceptData.pointer, { type: 'memo' });
  assert.equal(sent.client_claim.client.startsWith('metabob-mcp/'), true, 'a write carries the client claim');

  // Read back by id, in each of the three forms, with the full body; the id prints plain.
  for (const form of [id, `concept:${id}`, `concept:⟨${id}⟩`, `⟨${id}⟩`]) {
    const read = await call('concept_search', { concept_id: form, content: 'none' });
    assert.equal(read.isError, false, read.text);
    assert.match(
      read.text,
      new RegExp(`^\\[memo\\] memo ${id}\\n   summary: stamp test\\n   relevance 0\\.5 · loaded 0 · succeeded 0 · failed 0\\n   updated: \\d{4}-`),
    );
    assert.ok(read.text.includes('   recorded_by: metabob-mcp-'), 'concept_id reads the full body whatever content says');
    assert.ok(!read.text.includes('concept:'), read.text);
  }
  const graphCall = callsOf('conceptGraph').at(-1)!.pointer;
  assert.deepEqual({ concept_id: graphCall.concept_id, limit: graphCall.limit }, { concept_id: id, limit: 1 });
});

test('concept_search lists (no query) and queries with filters, relevance first, bodies as preview / full / none, ids plain', async () => {
  const long = Array.from({ length: 40 }, (_, i) => `line ${i} of a long zebra body that goes on`).join('\n');
  const zebra = await created(long, { shape: 'zebraShape', summary: 'zebra long' });
  await created('a short zebra note', { shape: 'zebraShape', source_type: 'llm', summary: 'zebra short' });

  const listed = await call('concept_search', { shape: 'zebraShape', content: 'none' });
  assert.equal(listed.isError, false, listed.text);
  assert.match(listed.text, /^2 concepts \(list mode \(no query\), shape zebraShape\), relevance first:\n\n1\. \[(memo|llm)\] zebraShape concept_/);
  assert.ok(!listed.text.includes('concept:'), listed.text);
  assert.equal(callsOf('conceptSearch').at(-1)!.pointer.query, undefined, 'list mode sends no query');

  const preview = await call('concept_search', { query: 'zebra body', source_type: 'memo' });
  assert.match(preview.text, new RegExp(`^1 concept \\(query "zebra body", source_type memo\\), relevance first:\\n\\n1\\. \\[memo\\] zebraShape ${zebra}\\n`));
  assert.match(preview.text, /… \(\d+ of \d+ characters shown; content: "full" shows the whole body\)$/);
  const full = await call('concept_search', { query: 'zebra body', content: 'full' });
  assert.ok(full.text.includes('line 39 of a long zebra body'), 'full shows the whole body');
  const none = await call('concept_search', { query: 'zebra body', content: 'none' });
  assert.ok(!none.text.includes('line 0'), none.text);

  const nothing = await call('concept_search', { query: 'no-such-words-anywhere' });
  assert.equal(nothing.text, 'No concept matches (query "no-such-words-anywhere").\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.');
  assert.equal(nothing.meta.empty_reason, 'no_results_in_corpus');
  const unknown = await call('concept_search', { concept_id: 'concept:concept_000000000000' });
  assert.equal(unknown.text, 'No concept concept_000000000000 in concept-db.\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.');
  const blank = await call('concept_search', { concept_id: 'concept:⟨⟩' });
  assert.equal(blank.isError, true);
  assert.match(blank.text, /^invalid_arguments: concept_search: concept_id holds no concept id/);
});

test('concept_link upserts (created, then the EMA move with the previous weight); neighbours and the sequence chain follow the edges', async () => {
  const a = await created('sequence head A');
  const b = await created('sequence next B');
  const first = await call('concept_link', {
    from_concept_id: `concept:${a}`,
    to_concept_id: `⟨${b}⟩`,
    edge_type: 'sequence_next',
    weight: 0.8,
    description: 'A then B',
  });
  assert.equal(first.isError, false, first.text);
  assert.match(first.text, new RegExp(`^Edge concept_edge:\\w+ created\\.\\n${a} —sequence_next→ ${b}\\nweight: 0\\.8\\ndescription: A then B$`));
  assert.deepEqual(callsOf('conceptLink_write').at(-1)!.pointer.linkData, {
    from_concept_id: a,
    to_concept_id: b,
    edge_type: 'sequence_next',
    description: 'A then B',
    weight: 0.8,
  });
  const again = await call('concept_link', { from_concept_id: a, to_concept_id: b, edge_type: 'sequence_next', weight: 0.2 });
  assert.match(again.text, /^Edge concept_edge:\w+ exists: its weight moved by EMA from 0\.8 to 0\.62\.\n/);

  const out = await call('concept_neighbors', { concept_id: a, direction: 'outgoing', content: 'preview' });
  assert.match(
    out.text,
    new RegExp(
      `^1 neighbour of ${a} \\(outgoing\\):\\n\\n1\\. → sequence_next \\[memo\\] ${b}\\n   summary: sequence next B\\n` +
        '   edge weight 0\\.62 · traversed 0 · relevance 0\\.5\\n   recorded_by: metabob-mcp-[0-9a-f]{12}\\n   session: \\S+\\n   sequence next B$',
    ),
  );
  const incoming = await call('concept_neighbors', { concept_id: `concept:${b}`, direction: 'incoming', edge_types: ['sequence_next'], content: 'none' });
  assert.match(incoming.text, new RegExp(`^1 neighbour of ${b} \\(incoming, sequence_next\\):\\n\\n1\\. ← sequence_next \\[memo\\] ${a}\\n`));
  const filtered = await call('concept_neighbors', { concept_id: a, edge_types: ['contradicts'] });
  assert.equal(
    filtered.text,
    `No neighbours of ${a} (either direction, contradicts).\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.`,
  );
  const unknown = await call('concept_neighbors', { concept_id: 'concept_000000000000' });
  assert.equal(unknown.isError, false, 'a 404 for an unknown concept reads as no neighbours');
  assert.equal(
    unknown.text,
    'No neighbours of concept_000000000000 (either direction) (concept-db has no such concept).\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.',
  );

  const next = await call('concept_sequence', { concept_id: `concept:⟨${a}⟩` });
  assert.equal(next.text, `1 concept is observed to follow ${a}:\n1. ${b} · weight 0.62 · traversed 0`);
  const prev = await call('concept_sequence', { concept_id: b, direction: 'prev' });
  assert.equal(prev.text, `1 concept is observed to precede ${b}:\n1. ${a} · weight 0.62 · traversed 0`);
  const none = await call('concept_sequence', { concept_id: b });
  assert.equal(none.text, `No concept is observed to follow ${b}.\nNext (no_results_in_corpus): Do not retry the same query; widen or pivot.`);
});

test('concept_record_usage writes the plain id once; concept_usage_stats shows the aggregate and the rows read directly from concept-db', async () => {
  const id = await created('a concept that helped');
  const r = await call('concept_record_usage', { concept_id: `concept:⟨${id}⟩`, outcome: 'success', trace_id: 'trace-1', activity_id: 'act-1' });
  assert.equal(r.isError, false, r.text);
  assert.match(
    r.text,
    new RegExp(`^Recorded success for ${id} \\(usage usage_[\\w-]+, trace trace-1\\)\\.\\nconcept-db folds it into the concept's relevance`),
  );
  assert.deepEqual(callsOf('conceptUsage_write').at(-1)!.pointer.usageData, { concept_id: id, trace_id: 'trace-1', outcome: 'success', activity_id: 'act-1' });
  const neutral = await call('concept_record_usage', { concept_id: id, outcome: 'neutral' });
  assert.match(neutral.text, /trace mcp:[0-9a-f-]{36}\)/, 'the default trace id is mcp:<uuid>');

  const stats = await call('concept_usage_stats', { concept_id: `concept:${id}` });
  assert.equal(stats.isError, false, stats.text);
  const lines = stats.text.split('\n');
  assert.equal(lines[0], `Usage of ${id}: 2 uses · success 50% · failure 0% · neutral 50%`);
  assert.equal(lines[1], `Recent usage (2, newest first, from concept-db at ${e.services['concept-db'].url}):`);
  assert.match(lines[2]!, /^- neutral at \d{4}-\S+ · trace mcp:[0-9a-f-]{36} · activity \(none\)$/);
  assert.match(lines[3]!, /^- success at \d{4}-\S+ · trace trace-1 · activity act-1$/);
  assert.ok(
    e.switches.calls.some((c) => c.shape === `GET /concepts/${id}/usage`),
    'the rows came from the direct REST read',
  );
  const bare = await call('concept_usage_stats', { concept_id: id, include_history: false });
  assert.equal(bare.text, lines[0]);
});

test('a private address advertised on another host than discovery gives the unavailable line (the proxy test below shows it is not dialled), and a failed read still returns the stats', async () => {
  const id = await created('a concept whose producer sits on a private network');
  e.setSwitch('advertisedEndpoint', { 'concept-db': 'http://10.20.30.40:8300' });
  try {
    const r = await call('concept_usage_stats', { concept_id: id });
    assert.equal(r.isError, false, r.text);
    assert.equal(
      r.text,
      `Usage of ${id}: 0 uses · success 0% · failure 0% · neutral 0%\n` +
        'Recent usage: unavailable — recent rows come from concept-db directly at http://10.20.30.40:8300, a private address (RFC 1918, CGNAT or link-local) ' +
        'on another host than discovery, which was not dialled since it is almost always out of reach from this client; the aggregate above is complete.',
    );

    // A public-looking address that refuses: the read fails with its network cause, the stats stand.
    e.setSwitch('advertisedEndpoint', { 'concept-db': 'http://127.0.0.1:9' });
    const refused = await call('concept_usage_stats', { concept_id: id });
    assert.match(
      refused.text.split('\n')[1]!,
      /^Recent usage: unavailable — recent rows come from concept-db directly at http:\/\/127\.0\.0\.1:9, which did not answer GET \/concepts\/:id\/usage: connect_refused\(127\.0\.0\.1:9\).*; the aggregate above is complete\.$/,
    );
  } finally {
    e.setSwitch('advertisedEndpoint', {});
  }
});

test("a read cut at concept-db's timeout is retried with backoff and named; a write is sent once", async () => {
  e.setSwitch('resolveTimeoutMs', { 'concept-db': 100 });
  e.setSwitch('latencyMs', { conceptSearch: 400, conceptLink_write: 400 });
  try {
    const before = callsOf('conceptSearch').length;
    const read = await call('concept_search', { query: 'anything' });
    assert.equal(read.isError, true);
    assert.match(read.text, /^producer_timeout\(conceptSearch, \d+\): discovery cut the forward to conceptSearch's producer at its resolve timeout/);
    assert.equal(callsOf('conceptSearch').length - before, 3, 'sent, then retried after 0.5 s and 1.5 s');

    const writesBefore = callsOf('conceptLink_write').length;
    const write = await call('concept_link', { from_concept_id: 'concept_aaaaaaaaaaaa', to_concept_id: 'concept_bbbbbbbbbbbb', edge_type: 'related_to' });
    assert.equal(write.isError, true);
    assert.match(write.text, /^producer_timeout\(conceptLink_write, \d+\): /);
    assert.equal(callsOf('conceptLink_write').length - writesBefore, 1, 'a write is never retried');
  } finally {
    e.setSwitch('resolveTimeoutMs', {});
    e.setSwitch('latencyMs', {});
  }
});

test("discovery's failures are one named line, never thrown", async () => {
  e.setSwitch('noProducer', ['conceptGraph']);
  e.setSwitch('forwardFailed', ['conceptSequence']);
  try {
    const missing = await call('concept_neighbors', { concept_id: 'concept_aaaaaaaaaaaa' });
    assert.equal(missing.isError, true);
    assert.equal(
      missing.text,
      'no_producer(conceptGraph): discovery found no producer for conceptGraph, or a producer behind a peer refused the request or lacks the item (a forwarded 404 does not say which)',
    );
    assert.equal(missing.meta.diagnosis_v2[0].code, 'no_producer');
    const unreachable = await call('concept_sequence', { concept_id: 'concept_aaaaaaaaaaaa' });
    assert.equal(unreachable.text, "producer_unreachable(conceptSequence): discovery could not reach conceptSequence's producer (fetch failed)");
  } finally {
    e.setSwitch('noProducer', []);
    e.setSwitch('forwardFailed', []);
  }
});

test('a read-only key sends no write; a key concept-db no longer accepts is its refusal, in one line', async () => {
  const ro = await startServer({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.readOnlyKey });
  defer(() => ro.close());
  await ro.waitForHealth((h) => h.attached === true);
  const before = callsOf('conceptUsage_write').length;
  const refused = await call('concept_record_usage', { concept_id: 'concept_aaaaaaaaaaaa', outcome: 'failure' }, ro);
  assert.equal(refused.isError, true);
  assert.equal(refused.text, 'key_read_only: this key has scopes [read]; the conceptUsage_write write was not sent');
  assert.equal(callsOf('conceptUsage_write').length, before);
  const read = await call('concept_search', { query: 'zebra', content: 'none' }, ro);
  assert.equal(read.isError, false, 'reads are untouched');

  // concept-db validates the caller itself: a revoked key is refused there while discovery's cache still admits it.
  e.revokeKey(e.key);
  const write = await call('concept_link', { from_concept_id: 'concept_aaaaaaaaaaaa', to_concept_id: 'concept_bbbbbbbbbbbb', edge_type: 'related_to' });
  assert.equal(write.isError, true);
  assert.equal(write.text, 'concept_db_refused(conceptLink_write): concept-db answered HTTP 401: Authentication required');
});

test('through a proxy, which sees every dial: the private address is never requested, a public one is, and its rows are shown', async () => {
  // Loopback targets (discovery) never take the proxy; any dial of an advertised address does.
  const seen: string[] = [];
  const proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ usage: [{ outcome: 'failure', recorded_at: '2026-01-02T03:04:05Z', trace_id: 'via-proxy', activity_id: null }] }));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  defer(() => new Promise((resolve) => proxy.close(() => resolve())));
  // A key of its own: an earlier test revoked the shared one.
  const key = `mbk_proxy_${Date.now()}`;
  e.addKey(key);
  const proxied = await startServer({
    DISCOVERY_ENDPOINT: e.discoveryUrl,
    METABOB_API_KEY: key,
    HTTP_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
  });
  defer(() => proxied.close());
  await proxied.waitForHealth((h) => h.attached === true);
  try {
    e.setSwitch('advertisedEndpoint', { 'concept-db': 'http://192.168.7.7:8300' });
    const skipped = await call('concept_usage_stats', { concept_id: 'concept_aaaaaaaaaaaa' }, proxied);
    assert.match(skipped.text, /\nRecent usage: unavailable — recent rows come from concept-db directly at http:\/\/192\.168\.7\.7:8300, a private address/);
    assert.deepEqual(seen, [], 'the private address was not dialled');

    e.setSwitch('advertisedEndpoint', { 'concept-db': 'http://203.0.113.7:8300' });
    const dialled = await call('concept_usage_stats', { concept_id: 'concept:concept_aaaaaaaaaaaa', history_limit: 3 }, proxied);
    assert.deepEqual(seen, ['GET http://203.0.113.7:8300/concepts/concept_aaaaaaaaaaaa/usage?limit=3']);
    assert.equal(
      dialled.text.split('\n').slice(1).join('\n'),
      'Recent usage (1, newest first, from concept-db at http://203.0.113.7:8300):\n- failure at 2026-01-02T03:04:05Z · trace via-proxy · activity (none)',
    );
  } finally {
    e.setSwitch('advertisedEndpoint', {});
  }
});
