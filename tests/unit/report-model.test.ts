// The report model (core/report/model.ts) and its text renderings: one event stream, reduced
// the same way by every view; plain stable lines; the one JSON object; secrets scrubbed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReportRun, reduceAll, type RunSummary } from '../../core/report/model.ts';
import { chooseRendering, plainLine, renderPlain, reportJson, summaryLine } from '../../core/report/render-text.ts';
import { causeToken, remedyFor } from '../../core/report/remedies.ts';

const FAILED: RunSummary = {
  exitCode: 1,
  attached: false,
  resolved: false,
  cause: 'key_rejected',
  line: "key_rejected: the substrate's identity (http://127.0.0.1:1) rejected the API key (HTTP 401); substrate tools are unavailable; local tools still work",
  headline: 'not attached: key_rejected at the org check hop',
  networkCause: null,
};

function feed(run: ReportRun): void {
  run.emit({ type: 'start', id: 'runtime', label: 'runtime' });
  run.emit({ type: 'finish', id: 'runtime', label: 'runtime', ms: 0, status: 'ok', detail: 'Node 20.0.0 on linux x64' });
  run.emit({ type: 'start', id: 'org_check', label: 'org check' });
  run.emit({
    type: 'finish',
    id: 'org_check',
    label: 'org check',
    ms: 12,
    status: 'fail',
    detail: 'key_rejected: HTTP 401',
    cause: FAILED.line,
    remedy: remedyFor(FAILED.line),
  });
  run.skip('resolve', 'resolve', 'not run: not attached');
  run.end(FAILED);
}

test('the reducer keeps one row per check, in the order checks started, and the summary', () => {
  const run = new ReportRun();
  run.emit({ type: 'start', id: 'config', label: 'config' });
  run.emit({ type: 'start', id: 'tls', label: 'tls' });
  assert.deepEqual(
    run.model().checks.map((c) => [c.id, c.state]),
    [
      ['config', 'running'],
      ['tls', 'running'],
    ],
  );
  run.emit({ type: 'finish', id: 'config', label: 'config', ms: 3, status: 'ok', detail: 'file none' });
  const model = run.model();
  assert.deepEqual(
    model.checks.map((c) => [c.id, c.state]),
    [
      ['config', 'ok'],
      ['tls', 'running'],
    ],
  );
  assert.equal(model.checks[0].ms, 3);
  assert.equal(model.summary, null);
  assert.deepEqual(reduceAll(run.events), model);
});

test('a late subscriber gets every past event first, then live ones', async () => {
  const run = new ReportRun();
  run.emit({ type: 'start', id: 'runtime', label: 'runtime' });
  const seen: string[] = [];
  run.subscribe((e) => seen.push(e.type === 'end' ? 'end' : `${e.type}:${e.id}`));
  feed(run);
  assert.deepEqual(seen, ['start:runtime', 'start:runtime', 'finish:runtime', 'start:org_check', 'finish:org_check', 'finish:resolve', 'end']);
  const done = await run.done;
  assert.equal(done.summary?.cause, 'key_rejected');
});

test('known secrets are scrubbed from every event before any listener sees them', () => {
  const run = new ReportRun();
  run.addSecret('mbk_full_0123456789abcdef');
  run.emit({
    type: 'finish',
    id: 'config',
    label: 'config',
    ms: 1,
    status: 'ok',
    detail: 'key mbk_full_0123456789abcdef',
    data: { nested: ['x mbk_full_0123456789abcdef y'] },
  });
  const json = JSON.stringify(run.events);
  assert.ok(!json.includes('mbk_full_0123456789abcdef'));
  assert.equal(run.model().checks[0].detail, 'key ***');
  assert.deepEqual(run.model().checks[0].data, { nested: ['x *** y'] });
});

test('a check that throws ends as a failed check with a cause line, not a crash', async () => {
  const run = new ReportRun();
  const outcome = await run.check('store', 'store', () => {
    throw new Error('disk gone');
  });
  assert.equal(outcome.status, 'fail');
  assert.equal(outcome.cause, 'check_failed(store): disk gone');
});

test('plain lines: one stable line per check, the failing one carrying its cause and fix', async () => {
  const run = new ReportRun();
  const out: string[] = [];
  const done = renderPlain(run, (t) => out.push(t));
  feed(run);
  await done;
  assert.deepEqual(out.join('').split('\n'), [
    'ok   runtime      Node 20.0.0 on linux x64 (0 ms)',
    `fail org check    key_rejected: HTTP 401 (12 ms) | cause: ${FAILED.line} | fix: ${remedyFor('key_rejected')}`,
    'skip resolve      not run: not attached',
    'FAILED: not attached: key_rejected at the org check hop [1 ok, 0 warn, 1 fail, 1 skipped; exit 1]',
    '',
  ]);
  assert.equal(plainLine({ id: 'tls', label: 'tls', state: 'warn', detail: 'x', ms: 2, remedy: 'do y' }), 'warn tls          x (2 ms) | fix: do y');
  assert.equal(summaryLine(run.model()), out[3].trimEnd());
});

test('the JSON object has the documented stable keys', () => {
  const run = new ReportRun();
  feed(run);
  const json = reportJson('attach --check', run.model());
  assert.deepEqual(Object.keys(json), [
    'schema',
    'command',
    'version',
    'ok',
    'exitCode',
    'attached',
    'resolved',
    'cause',
    'networkCause',
    'message',
    'headline',
    'runtime',
    'counts',
    'checks',
  ]);
  assert.equal(json.schema, 'metabob-report/1');
  assert.equal(json.cause, 'key_rejected');
  assert.equal(json.exitCode, 1);
  assert.equal(json.ok, false);
  assert.deepEqual(json.counts, { ok: 1, warn: 0, fail: 1, skip: 1 });
  assert.deepEqual(Object.keys(json.checks[0]), ['id', 'label', 'status', 'detail', 'ms', 'cause', 'remedy', 'data']);
  assert.deepEqual(
    json.checks.map((c) => [c.id, c.status]),
    [
      ['runtime', 'ok'],
      ['org_check', 'fail'],
      ['resolve', 'skip'],
    ],
  );
  assert.equal(json.runtime.node, process.versions.node);
});

test('the rendering: --json wins; Ink only on a TTY without NO_COLOR or CI', () => {
  assert.equal(chooseRendering({ json: true, isTTY: true, env: {} }), 'json');
  assert.equal(chooseRendering({ json: false, isTTY: true, env: {} }), 'ink');
  assert.equal(chooseRendering({ json: false, isTTY: false, env: {} }), 'plain');
  assert.equal(chooseRendering({ json: false, isTTY: true, env: { NO_COLOR: '1' } }), 'plain');
  assert.equal(chooseRendering({ json: false, isTTY: true, env: { CI: 'true' } }), 'plain');
  assert.equal(chooseRendering({ json: false, isTTY: true, env: { CI: 'false' } }), 'ink');
});

test('every named cause has one line of remedy, found by the token the line starts with', () => {
  assert.equal(causeToken('connect_refused(127.0.0.1:9): nothing accepts connections there'), 'connect_refused');
  assert.equal(causeToken('identity_unreachable(advertised=x, tried=[])'), 'identity_unreachable');
  assert.equal(causeToken(null), null);
  for (const token of [
    'not_configured',
    'anchor_unreachable',
    'blocked_by_portal',
    'identity_unreachable',
    'key_rejected',
    'proxy_auth_required',
    'proxy_port_blocked',
    'proxy_refused',
    'proxy_unsupported',
    'tls_intercepted',
    'tls_name_mismatch',
    'tls_failed',
    'dns_failed',
    'connect_timeout',
    'connect_refused',
    'connection_reset',
    'response_timeout',
  ]) {
    assert.ok(remedyFor(`${token}: x`), token);
  }
  assert.equal(remedyFor('something_else: x'), null);
});
