// docs/input-caps.md over stdio: an argument over its cap is refused with one line naming the
// tool, the field, its size and the cap; nothing is stored, no reply quotes an argument whole,
// and the store stays readable by a standard client in a later session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INPUT_CAPS } from '../../core/tools/input-caps.ts';
import { repoWithHistory, startLedgerServer } from './ledger-fixture.ts';
import { tempDir } from '../helpers/git.ts';

// Ten million characters: with its JSON-RPC envelope the request stays under the SDK's 10 MiB read buffer.
const TEN_MB = 10_000_000;

test('a 10 MB summary or category is refused naming the field and the cap, and nothing is stored', async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-store-');
  const s = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const summary = await s.call('record_finding', { files: ['src/a.ts'], summary: 'S'.repeat(TEN_MB), severity: 'HIGH', category: 'correctness' });
    assert.equal(summary.isError, true);
    // record_finding sends its summary, so the outgoing guard's cap names it (SPEC §outgoing-text-guard).
    assert.equal(
      summary.text,
      `record_finding: refused: outgoing_too_large(summary, ${TEN_MB}): nothing was sent; summary is ${TEN_MB} bytes, over its ${INPUT_CAPS.summary}-byte cap. Shorten it.`,
    );
    assert.equal(summary.meta.diagnosis_v2?.[0]?.data?.field, 'summary');

    const category = await s.call('record_finding', { files: ['src/a.ts'], summary: 'ok', severity: 'HIGH', category: 'c'.repeat(TEN_MB) });
    assert.equal(
      category.text,
      `record_finding: refused: outgoing_too_large(category, ${TEN_MB}): nothing was sent; category is ${TEN_MB} bytes, over its ${INPUT_CAPS.category}-byte cap. Shorten it.`,
    );

    const files = await s.call('record_finding', {
      files: Array.from({ length: INPUT_CAPS.findingFiles + 1 }, (_, i) => `src/f${i}.ts`),
      summary: 'ok',
      severity: 'HIGH',
      category: 'x',
    });
    assert.equal(
      files.text,
      `invalid_arguments: record_finding: files: ${INPUT_CAPS.findingFiles + 1} items is over the ${INPUT_CAPS.findingFiles}-item cap; send fewer`,
    );

    // At the cap is accepted.
    await s.record({ files: ['src/a.ts'], summary: 'A'.repeat(INPUT_CAPS.summary) });
    const problems = await s.call('get_problems', {});
    assert.equal(problems.isError, false, problems.text);
    assert.match(problems.text, /^Open findings: 1 \(1 in the local store; /);
    assert.ok(problems.text.length < 20_000, `get_problems answered ${problems.text.length} characters`);
  } finally {
    await s.close();
  }
  // A later session reads the store with a standard client.
  const later = await startLedgerServer(repo, { METABOB_HOME: home });
  try {
    const problems = await later.call('get_problems', {});
    assert.match(problems.text, /^Open findings: 1 \(1 in the local store; /);
  } finally {
    await later.close();
  }
});

test('no reply quotes an argument whole: enum values, unknown argument names, paths and queries are clipped', async () => {
  const { repo } = repoWithHistory();
  const s = await startLedgerServer(repo);
  try {
    const severity = await s.call('record_finding', { files: ['src/a.ts'], summary: 'ok', severity: 'H'.repeat(1_000_000), category: 'x' });
    assert.equal(severity.isError, true);
    assert.match(severity.text, /^invalid_arguments: record_finding: severity: Invalid enum value/);
    assert.ok(JSON.stringify(severity.result).length < 10_000, `refusal of ${JSON.stringify(severity.result).length} characters`);

    const unknown = await s.call('get_problems', { ['k'.repeat(1_000_000)]: 1 });
    assert.equal(unknown.isError, false, unknown.text);
    assert.ok(JSON.stringify(unknown.result).length < 50_000, `reply of ${JSON.stringify(unknown.result).length} characters`);

    // A million bad items make one short line, not a million.
    const items = await s.call('search_codebase', { query: 'x', file_filter: Array.from({ length: 100_000 }, () => 1) });
    assert.equal(items.isError, true);
    // zod 4 refuses an array over its cap before reading its items, so the cap is the whole line.
    assert.equal(items.text, 'invalid_arguments: search_codebase: file_filter: 100000 items is over the 50-item cap; send fewer');
    assert.ok(JSON.stringify(items.result).length < 10_000);

    const outside = await s.call('record_finding', { files: ['/elsewhere/' + 'p'.repeat(4000)], summary: 'ok', severity: 'HIGH', category: 'x' });
    assert.match(outside.text, /^file_outside_workspace: \/elsewhere\/p+… \(4011 characters\) is not a file inside the workspace /);

    const query = await s.call('search_codebase', { query: 'q'.repeat(INPUT_CAPS.query + 1) });
    assert.equal(
      query.text,
      `invalid_arguments: search_codebase: query: ${INPUT_CAPS.query + 1} characters is over the ${INPUT_CAPS.query}-character cap; shorten it`,
    );
  } finally {
    await s.close();
  }
});
