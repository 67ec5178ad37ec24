// Comments say why and cite the spec (STYLE habit 9); a reader of the code has no tracker and
// no record of how the work was split, so a comment that points at an issue number, a tracker
// reference, a lettered part or a numbered stop or round of the work tells them nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commentsOf, sourceFiles, type SourceComment } from '../helpers/source-comments.ts';

const DIRS = ['core', 'tui', 'scripts', 'tests'];

const WORK_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'issue number', pattern: /\bissues?\s*#?\d+/i },
  { name: 'tracker reference', pattern: /(?<![\w&#])#\d+\b/ },
  { name: 'lettered part', pattern: /\bpart [A-Z]\b/ },
  { name: 'numbered stop or round', pattern: /\b(stop|round)\s*#?\d+\b/i },
];

/** `file:line: text (what it names)` for each comment line that refers to the work, not the code. */
function workReferences(comments: SourceComment[]): string[] {
  const hits: string[] = [];
  for (const c of comments) {
    c.text.split('\n').forEach((line, i) => {
      const named = WORK_REFERENCES.filter((r) => r.pattern.test(line)).map((r) => r.name);
      if (named.length > 0) hits.push(`${c.file}:${c.line + i}: ${line.trim()} (${named.join(', ')})`);
    });
  }
  return hits;
}

test('no comment under core/, tui/, scripts/ or tests/ refers to an issue, a part or a stop of the work', () => {
  const files = DIRS.flatMap((dir) => sourceFiles(dir));
  assert.ok(files.length > 100, `found only ${files.length} source files: is the test running from the repository root?`);
  const hits = workReferences(files.flatMap((f) => commentsOf(f)));
  assert.deepEqual(hits, [], `say why and cite the spec instead:\n${hits.join('\n')}`);
});

test('the check reads comments only, and finds each kind of reference in them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metabob-comments-'));
  try {
    const file = join(dir, 'sample.ts');
    const lines = [
      ['// Fixes issue 12', '/* see #4 */', '/** part B of the parser */', '// stop 9: the cache', '// Round 3 timings'],
      // Strings, templates and regex literals that look like comments are code, not comments.
      [
        "const a = '// issue 12';",
        'const b = `/* part A */`;',
        'const c = /\\/\\/ stop 9/;',
        "const d = 'x'; // SPEC §init_workspace behaviour 2, &#39; and a #fff colour",
      ],
    ].flat();
    writeFileSync(file, lines.join('\n') + '\n');
    const hits = workReferences(commentsOf(file)).map((h) => h.slice(file.length + 1));
    assert.deepEqual(hits, [
      '1: // Fixes issue 12 (issue number)',
      '2: /* see #4 */ (tracker reference)',
      '3: /** part B of the parser */ (lettered part)',
      '4: // stop 9: the cache (numbered stop or round)',
      '5: // Round 3 timings (numbered stop or round)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
