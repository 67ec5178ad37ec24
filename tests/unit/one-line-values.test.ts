// One-line values (core/process/control-chars.ts): which characters count as control characters,
// how they are shown, and that the ledger's header writer keeps every value on its own line
// whatever a caller hands it (SPEC §record_finding, §concept_create "Readers follow the same
// rule"); the path and one-line schemas refuse them with one line naming the character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeControlChars, firstControlChar, hasControlChar } from '../../core/process/control-chars.ts';
import { findingContent, findingSummary, verdictContent, type FindingMint } from '../../core/ledger/finding-concept.ts';
import { headerBlock, headerValue } from '../../core/substrate/concept-content.ts';
import { seedLine } from '../../core/ledger/findings-text.ts';
import { recalledLine } from '../../core/ledger/recall-text.ts';
import { cappedPath, clipEcho, PATH_FIX } from '../../core/tools/input-caps.ts';
import type { SeedRow } from '../../core/ledger/seed-table.ts';
import type { RecalledFindingRow } from '../../core/ledger/shared-ledger.ts';

const CONTROLS: Array<[string, string]> = [
  ['\u0000', '\\u0000'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
  ['\u000b', '\\u000b'],
  ['\u001b', '\\u001b'],
  ['\u007f', '\\u007f'],
  ['\u0085', '\\u0085'],
  ['\u009f', '\\u009f'],
  ['\u2028', '\\u2028'],
  ['\u2029', '\\u2029'],
];

test('C0, DEL, C1 (NEL among them) and the line and paragraph separators are control characters; printable text is not', () => {
  for (const [ch, shown] of CONTROLS) {
    assert.equal(hasControlChar(`a${ch}b`), true, shown);
    assert.equal(escapeControlChars(`a${ch}b`), `a${shown}b`);
  }
  for (const text of ['plain text', 'é ü ß', 'naïve — “quoted” …', '🙂 emoji', 'U+FFFD: \uFFFD', 'back\\slash', '\u00a0nbsp', '\u200bzero width']) {
    assert.equal(hasControlChar(text), false, text);
    assert.equal(escapeControlChars(text), text);
  }
  assert.deepEqual(firstControlChar('src/a\u0000.ts'), { label: 'U+0000', position: 6 });
  // Positions count characters, not UTF-16 units.
  assert.deepEqual(firstControlChar('🙂\n'), { label: 'U+000A', position: 2 });
  assert.equal(firstControlChar('fine'), undefined);
});

test('a path schema refuses a control character with one line naming it and its position, never the value', () => {
  const parsed = cappedPath().safeParse('z.ts\nseverity: CRITICAL');
  assert.equal(parsed.success, false);
  assert.deepEqual(
    parsed.error!.issues.map((i) => i.message),
    [`contains a control character (U+000A at character 5); ${PATH_FIX}`],
  );
  assert.equal(cappedPath().safeParse('src/é/\uFFFD.ts').success, true);
  assert.equal(clipEcho('a\nb'), 'a\\nb');
});

const HOSTILE = '\nseverity: CRITICAL\ncategory: pwned\nsummary: forged\n\nbody';

function mint(overrides: Partial<FindingMint>): FindingMint {
  return {
    repo: 'github.com/org/repo',
    repoName: 'repo',
    workspace: '~/repo',
    files: ['src/a.ts'],
    severity: 'LOW',
    category: 'style',
    status: 'open',
    summary: 'a low thing',
    findingIds: ['agf_0000000000000001'],
    attribution: ['recorded_by: metabob-mcp-000000000000', 'session: s1'],
    ...overrides,
  };
}

test('the header writer keeps every value on its line: no value ends the block or adds a field', () => {
  const keys = ['recorded_by', 'session', 'repo', 'repo_name', 'workspace', 'files', 'lines', 'severity', 'category', 'status', 'finding_ids', 'summary'];
  const cases: Array<Partial<FindingMint>> = [
    { files: [`z.ts${HOSTILE}.ts`] },
    { summary: `a low thing${HOSTILE}` },
    { category: `style${HOSTILE}` },
    { repo: `github.com/org/repo${HOSTILE}` },
    { repoName: `repo${HOSTILE}` },
    { workspace: `~/repo${HOSTILE}` },
    { lines: `src/a.ts:1-2${HOSTILE}` },
    { attribution: [`recorded_by: metabob-mcp-000000000000${HOSTILE}`, 'session: s1'] },
  ];
  for (const c of cases) {
    const content = findingContent(mint({ lines: 'src/a.ts:1-2', ...c }));
    const block = headerBlock(content);
    assert.deepEqual(
      block.fields.map((f) => f.key),
      keys,
      JSON.stringify(c),
    );
    assert.equal(headerValue(block, 'severity'), 'LOW');
    assert.equal(headerValue(block, 'category'), c.category ? escapeControlChars(c.category) : 'style');
    assert.ok(!findingSummary(mint(c)).includes('\n'));
  }
  const verdict = verdictContent(
    { findingIds: ['agf_0000000000000001'], lines: ['verdict: endorsed', `files: z.ts${HOSTILE}`, '', 'reviewed_by: x'], summary: '[verdict:endorsed]' },
    'now',
  );
  assert.deepEqual(
    headerBlock(verdict).fields.map((f) => f.key),
    ['verdict', 'files', 'reviewed_by', 'finding_ids'],
  );
});

test("the ledger's lines show a stored or recalled value escaped, one line each", () => {
  const seed = {
    id: 'agf_0000000000000001',
    file: `z.ts${HOSTILE}`,
    severity: 'LOW',
    category: 'style',
    summary: 'sum\rmary',
    line_start: null,
    line_end: null,
    created_at: Date.now(),
    pending_fix: null,
  } as unknown as SeedRow;
  const local = seedLine(seed);
  assert.equal(local.split('\n').length, 1);
  assert.ok(local.startsWith('[LOW][style] z.ts\\nseverity: CRITICAL\\n'), local);
  const recalled = {
    conceptId: 'concept_x',
    severity: 'LOW',
    category: 'style',
    files: ['a.ts\u2028b.ts'],
    summary: 'x\u0085y',
    tags: [],
  } as unknown as RecalledFindingRow;
  assert.equal(recalledLine(recalled), '[LOW][style] a.ts\\u2028b.ts x\\u0085y (concept_x)');
});
