// Hostile sources (tests/helpers/hostile-sources.ts: chains of 30,000 members or 10,000 calls,
// 20,000 imported names, 10,000 levels of nesting, 8,000 same-named functions, a 170 KB line)
// indexed by the built server over stdio (SPEC §init_workspace): the index finishes with every
// file's definitions in the graph, and the server answers `ping` all along, on a cold index and
// on a warm start (extractions from the cache, the graph resolved again). Before extraction and
// resolution were made linear, one of these files held the server's thread for minutes.
//
// Timing figures live in `npm run bench` (scripts/bench/hostile-source.ts prints the ping
// latency against its 100 ms goal); here the bound is generous, so a loaded machine does not
// fail it, while a server that stops answering for seconds does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { HOSTILE_LIB, HOSTILE_SHAPES, HOSTILE_SIZES, ONE_LINE_SHAPES } from '../helpers/hostile-sources.ts';

/** A ping unanswered this long fails the test at once (the server held its thread). */
const PING_BOUND_MS = 2_000;
const PING_EVERY_MS = 20;

function hostileWorkspace(): string {
  const root = tempDir('hostile-ws-');
  for (const [file, source] of Object.entries(HOSTILE_LIB)) writeFileSync(join(root, file), source);
  for (const [name, shape] of Object.entries(HOSTILE_SHAPES)) {
    const source = shape.source(HOSTILE_SIZES[name as keyof typeof HOSTILE_SIZES]);
    assert.ok(Buffer.byteLength(source) < 200 * 1024, `${shape.file} is under the 200 KB file limit`);
    writeFileSync(join(root, shape.file), source);
  }
  return root;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while pinging every PING_EVERY_MS; each answer's latency, or a failure as soon as one passes PING_BOUND_MS. */
async function pingingWhile<T>(client: Client, work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  const finished = work.finally(() => (done = true));
  finished.catch(() => undefined); // reported below, after the pings
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`a ping went unanswered for ${PING_BOUND_MS} ms while init_workspace ran`)), PING_BOUND_MS);
    });
    try {
      await Promise.race([client.ping(), late]);
    } finally {
      clearTimeout(timer);
    }
    latencies.push(performance.now() - started);
    await sleep(PING_EVERY_MS);
  }
  return { result: await finished, latencies };
}

/** init_workspace until nothing is left for a later call (the 20 s parse budget may run out on a loaded machine). */
async function indexFully(client: Client, root: string): Promise<{ texts: string[]; latencies: number[] }> {
  const texts: string[] = [];
  const latencies: number[] = [];
  for (let call = 0; call < 5; call++) {
    const run = await pingingWhile(client, client.callTool({ name: 'init_workspace', arguments: { workspace_path: root } }));
    assert.equal(run.result.isError, undefined, textOf(run.result));
    texts.push(textOf(run.result));
    latencies.push(...run.latencies);
    // META-ENVELOPE: `warnings` are the lines, `warnings_v2` the same warnings with their codes.
    const warnings = (metaOf(run.result).warnings_v2 ?? []) as Array<{ code: string }>;
    if (!warnings.some((w) => w.code === 'index_budget_exhausted')) return { texts, latencies };
  }
  assert.fail('init_workspace still had files left after 5 calls');
}

/** Every shape's marker definition is in the graph the server built. */
async function assertMarkers(client: Client): Promise<void> {
  const search = await client.callTool({ name: 'search_codebase', arguments: { query: 'marker', target: 'components', limit: 50 } });
  const text = textOf(search);
  for (const [name, shape] of Object.entries(HOSTILE_SHAPES)) {
    if (ONE_LINE_SHAPES.has(name as keyof typeof HOSTILE_SHAPES)) continue;
    assert.match(text, new RegExp(`function\\s+marker_${name}\\s+${shape.file.replace('.', '\\.')}:`), `${shape.file} is indexed with its definitions`);
  }
}

test('the server indexes hostile sources whole and answers ping while it does, cold and warm', { timeout: 600_000 }, async () => {
  const root = hostileWorkspace();
  const cacheHome = tempDir('hostile-cache-');
  const env = { XDG_CACHE_HOME: cacheHome };

  // The server's liveness is asked with ping, a 2025-era request: both runs open in that era.
  const cold = await startClient({ env, era: 'legacy' });
  try {
    const { texts, latencies } = await indexFully(cold.client, root);
    assert.match(texts.join('\n'), new RegExp(`^Indexed ${root}: `, 'm'));
    // The one-line shapes are skipped as minified, by what they are, before any parse.
    assert.match(texts.join('\n'), new RegExp(`${ONE_LINE_SHAPES.size} file\\(s\\) \\(minified ${ONE_LINE_SHAPES.size}\\)`));
    assert.ok(latencies.length >= 5, `pinged ${latencies.length} times while indexing`);
    assert.ok(Math.max(...latencies) < PING_BOUND_MS);
    await assertMarkers(cold.client);
    // The warm-start cache is written after the answer: the warm run below reads it.
    const dir = join(cacheHome, 'metabob-mcp', 'extractions');
    for (let i = 0; i < 600 && !(existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.json'))); i++) await sleep(50);
  } finally {
    await cold.close();
  }

  const warm = await startClient({ env, era: 'legacy' });
  try {
    const { texts, latencies } = await indexFully(warm.client, root);
    const files = Object.keys(HOSTILE_LIB).length + Object.keys(HOSTILE_SHAPES).length - ONE_LINE_SHAPES.size;
    assert.match(texts[0], new RegExp(`^Extraction cache: ${files} of ${files} file\\(s\\) came from it`, 'm'));
    assert.ok(latencies.length >= 1, `pinged ${latencies.length} times while resolving`);
    assert.ok(Math.max(...latencies) < PING_BOUND_MS);
    await assertMarkers(warm.client);
  } finally {
    await warm.close();
  }
});
