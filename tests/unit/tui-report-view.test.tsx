// The Ink view of a report run (tui/report-view.tsx), rendered with ink-testing-library frame
// by frame: hops appear in order as they start, with a spinner; each turns into its mark with
// its detail and time; the failing hop expands into its cause and fix; the summary stays.
// Pinned terminal: no color (FORCE_COLOR=0, and ANSI stripped anyway), ink-testing-library's
// fixed 100 columns. A second test drives the view from a real attach check against the
// substrate emulator.
process.env.FORCE_COLOR = '0';
// Ink renders frames only outside CI (is-in-ci reads these when ink loads, below): the view
// under test is the interactive one, so the terminal is pinned as interactive.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stripVTControlCharacters } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportRun, type RunSummary } from '../../core/report/model.ts';
import { attachCheck } from '../../core/report/attach-check.ts';
import { substrateDeps } from '../../core/report/substrate-deps.ts';
import { startEmulator } from '../substrate/emulator.ts';

const { render } = await import('ink-testing-library');
const React = await import('react');
const { ReportView, SPINNER_FRAMES } = await import('../../tui/report-view.tsx');

const clean = (frame: string | undefined) =>
  stripVTControlCharacters(frame ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '');
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

async function frameAfter(lastFrame: () => string | undefined, emit: () => void): Promise<string> {
  emit();
  await tick();
  return clean(lastFrame());
}

const LINE =
  "key_rejected: the substrate's identity (http://127.0.0.1:18101) rejected the API key (HTTP 401); substrate tools are unavailable; local tools still work";
const SUMMARY: RunSummary = {
  exitCode: 1,
  attached: false,
  resolved: false,
  cause: 'key_rejected',
  line: LINE,
  headline: 'not attached: key_rejected at the org check hop',
  networkCause: null,
};

test('hops appear in order with a spinner, turn into marks, and the failing hop shows its cause and fix', async () => {
  const run = new ReportRun();
  const view = render(React.createElement(ReportView, { run, title: 'metabob-mcp attach --check (test)' }));
  const { lastFrame } = view;
  await tick();
  assert.equal(clean(lastFrame()), 'metabob-mcp attach --check (test)');

  let frame = await frameAfter(lastFrame, () => run.emit({ type: 'start', id: 'runtime', label: 'runtime' }));
  const spinnerRow = frame.split('\n')[1];
  assert.ok(SPINNER_FRAMES.includes(spinnerRow[0]), `a spinner leads a running hop: ${spinnerRow}`);
  assert.equal(spinnerRow.slice(1), ' runtime      …');

  frame = await frameAfter(lastFrame, () => {
    run.emit({ type: 'finish', id: 'runtime', label: 'runtime', ms: 0, status: 'ok', detail: 'Node 20.0.0 on linux x64' });
    run.emit({ type: 'start', id: 'config', label: 'config' });
  });
  assert.equal(frame.split('\n')[1], '✓ runtime      Node 20.0.0 on linux x64 0 ms');
  assert.ok(SPINNER_FRAMES.includes(frame.split('\n')[2][0]));

  frame = await frameAfter(lastFrame, () => {
    run.emit({ type: 'finish', id: 'config', label: 'config', ms: 2, status: 'ok', detail: 'file none; key …cdef; anchor http://127.0.0.1:18100 (explicit)' });
    run.emit({ type: 'start', id: 'bootstrap', label: 'bootstrap' });
    run.emit({ type: 'finish', id: 'bootstrap', label: 'bootstrap', ms: 14, status: 'ok', detail: 'identity_endpoint http://127.0.0.1:18101' });
    run.emit({ type: 'start', id: 'identity', label: 'identity' });
    run.emit({ type: 'start', id: 'org_check', label: 'org check' });
  });
  const rows = frame.split('\n');
  assert.deepEqual(rows.slice(1, 4), [
    '✓ runtime      Node 20.0.0 on linux x64 0 ms',
    '✓ config       file none; key …cdef; anchor http://127.0.0.1:18100 (explicit) 2 ms',
    '✓ bootstrap    identity_endpoint http://127.0.0.1:18101 14 ms',
  ]);
  assert.ok(rows[4].endsWith(' identity     …') && rows[5].endsWith(' org check    …'), 'two hops still running');

  frame = await frameAfter(lastFrame, () => {
    run.emit({
      type: 'finish',
      id: 'identity',
      label: 'identity',
      ms: 3,
      status: 'ok',
      detail: 'endpoint http://127.0.0.1:18101 (source bootstrap); advertised http://127.0.0.1:18101; tried http://127.0.0.1:18101',
    });
    run.emit({
      type: 'finish',
      id: 'org_check',
      label: 'org check',
      ms: 9,
      status: 'fail',
      detail: 'key_rejected: HTTP 401',
      cause: LINE,
      remedy: 'use an API key issued by this substrate: `metabob-mcp configure --api-key <key>` (or METABOB_API_KEY)',
    });
    run.skip('resolve', 'resolve', 'not run: not attached');
    run.emit({ type: 'finish', id: 'result', label: 'result', ms: 0, status: 'fail', detail: SUMMARY.headline });
    run.end(SUMMARY);
  });
  await tick();
  // The final frame, snapshotted: every hop with its mark, the failure expanded, the summary.
  assert.equal(
    clean(lastFrame()),
    [
      'metabob-mcp attach --check (test)',
      '✓ runtime      Node 20.0.0 on linux x64 0 ms',
      '✓ config       file none; key …cdef; anchor http://127.0.0.1:18100 (explicit) 2 ms',
      '✓ bootstrap    identity_endpoint http://127.0.0.1:18101 14 ms',
      '✓ identity     endpoint http://127.0.0.1:18101 (source bootstrap); advertised',
      '               http://127.0.0.1:18101; tried http://127.0.0.1:18101 3 ms',
      '✗ org check    key_rejected: HTTP 401 9 ms',
      "  cause: key_rejected: the substrate's identity (http://127.0.0.1:18101) rejected the API key (HTTP",
      '  401); substrate tools are unavailable; local tools still work',
      '  fix: use an API key issued by this substrate: `metabob-mcp configure --api-key <key>` (or',
      '  METABOB_API_KEY)',
      '- resolve      not run: not attached',
      '✗ result       not attached: key_rejected at the org check hop 0 ms',
      '',
      '✗ not attached: key_rejected at the org check hop',
      '4 ok, 0 warn, 2 fail, 1 skipped; exit 1',
    ].join('\n'),
  );
  assert.ok(!SPINNER_FRAMES.some((s) => clean(lastFrame()).includes(s)), 'no spinner is left once the run ended');
  view.unmount();
});

test('the view driven by a real attach check against the emulator: hops in order, the rejected key shown', async () => {
  const emulator = await startEmulator();
  try {
    const run = new ReportRun();
    const view = render(React.createElement(ReportView, { run, title: 'attach --check' }));
    const home = mkdtempSync(join(tmpdir(), 'metabob-home-'));
    const env = { PATH: process.env.PATH, HOME: home, METABOB_API_KEY: 'mbk_not_issued_by_this_substrate', DISCOVERY_ENDPOINT: emulator.discoveryUrl };
    const result = await attachCheck(run, substrateDeps, { env, cwd: home, home });
    run.end(result.summary);
    await tick(60);
    const final = clean(view.lastFrame());
    const order = ['runtime', 'config', 'proxy', 'tls', 'bootstrap', 'identity', 'org check', 'resolve', 'result'].map((label) =>
      final.split('\n').findIndex((row) => row.slice(2).startsWith(label)),
    );
    assert.ok(
      order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])),
      `hops in order: ${order}`,
    );
    assert.match(final, /✗ org check {4}key_rejected: HTTP 401 \d+ ms/);
    const unwrapped = final.replace(/\n +/g, ' ');
    assert.ok(unwrapped.includes(`cause: key_rejected: the substrate's identity (${emulator.identityUrl}) rejected the API key (HTTP 401)`));
    assert.ok(final.includes('- resolve      not run: not attached'));
    assert.ok(!final.includes('mbk_not_issued_by_this_substrate'), 'the key never appears');
    // Earlier frames showed the hops one at a time: bootstrap was on screen before org check.
    const frames = view.frames.map(clean);
    const firstWith = (label: string) => frames.findIndex((f) => f.split('\n').some((row) => row.slice(2).startsWith(label)));
    assert.ok(firstWith('bootstrap') < firstWith('org check'), 'bootstrap appeared before the org check');
    view.unmount();
  } finally {
    await emulator.stop();
  }
});
