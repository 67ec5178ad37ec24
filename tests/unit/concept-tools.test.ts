// The pure parts of the concept graph tools (SPEC §concept_create, §concept_usage_stats): the
// author stamp with and without an identity, the private-address rule, and which address
// vesselCapability's rows give for the history read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stampedContent } from '../../core/tools/concept-create.ts';
import { conceptDbAddress, isPrivateAddress } from '../../core/substrate/concept-usage-history.ts';
import { headerBlock, headerValue } from '../../core/substrate/concept-content.ts';

test('the stamp leads the content; declared author lines in the header block are removed at any indentation and case, the body is untouched', () => {
  const written = '  RECORDED_BY: mallory\nrepo: r\n\tSession: s0\n\nrecorded_by: in the body\nsession: also body';
  const stamped = stampedContent(written, 'metabob-mcp-0123456789ab', 'sess-1');
  assert.deepEqual(stamped.removed, ['recorded_by', 'session']);
  assert.equal(stamped.content, 'recorded_by: metabob-mcp-0123456789ab\nsession: sess-1\nrepo: r\n\nrecorded_by: in the body\nsession: also body');
  const block = headerBlock(stamped.content);
  assert.equal(headerValue(block, 'recorded_by'), 'metabob-mcp-0123456789ab');
  assert.equal(headerValue(block, 'session'), 'sess-1');
});

test('with no vessel identity nothing is stamped, and declared author lines are still removed, never taken as the author', () => {
  const stamped = stampedContent('recorded_by: mallory\nsession: s0\n\nbody', undefined, 'sess-1');
  assert.equal(stamped.stamped, false);
  assert.deepEqual(stamped.removed, ['recorded_by', 'session']);
  assert.equal(stamped.content, '\nbody');
  assert.equal(headerValue(headerBlock(stamped.content), 'recorded_by'), undefined);
  const plain = stampedContent('just a note', undefined, 'sess-1');
  assert.deepEqual(plain, { content: 'just a note', written: 'just a note', removed: [], stamped: false });
});

test('private addresses: RFC 1918, CGNAT and link-local; loopback and public ones are not', () => {
  for (const host of [
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.2',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    'fe80::1',
    '[fe80::1]',
    '::ffff:10.1.2.3',
  ]) {
    assert.equal(isPrivateAddress(host), true, host);
  }
  for (const host of [
    '127.0.0.1',
    '172.15.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.0.1',
    '100.128.0.1',
    '8.8.8.8',
    'concept-db.example',
    '::1',
    '2001:db8::1',
    '10.0.0',
  ]) {
    assert.equal(isPrivateAddress(host), false, host);
  }
});

test("the history read's address: a direct row before a peer row, its public_endpoint when present", () => {
  const body = (vessels: unknown[]) => ({ content: { shape: 'conceptUsageStats', vessels, found: true } });
  assert.equal(
    conceptDbAddress(
      body([
        { endpoint: 'http://peer:1', discoveredVia: 'peer' },
        { endpoint: 'http://10.0.0.5:8300', public_endpoint: 'https://cdb.example/' },
      ]),
    ),
    'https://cdb.example',
  );
  assert.equal(conceptDbAddress(body([{ endpoint: 'http://peer:1', discoveredVia: 'peer' }])), 'http://peer:1');
  assert.equal(conceptDbAddress(body([{ endpoint: 'libp2p:/ip4/1.2.3.4' }])), undefined);
  assert.equal(conceptDbAddress({ content: 'nonsense' }), undefined);
});
