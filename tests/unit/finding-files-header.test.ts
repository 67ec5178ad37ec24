// A code_finding's `files:` field (SPEC §record_finding): a comma-separated list in which a file
// name's own commas and backslashes are escaped, so a name holding `, ` names one file, not two,
// when any agent recalls the finding; a header written before the escape reads as it always did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingContent, headerList, parseFindingConcept, parseHeaderList, type FindingMint } from '../../core/ledger/finding-concept.ts';
import { headerBlock, headerValue } from '../../core/substrate/concept-content.ts';

function mint(files: string[]): FindingMint {
  return {
    repo: 'github.com/org/repo',
    repoName: 'repo',
    workspace: '~/repo',
    files,
    severity: 'LOW',
    category: 'style',
    status: 'open',
    summary: 'a low thing',
    findingIds: ['agf_0000000000000001', 'agf_0000000000000002'],
    attribution: ['recorded_by: metabob-mcp-000000000000', 'session: s1'],
  };
}

/** The files a recalling agent reads from the concept the writer made. */
function recalledFiles(files: string[]): string[] {
  const concept = parseFindingConcept({ id: 'concept_abc', content: findingContent(mint(files)), summary: '[LOW][style] repo: a low thing' });
  assert.ok(concept);
  return concept.files;
}

const NAMES: string[][] = [
  ['src/a.ts'],
  ['src/a.ts', 'src/b.ts'],
  ['a,b.ts'],
  ['z.ts, src/forged.ts', 'src/real.ts'],
  ['dir\\a.ts'],
  ['trailing\\', 'next.ts'],
  ['a\\,b.ts', 'c\\\\d.ts'],
  [',lead.ts', 'trail.ts,', ',,'],
  ['\\'],
  ['ü,ß\\é.ts', '🙂,x.ts'],
];

test('file names with commas and backslashes round-trip through the files: header', () => {
  for (const files of NAMES) {
    assert.deepEqual(recalledFiles(files), files, JSON.stringify(files));
    assert.deepEqual(parseHeaderList(headerList(files)), files, JSON.stringify(files));
  }
});

test('the header stays one field on one line, with each name escaped', () => {
  const content = findingContent(mint(['a,b.ts', 'c\\d.ts', 'e.ts']));
  const block = headerBlock(content);
  assert.equal(headerValue(block, 'files'), 'a\\,b.ts, c\\\\d.ts, e.ts');
  assert.equal(headerValue(block, 'severity'), 'LOW');
  assert.equal(content.split('\n').filter((l) => l.startsWith('files: ')).length, 1);
});

test('a header written before the escape reads exactly as before', () => {
  const legacy = (value: string) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  for (const value of [
    'src/a.ts',
    'src/a.ts, src/b.ts',
    'src/a.ts,src/b.ts',
    ' src/a.ts ,  src/b.ts , ',
    'dir\\a.ts, b\\c\\d.ts',
    'C:\\repo\\a.ts',
    '',
    ', ,',
  ]) {
    assert.deepEqual(parseHeaderList(value), legacy(value), JSON.stringify(value));
    const concept = parseFindingConcept({ id: 'concept_abc', content: `repo: r\nfiles: ${value}\nseverity: LOW\n\nbody` });
    assert.deepEqual(concept?.files, legacy(value), JSON.stringify(value));
  }
  // finding_ids share the reader and never hold an escape.
  const concept = parseFindingConcept({ id: 'concept_abc', content: findingContent(mint(['a.ts'])) });
  assert.deepEqual(concept?.findingIds, ['agf_0000000000000001', 'agf_0000000000000002']);
});
