// docs/call-confidence.md states the confidence each kind of cross-file edge carries in each
// language; the code states them in the language modules. This holds the two to each other, and
// holds a built graph's edges to them (the rule an edge's kind is decided by is the resolver's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { confidencesOf, type KindConfidences } from '../../core/index/call-confidence.ts';
import { LocalIndex } from '../../core/index/local-index.ts';

const KIND_KEYS: Record<string, keyof KindConfidences> = {
  import: 'importResolved',
  'declared type': 'declaredType',
  'base class': 'baseClass',
  'unlisted export': 'importUnlisted',
};

const LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go', 'java', 'rust'];

function documentedRows(): Array<{ language: string; kind: keyof KindConfidences; stated: number }> {
  const doc = readFileSync(new URL('../../docs/call-confidence.md', import.meta.url), 'utf8');
  const rows: Array<{ language: string; kind: keyof KindConfidences; stated: number }> = [];
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const kind = KIND_KEYS[cells[2] ?? ''];
    if (!kind || !/^\d(\.\d+)?$/.test(cells[3] ?? '')) continue;
    for (const language of cells[1]!.split(',').map((l) => l.trim())) rows.push({ language, kind, stated: Number(cells[3]) });
  }
  return rows;
}

test('docs/call-confidence.md states, for every language and kind, the confidence the code gives', () => {
  const rows = documentedRows();
  assert.equal(rows.length, LANGUAGES.length * Object.keys(KIND_KEYS).length, 'one row per language and kind');
  for (const { language, kind, stated } of rows) assert.equal(confidencesOf(language)[kind], stated, `${language} ${kind}`);
  for (const language of LANGUAGES)
    for (const kind of Object.values(KIND_KEYS))
      assert.ok(
        rows.some((r) => r.language === language && r.kind === kind),
        `${language} ${kind} is documented`,
      );
});

async function callEdges(fixture: string): Promise<Map<string, number>> {
  const index = new LocalIndex(new URL(`../fixtures/graph/${fixture}`, import.meta.url).pathname);
  const result = await index.run({});
  assert.ok(result.ok, result.ok ? '' : result.cause);
  return new Map(index.graph!.edges.filter((e) => e.type === 'calls').map((e) => [`${e.from} -> ${e.to}`, e.confidence]));
}

test('a built graph states the documented confidences: an import and a declared type in TypeScript, a declared type and a base class in Python', async () => {
  const ts = confidencesOf('typescript');
  const py = confidencesOf('python');
  const esm = await callEdges('ts-esm');
  assert.equal(esm.get('src/main.ts::function::run::6 -> src/math.ts::function::add::1'), ts.importResolved);
  assert.equal(esm.get('src/main.ts::function::run::6 -> src/shapes/square.ts::method::Square.side::4'), ts.declaredType);
  const declared = await callEdges('py-declared');
  assert.equal(declared.get('inventory/service.py::method::Checkout.total::10 -> inventory/models.py::method::Item.price::2'), py.declaredType);
  const pkg = await callEdges('py-pkg');
  assert.equal(pkg.get('shop/models.py::method::Order.total::10 -> shop/models.py::method::Base.save::2'), py.baseClass);
  assert.notEqual(py.declaredType, ts.declaredType, 'the fixtures tell the languages apart');
});
