// SPEC §attachment "The gate": a boundary built without an attachment service refuses every
// substrate tool with not_configured, and no module of the attachment is loaded to do so: the
// gate is closed by the missing service, not opened by a missing import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { tempDir } from '../helpers/git.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

test('with no attachment in the services, every substrate tool is refused not_configured and the attachment never loads', () => {
  const loadLog = join(tempDir('metabob-gate-'), 'loaded.txt');
  const probe = spawnSync(
    process.execPath,
    ['--import', join(here, '../helpers/load-recorder.mjs'), '--import', import.meta.resolve('tsx'), join(here, '../helpers/gate-probe.ts')],
    // A key and an endpoint in the environment: the gate must stay closed even when the
    // configuration would attach.
    {
      encoding: 'utf8',
      cwd: tempDir('metabob-gate-ws-'),
      env: { ...process.env, LOAD_LOG: loadLog, METABOB_API_KEY: 'mb_live_gate_test', DISCOVERY_ENDPOINT: 'http://127.0.0.1:9' },
      timeout: 60_000,
    },
  );
  assert.equal(probe.status, 0, probe.stderr);
  const answers = JSON.parse(probe.stdout.trim().split('\n').at(-1)!) as Array<{ tool: string; isError: boolean; text: string; emptyReason: string }>;
  const substrateTools = TOOL_REGISTRY.filter((t) => t.tier === 'substrate').map((t) => t.name);
  assert.deepEqual(
    answers.map((a) => a.tool),
    substrateTools,
  );
  for (const answer of answers) {
    assert.equal(answer.isError, true, answer.tool);
    // A pending tool says so before the gate; every built one (called with arguments its
    // schema accepts, tests/helpers/gate-probe.ts) meets the closed gate.
    const built = !TOOL_REGISTRY.find((t) => t.name === answer.tool)!.pending;
    if (built) {
      assert.match(answer.text, /^not_configured: this process has no substrate attachment/, answer.tool);
      assert.equal(answer.emptyReason, 'not_attached', answer.tool);
    } else assert.match(answer.text, /^(not_implemented|invalid_arguments): /, answer.tool);
  }
  assert.ok(
    answers.some((a) => a.text.startsWith('not_configured: this process has no substrate attachment')),
    'at least one built substrate tool met the gate',
  );
  const loaded = readFileSync(loadLog, 'utf8').split('\n');
  assert.ok(
    loaded.some((url) => url.includes('/core/server/boundary.ts')),
    'the boundary ran in the probe',
  );
  const attachmentModules = loaded.filter((url) => /\/core\/attachment(\.ts|\/)/.test(url));
  assert.deepEqual(attachmentModules, [], 'no module of the attachment was loaded');
});
