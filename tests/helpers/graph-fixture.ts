// A graph fixture under tests/fixtures/graph/ indexed by the real LocalIndex: the run must
// succeed and leave no file unparsed, so an assertion on its edges reads the whole fixture.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { LocalIndex } from '../../core/index/local-index.ts';

export const GRAPH_FIXTURES = fileURLToPath(new URL('../fixtures/graph/', import.meta.url));

export async function indexedFixture(fixture: string, include?: string[]): Promise<LocalIndex> {
  const index = new LocalIndex(GRAPH_FIXTURES + fixture);
  const result = await index.run({ include });
  assert.ok(result.ok, result.ok ? '' : result.cause);
  assert.deepEqual(index.parseFailures(), []);
  return index;
}

/** A fixture's call edges as `from -> to`, sorted: what a test of resolution asserts whole. */
export async function callEdgesOf(fixture: string): Promise<string[]> {
  return (await indexedFixture(fixture))
    .graph!.edges.filter((e) => e.type === 'calls')
    .map((e) => `${e.from} -> ${e.to}`)
    .sort();
}

/** The call edges of a fixture leaving one file (`from` leads each edge's source id), sorted. */
export async function callEdgesFrom(fixture: string, from: string): Promise<string[]> {
  return (await callEdgesOf(fixture)).filter((e) => e.startsWith(from));
}
