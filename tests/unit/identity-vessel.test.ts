// SPEC §Client claim: the vessel id and the operator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { resolveVesselId } from '../../core/identity/vessel-identity.ts';

test('resolveVesselId: VESSEL_ID wins; else metabob-mcp-<12 hex of sha256(key + workspace)>; else none', () => {
  assert.equal(resolveVesselId('/w', { VESSEL_ID: 'pinned', METABOB_API_KEY: 'k' }), 'pinned');
  const expected =
    'metabob-mcp-' +
    createHash('sha256')
      .update('mb_live_x' + '/work/repo')
      .digest('hex')
      .slice(0, 12);
  assert.equal(resolveVesselId('/work/repo', { METABOB_API_KEY: 'mb_live_x' }), expected);
  assert.match(expected, /^metabob-mcp-[0-9a-f]{12}$/);
  // Distinct workspaces and keys are told apart.
  assert.notEqual(resolveVesselId('/work/other', { METABOB_API_KEY: 'mb_live_x' }), expected);
  assert.notEqual(resolveVesselId('/work/repo', { METABOB_API_KEY: 'mb_live_y' }), expected);
  assert.equal(resolveVesselId('/work/repo', {}), undefined);
});
