// READING-NOTES "Where this project is stricter than the spec": a project-local config file
// (./.substrate/config.json, ./.metabob/config.json, which a cloned repository can carry)
// supplies endpoints only together with its own key, or once the user trusted it with
// `metabob-mcp configure --trust-project`; any endpoint in the environment means no endpoint
// from such a file. The built server is spawned in a temp project beside a real recording
// listener on 127.0.0.1 that stands where the file points: it must never hear the user's key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClient, tempHome, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { runCli } from './attach-check-helpers.ts';

const USER_KEY = 'mb_live_user_key_from_the_plugin_host_K9x2';
const FILE_KEY = 'mb_live_key_written_in_the_project_P4v7';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A listener that answers like a substrate would (so a leaky server goes on to the org check)
 * and records every request it receives.
 */
async function startRecorder(): Promise<{ url: string; requests: Recorded[]; stop: () => Promise<void> }> {
  const requests: Recorded[] = [];
  let url = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/bootstrap') res.end(JSON.stringify({ identity_endpoint: url }));
      else if (req.url === '/health') res.end('{"ok":true}');
      else {
        res.statusCode = 401;
        res.end('{"error":"unauthorized"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function projectWithConfig(section: Record<string, string>, dir = '.substrate'): { cwd: string; file: string } {
  const cwd = realpathSync(tempDir('metabob-project-'));
  mkdirSync(join(cwd, dir));
  const file = join(cwd, dir, 'config.json');
  writeFileSync(file, JSON.stringify({ metabob: section }));
  return { cwd, file };
}

async function waitFor(lines: string[], pattern: RegExp, what: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const hit = lines.find((l) => pattern.test(l));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`${what} never appeared on stderr:\n${lines.join('\n')}`);
}

/**
 * Starts the server as a plugin host does (cwd = the project) and calls one substrate tool,
 * which waits for the start-up attachment to settle (SPEC §attachment "The gate"): whatever
 * the server was going to send at start has been sent by the time it answers.
 */
async function serveIn(cwd: string, home: string, env: Record<string, string>): Promise<{ stderr: string[]; answer: string }> {
  const { client, close, stderr } = await startClient({ cwd, env: { HOME: home, ...env } });
  try {
    const answer = textOf(await client.callTool({ name: 'registry_query', arguments: { mode: 'shapes' } }));
    return { stderr, answer };
  } finally {
    await close();
  }
}

const attachedTo = (stderr: string[], discovery: string) => waitFor(stderr, new RegExp(`attached to ${discovery} `), `attached to ${discovery}`);

function assertHeardNothing(recorder: { requests: Recorded[] }, ...keys: string[]): void {
  const heard = JSON.stringify(recorder.requests);
  for (const key of keys) assert.ok(!heard.includes(key), "the key never reaches the file's endpoint");
  assert.deepEqual(
    recorder.requests.map((r) => `${r.method} ${r.url}`),
    [],
    "the file's endpoint receives no request at all",
  );
}

async function withRecorder(fn: (recorder: Awaited<ReturnType<typeof startRecorder>>) => Promise<void>): Promise<void> {
  const recorder = await startRecorder();
  try {
    await fn(recorder);
  } finally {
    await recorder.stop();
  }
}

const untrustedLines = (stderr: string[]) => stderr.filter((l) => l.includes('config_untrusted('));

test("a cloned project's config file pointing elsewhere never receives the user's key: no request at all, one warning naming the file and the fix", async () => {
  await withRecorder(async (recorder) => {
    const { cwd, file } = projectWithConfig({ discoveryEndpoint: recorder.url, identityEndpoint: recorder.url });
    const { stderr, answer } = await serveIn(cwd, tempHome(), { METABOB_API_KEY: USER_KEY });
    assertHeardNothing(recorder, USER_KEY);
    assert.match(answer, /^not_configured: missing the endpoint/);
    const lines = untrustedLines(stderr);
    assert.equal(lines.length, 1, stderr.join('\n'));
    assert.ok(lines[0]!.includes(`config_untrusted(${file})`));
    assert.ok(lines[0]!.includes('metabob-mcp configure --trust-project'), 'the line names the fix');
    assert.ok(lines[0]!.includes('metabob.discoveryEndpoint, metabob.identityEndpoint'), 'the line names the endpoints it refused');
    assert.ok(!stderr.join('\n').includes(USER_KEY));
  });
});

test('DISCOVERY_ENDPOINT in the environment means no endpoint from the project file: its identityEndpoint is never dialled', async () => {
  await withEmulator(async (emulator) => {
    await withRecorder(async (recorder) => {
      const { cwd } = projectWithConfig({ identityEndpoint: recorder.url, discoveryEndpoint: recorder.url });
      const { stderr } = await serveIn(cwd, tempHome(), { METABOB_API_KEY: emulator.key, DISCOVERY_ENDPOINT: emulator.discoveryUrl });
      assertHeardNothing(recorder, emulator.key);
      const line = await attachedTo(stderr, emulator.discoveryUrl);
      assert.ok(line.endsWith(`(identity ${emulator.identityUrl}, bootstrap)`), line);
      assert.deepEqual(untrustedLines(stderr), [], 'an ignored endpoint is no refused pairing');
    });
  });
});

test('a project file with its own key attaches with that key; beside a key from the environment its endpoints are refused', async () => {
  await withEmulator(async (emulator) => {
    const { cwd } = projectWithConfig({ apiKey: emulator.key, discoveryEndpoint: emulator.discoveryUrl }, '.metabob');
    const own = await serveIn(cwd, tempHome(), {});
    await attachedTo(own.stderr, emulator.discoveryUrl);
    assert.deepEqual(untrustedLines(own.stderr), []);
  });
  await withRecorder(async (recorder) => {
    const { cwd, file } = projectWithConfig({ apiKey: FILE_KEY, discoveryEndpoint: recorder.url });
    const { stderr } = await serveIn(cwd, tempHome(), { METABOB_API_KEY: USER_KEY });
    assertHeardNothing(recorder, USER_KEY, FILE_KEY);
    const lines = untrustedLines(stderr);
    assert.equal(lines.length, 1);
    assert.ok(lines[0]!.includes(`config_untrusted(${file})`) && lines[0]!.includes('env METABOB_API_KEY'), lines[0]);
  });
});

test('configure --trust-project trusts the file by path and content hash (0600 record); an edited file is untrusted again', async () => {
  await withEmulator(async (emulator) => {
    const home = tempHome();
    const { cwd, file } = projectWithConfig({ discoveryEndpoint: emulator.discoveryUrl });
    const trust = await runCli(['configure', '--trust-project'], { home, cwd });
    assert.equal(trust.code, 0, trust.stdout + trust.stderr);
    const record = join(home, '.metabob', 'trusted-projects.json');
    assert.equal(statSync(record).mode & 0o777, 0o600);
    const stored = JSON.parse(readFileSync(record, 'utf8'));
    assert.equal(stored.trusted[0].path, file);
    assert.match(stored.trusted[0].sha256, /^[0-9a-f]{64}$/);
    assert.match(trust.stdout, new RegExp(`^trusted ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'm'));

    const trusted = await serveIn(cwd, home, { METABOB_API_KEY: emulator.key });
    await attachedTo(trusted.stderr, emulator.discoveryUrl);
    assert.deepEqual(untrustedLines(trusted.stderr), []);

    await withRecorder(async (recorder) => {
      writeFileSync(file, JSON.stringify({ metabob: { discoveryEndpoint: recorder.url } }));
      const edited = await serveIn(cwd, home, { METABOB_API_KEY: emulator.key });
      assertHeardNothing(recorder, emulator.key);
      const lines = untrustedLines(edited.stderr);
      assert.equal(lines.length, 1);
      assert.ok(lines[0]!.includes('changed since it was trusted'), lines[0]);
    });
  });
});

test("doctor shows the refused pairing in config files, and neither doctor nor attach --check dials the file's endpoint", async () => {
  await withRecorder(async (recorder) => {
    const { cwd, file } = projectWithConfig({ discoveryEndpoint: recorder.url, identityEndpoint: recorder.url });
    const home = tempHome();
    const out = await runCli(['doctor', '--json'], { env: { METABOB_API_KEY: USER_KEY }, cwd, home });
    const files = JSON.parse(out.stdout).checks.find((c: { id: string }) => c.id === 'config_files');
    assert.equal(files.status, 'warn');
    assert.ok(files.detail.includes(`config_untrusted(${file})`), files.detail);
    assert.ok(files.remedy.includes('metabob-mcp configure --trust-project'), files.remedy);
    const check = await runCli(['attach', '--check', '--json'], { env: { METABOB_API_KEY: USER_KEY }, cwd, home });
    assert.equal(JSON.parse(check.stdout).attached, false);
    assertHeardNothing(recorder, USER_KEY);
    assert.ok(!out.stdout.includes(USER_KEY) && !check.stdout.includes(USER_KEY));
  });
});
