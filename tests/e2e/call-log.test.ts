// SPEC §Call log, over stdio against the built server: with METABOB_CALL_LOG set, one JSON
// line per tool call (ts, session, tool, via, args by name and size, outcome, ms), mode 0600,
// and a log that cannot be written never fails or changes the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';
import { capabilityProbe } from '../helpers/probe.ts';

const SECRET_QUERY = 'SECRET-QUERY-VALUE-42';
const SECRET_FILE = 'src/secret-name-a.ts';

function repoWithHistory(): string {
  const repo = tempRepo();
  commitFiles(repo, { [SECRET_FILE]: 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n' }, 'first');
  commitFiles(repo, { [SECRET_FILE]: 'export const a = 2;\n', 'src/b.ts': 'export const b = 2;\n' }, 'second');
  return repo;
}

const cochangeArgs = { changed_files: [SECRET_FILE], limit: 5 };
const invalidSearchArgs = { query: SECRET_QUERY, limit: 'many' };

capabilityProbe('call_log', async () => {
  const logPath = join(tempDir('metabob-calllog-'), 'calls.jsonl');
  const session = 'session-call-log-probe';
  const startedAt = Date.now();
  const { client, close } = await startClient({ cwd: repoWithHistory(), env: { METABOB_CALL_LOG: logPath, SESSION_ID: session } });
  try {
    const first = await client.callTool({ name: 'predict_cochanges', arguments: cochangeArgs });
    const second = await client.callTool({ name: 'search_codebase', arguments: invalidSearchArgs });
    assert.ok(!first.isError, textOf(first));
    assert.equal(second.isError, true);
    assert.ok(metaOf(first).capabilities.includes('call_log'), 'the tag is advertised while the log is on');

    const text = readFileSync(logPath, 'utf8');
    assert.ok(text.endsWith('\n'));
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 2, 'one line per call');
    for (const line of lines) {
      // `result` appears only when the tool reports one (SPEC §call-log reportResult).
      const keys = ['ts', 'session', 'tool', 'via', 'args', 'outcome', ...('result' in line ? ['result'] : []), 'ms'];
      assert.deepEqual(Object.keys(line), keys);
      if ('result' in line) assert.equal(typeof line.result, 'string');
      assert.match(line.ts, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const ts = Date.parse(line.ts);
      assert.ok(ts >= startedAt - 1000 && ts <= Date.now() + 1000, `ts ${line.ts} is the call's time`);
    }
    assert.deepEqual(
      { ...lines[0], ts: undefined, result: undefined },
      {
        ts: undefined,
        result: undefined,
        session,
        tool: 'predict_cochanges',
        via: 'stdio',
        args: { changed_files: 'array(1)', limit: 'number' },
        outcome: 'ok',
        ms: metaOf(first).latency_ms,
      },
    );
    assert.deepEqual(
      { ...lines[1], ts: undefined, result: undefined },
      {
        ts: undefined,
        result: undefined,
        session,
        tool: 'search_codebase',
        via: 'stdio',
        args: { query: `string(${SECRET_QUERY.length})`, limit: 'string(4)' },
        outcome: 'error',
        ms: metaOf(second).latency_ms,
      },
    );
    assert.ok(!text.includes(SECRET_QUERY), "a string argument's value never reaches the log");
    assert.ok(!text.includes(SECRET_FILE) && !text.includes('secret-name'), "an array argument's values never reach the log");
    assert.equal(statSync(logPath).mode & 0o777, 0o600);
  } finally {
    await close();
  }
});

test('the call log is appended to, not rewritten, and stays 0600', async () => {
  const logPath = join(tempDir('metabob-calllog-'), 'calls.jsonl');
  const repo = repoWithHistory();
  for (const session of ['first-run', 'second-run']) {
    const { client, close } = await startClient({ cwd: repo, env: { METABOB_CALL_LOG: logPath, SESSION_ID: session } });
    await client.callTool({ name: 'predict_cochanges', arguments: cochangeArgs });
    await close();
  }
  const lines = readFileSync(logPath, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => [l.session, l.tool, l.outcome]),
    [
      ['first-run', 'predict_cochanges', 'ok'],
      ['second-run', 'predict_cochanges', 'ok'],
    ],
  );
  assert.equal(statSync(logPath).mode & 0o777, 0o600);
});

test('a call log in a missing directory never fails the call: same answer as with no log, one warning, no file', async () => {
  const repo = repoWithHistory();
  const logPath = join(tempDir('metabob-calllog-'), 'no', 'such', 'dir', 'calls.jsonl');

  const plain = await startClient({ cwd: repo });
  const baseline = await plain.client.callTool({ name: 'predict_cochanges', arguments: cochangeArgs });
  await plain.close();

  const logged = await startClient({ cwd: repo, env: { METABOB_CALL_LOG: logPath } });
  const first = await logged.client.callTool({ name: 'predict_cochanges', arguments: cochangeArgs });
  const second = await logged.client.callTool({ name: 'predict_cochanges', arguments: cochangeArgs });
  await logged.close();

  for (const result of [first, second]) {
    assert.equal(result.isError, baseline.isError);
    assert.equal(textOf(result), textOf(baseline));
  }
  assert.ok(!baseline.isError, textOf(baseline));
  assert.equal(existsSync(logPath), false);
  assert.deepEqual(
    logged.stderr.filter((l) => l.includes('call log')),
    [`[metabob-mcp] WARNING call log ${logPath} could not be written (ENOENT: no such file or directory, open '${logPath}'); calls go on unlogged`],
    'warned once, not once per call',
  );
});
