// META-ENVELOPE §capabilities: `call_log` is advertised only when the call log can be written
// (SPEC §call-log), so a tag never promises a file that is not there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/git.ts';
import { startInProcess } from '../helpers/in-process.ts';

const capabilitiesWith = async (path: string) => {
  const s = await startInProcess({ cwd: tempDir('calllog-ws-'), env: { METABOB_CALL_LOG: path } });
  try {
    return ((await s.client.callTool({ name: 'get_metrics', arguments: {} }))._meta as { capabilities: string[] }).capabilities;
  } finally {
    await s.close();
  }
};

test('an unwritable METABOB_CALL_LOG is no call_log capability; a writable one is', async () => {
  const unwritable = join(tempDir('calllog-'), 'no-such-dir', 'calls.jsonl');
  assert.ok(!(await capabilitiesWith(unwritable)).includes('call_log'));
  assert.ok(!existsSync(unwritable));
  const writable = join(tempDir('calllog-'), 'calls.jsonl');
  assert.ok((await capabilitiesWith(writable)).includes('call_log'));
  assert.ok(existsSync(writable), 'the call was logged');
});
