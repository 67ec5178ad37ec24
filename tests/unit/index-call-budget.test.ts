// SPEC §init_workspace behaviour 1: "parses it into the local CPG within a 20 s budget". The
// budget is the call's: time spent before the parse (waiting behind another call, the scan, the
// warm start) comes out of it, so a call that starts late parses less and resumes next time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { IndexService } from '../../core/index/index-service.ts';
import { loadExtractor, type ExtractFn } from '../../core/index/extractor-port.ts';

const PY = fileURLToPath(new URL('../fixtures/graph/py-pkg', import.meta.url));
const TS = fileURLToPath(new URL('../fixtures/graph/ts-esm', import.meta.url));

test('a call queued behind another spends its budget waiting: past its deadline it parses nothing, leaves the files pending and answers at once', async () => {
  const real = await loadExtractor();
  assert.equal(typeof real, 'function', String(real));
  const extract = real as ExtractFn;
  const WAIT_MS = 800;
  const slow: ExtractFn = async (root, files, options) => {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    return extract(root, files, options);
  };
  const service = new IndexService();
  let firstEnd = 0;
  const first = service.indexWorkspace(PY, { extract: slow }).then((r) => ((firstEnd = Date.now()), r));
  const second = await service.indexWorkspace(TS, { deadline: Date.now() + 300 });
  const afterFirst = Date.now() - firstEnd;
  const firstResult = (await first).result;
  assert.ok(firstResult.ok, firstResult.ok ? '' : firstResult.cause);
  assert.ok(second.result.ok, second.result.ok ? '' : second.result.cause);
  const report = second.result.report;
  assert.ok(report.scanned > 0);
  assert.deepEqual([report.parsed, report.pending], [0, report.scanned]);
  // Once the first call ended it answered without parsing: a scan and an empty resolution.
  assert.ok(afterFirst < 3000, `answered ${afterFirst} ms after the call it waited for`);
  // The next call resumes what this one left.
  const resumed = await service.indexWorkspace(TS, {});
  assert.ok(resumed.result.ok);
  assert.deepEqual([resumed.result.report.parsed, resumed.result.report.resumedFrom], [report.scanned, report.scanned]);
});
