// SPEC §outgoing-text-guard end to end: the built server over stdio and its loopback resolver,
// attached to the substrate emulator, refuse a substrate tool whose input holds a secret or a
// home path with the spec's line, send home paths in prose as ~, and the egress backstop refuses
// a write whose pointer carries a known value. Whatever is refused never reaches the emulator:
// its discovery request record, its producers' call log, the server's stderr and the call log
// are searched for every secret the test used.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { fakeSecrets, randomChars } from '../helpers/fake-secrets.ts';
import { startEmulator, type Emulator } from '../substrate/emulator.ts';
import { startServer, type ServerUnderTest } from '../substrate/server-fixture.ts';
import { repoWithHistory } from './ledger-fixture.ts';
import { runAttachmentOnce, resolveOnce } from '../../core/attachment.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

async function emulator(): Promise<Emulator> {
  const e = await startEmulator();
  cleanups.push(() => e.stop());
  return e;
}

async function server(env: Record<string, string | undefined>, cwd?: string): Promise<ServerUnderTest> {
  const s = await startServer(env, { cwd });
  cleanups.push(() => s.close());
  return s;
}

/** Everything the emulator recorded of what it was sent. */
function emulatorRecord(e: Emulator): string {
  return JSON.stringify({ discovery: e.discovery.resolveBodies, calls: e.switches.calls });
}

function assertNowhere(secrets: string[], where: Record<string, string>): void {
  for (const [name, text] of Object.entries(where)) {
    for (const secret of secrets) assert.ok(!text.includes(secret), `${name} holds a secret (${secret.slice(0, 6)}…)`);
  }
}

test('a substrate tool with a secret or a home path in its input is refused on stdio and on the loopback resolver, and nothing reaches the emulator', async () => {
  const e = await emulator();
  const home = tempDir('metabob-guard-user-');
  const callLog = join(tempDir('metabob-guard-calllog-'), 'calls.jsonl');
  const known = randomChars(28, undefined, 77);
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, HOME: home, DEPLOY_TOKEN: known, METABOB_CALL_LOG: callLog });
  await s.waitForHealth((h) => h.attached === true);
  const github = fakeSecrets(21).github_token;

  // The record works: an ordinary shape reaches discovery.
  const fine = await s.client.callTool({ name: 'registry_query', arguments: { mode: 'vessels', shape: 'conceptSearch' } });
  assert.equal(fine.isError, undefined, textOf(fine));
  assert.ok(e.discovery.resolveBodies.some((b) => b.includes('"shape":"conceptSearch"')));
  const before = e.discovery.resolveRequests;

  const rows: Array<[string, string]> = [
    [github, 'registry_query: refused: outgoing_secret(github_token, shape): nothing was sent;'],
    [`x${known}`, 'registry_query: refused: outgoing_secret(known_secret, shape): nothing was sent;'],
    [e.key, 'registry_query: refused: outgoing_secret(known_secret, shape): nothing was sent;'],
    [`${home}/src/app`, 'registry_query: refused: outgoing_local_path(shape): nothing was sent;'],
  ];
  for (const [shape, line] of rows) {
    const result = await s.client.callTool({ name: 'registry_query', arguments: { mode: 'vessels', shape } });
    assert.equal(result.isError, true);
    assert.ok(textOf(result).startsWith(line), textOf(result));
    assert.match(textOf(result), /postgres:\/\/admin:\*\*\*@host|rewriting it would change what the request asks/);
  }
  const viaLoopback = await s.post(
    '/v2/impulses/resolve',
    { pointer: { type: 'mcp:tool_call', tool: 'registry_query', input: { mode: 'vessels', shape: github } } },
    { authorization: `ApiKey ${e.key}` },
  );
  assert.equal(viaLoopback.status, 200);
  assert.equal(viaLoopback.json.loaded, false);
  assert.ok(viaLoopback.json.error.startsWith('registry_query: refused: outgoing_secret(github_token, shape): nothing was sent;'), viaLoopback.json.error);
  assert.equal(e.discovery.resolveRequests, before, 'no refused call reached discovery');

  const logLines = readFileSync(callLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const refused = logLines.filter((l) => l.outcome === 'refused');
  assert.equal(refused.length, rows.length + 1);
  assert.deepEqual(
    refused.map((l) => l.via),
    [...rows.map(() => 'stdio'), 'loopback'],
  );
  assertNowhere([github, known, e.key, home], { emulator: emulatorRecord(e), 'call log': readFileSync(callLog, 'utf8'), stderr: s.stderr.join('') });
});

test('record_finding sends a home path in prose as ~ and says so; a value from the workspace .env refuses it', async () => {
  const e = await emulator();
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-guard-user-');
  const dotenv = randomChars(30, undefined, 88);
  writeFileSync(join(repo, '.env'), `STRIPE_SECRET=${dotenv}\n`);
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, HOME: home }, repo);

  const ok = await s.client.callTool({
    name: 'record_finding',
    arguments: { files: ['src/a.ts'], summary: `reads ${home}/.config/app.json at start`, severity: 'LOW', category: 'design' },
  });
  assert.equal(ok.isError, undefined, textOf(ok));
  assert.match(textOf(ok), /\[LOW\]\[design\] reads ~\/\.config\/app\.json at start/);
  assert.ok(textOf(ok).endsWith('\n\n(A home directory path in summary was sent as ~.)'), textOf(ok));
  const problems = await s.client.callTool({ name: 'get_problems', arguments: {} });
  assert.match(textOf(problems), /reads ~\/\.config\/app\.json at start/);

  const refused = await s.client.callTool({
    name: 'record_finding',
    arguments: { files: ['src/a.ts'], summary: 'key in a log', details: `the worker printed ${dotenv} on boot`, severity: 'HIGH', category: 'security' },
  });
  assert.equal(refused.isError, true);
  assert.ok(textOf(refused).startsWith('record_finding: refused: outgoing_secret(known_secret, details): nothing was sent;'), textOf(refused));
  assert.doesNotMatch(textOf(await s.client.callTool({ name: 'get_problems', arguments: {} })), /key in a log/);
  assertNowhere([dotenv, home], { emulator: emulatorRecord(e), stderr: s.stderr.join('') });
});

test('an oversized summary or content is refused as outgoing_too_large naming the field and its bytes, and the call log says refused', async () => {
  const e = await emulator();
  const { repo } = repoWithHistory();
  const callLog = join(tempDir('metabob-guard-calllog-'), 'calls.jsonl');
  const s = await server({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_CALL_LOG: callLog }, repo);
  await s.waitForHealth((h) => h.attached === true);
  const before = e.discovery.resolveRequests;
  const rows: Array<[string, Record<string, unknown>, string]> = [
    [
      'record_finding',
      { files: ['src/a.ts'], summary: 'a'.repeat(3000), severity: 'LOW', category: 'design' },
      'record_finding: refused: outgoing_too_large(summary, 3000): nothing was sent; summary is 3000 bytes, over its 2048-byte cap. Shorten it.',
    ],
    [
      'concept_create',
      { content: 'b'.repeat(70_000), shape: 'memo', source_type: 'memory' },
      'concept_create: refused: outgoing_too_large(content, 70000): nothing was sent; content is 70000 bytes, over its 65536-byte cap. Shorten it.',
    ],
  ];
  for (const [tool, args, line] of rows) {
    const result = await s.client.callTool({ name: tool, arguments: args });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), line);
    const diagnosis = (result._meta as { diagnosis_v2: Array<{ code: string; data: Record<string, unknown> }> }).diagnosis_v2;
    assert.equal(diagnosis[0].code, 'outgoing_too_large');
    assert.equal(diagnosis[0].data.field, line.match(/outgoing_too_large\((\w+),/)![1]);
  }
  assert.equal(e.discovery.resolveRequests, before, 'nothing was sent');
  const outcomes = readFileSync(callLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .map((l) => [l.tool, l.outcome]);
  assert.deepEqual(outcomes, [
    ['record_finding', 'refused'],
    ['concept_create', 'refused'],
  ]);
});

test('the egress backstop: a write whose pointer carries the key is not sent; this user home in a pointer is sent as ~', async () => {
  const e = await emulator();
  const home = tempDir('metabob-guard-user-');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DISCOVERY_ENDPOINT: e.discoveryUrl,
    METABOB_API_KEY: e.key,
    HOME: home,
    METABOB_CLIENT_CLAIM: 'off',
  };
  const state = await runAttachmentOnce({ env });
  assert.equal(state.auth.status, 'authenticated', state.message ?? '');
  const before = e.discovery.resolveRequests;

  const leaked = await resolveOnce(
    state,
    { type: 'concept_create_write', conceptData: { source_type: 'memo', content: 'x', metadata: { stamp: `by ${e.key}` } } },
    { family: 'concept', write: true },
    env,
  );
  assert.equal(leaked.ok, false);
  assert.equal(leaked.ok ? '' : leaked.line, 'outgoing_secret(known_secret, conceptData.metadata.stamp): the concept_create_write write was not sent');
  assert.equal(e.discovery.resolveRequests, before);

  const homed = await resolveOnce(
    state,
    { type: 'concept_create_write', conceptData: { source_type: 'memo', content: `workspace: ${home}/proj` } },
    { family: 'concept', write: true },
    env,
  );
  assert.equal(homed.ok, true, homed.ok ? '' : homed.line);
  const sent = e.switches.calls.find((c) => c.shape === 'concept_create_write');
  assert.equal(sent?.pointer.conceptData.content, 'workspace: ~/proj');
  assertNowhere([e.key, home], { emulator: emulatorRecord(e) });
});

test('the headless call plane is guarded the same way', async () => {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { CLI, cleanEnv } = await import('../helpers/client.ts');
  const e = await emulator();
  const token = fakeSecrets(31).gitlab_token;
  const result = await promisify(execFile)(process.execPath, [CLI, 'call', 'registry_query', JSON.stringify({ mode: 'vessels', shape: token })], {
    env: cleanEnv({ DISCOVERY_ENDPOINT: e.discoveryUrl, METABOB_API_KEY: e.key, METABOB_HOME: tempDir('metabob-guard-cli-') }),
    encoding: 'utf8',
    timeout: 20_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (err) => ({ code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string }),
  );
  assert.equal(result.code, 1);
  assert.ok(result.stdout.startsWith('registry_query: refused: outgoing_secret(gitlab_token, shape): nothing was sent;'), result.stdout);
  assertNowhere([token], { emulator: emulatorRecord(e), stdout: result.stdout, stderr: result.stderr });
});
