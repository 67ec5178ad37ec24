// `metabob-mcp configure` end to end against the emulator, driven by flags and through a real
// terminal (tmux send-keys): a rejected key writes nothing; an accepted one writes
// ~/.substrate/config.json with mode 0600 and keeps other sections; Ctrl-C writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, tempHome } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { withEmulator, type Emulator } from '../substrate/emulator.ts';
import { runCli, sh, startTmux, tmuxAvailable } from './attach-check-helpers.ts';

const EXISTING = { gapStore: { endpoint: 'http://127.0.0.1:18300' }, metabob: { vesselId: 'vessel-kept', endpoint: 'http://127.0.0.1:1' } };

function homeWithConfig(): { home: string; path: string; before: string } {
  const home = tempHome();
  mkdirSync(join(home, '.substrate'));
  const path = join(home, '.substrate', 'config.json');
  const before = JSON.stringify(EXISTING, null, 2);
  writeFileSync(path, before, { mode: 0o644 });
  return { home, path, before };
}

test('configure --yes with a rejected key writes nothing and exits 1', async () => {
  await withEmulator(async (emulator) => {
    const { home, path, before } = homeWithConfig();
    const wrong = 'mbk_wrong_0123456789abcdef';
    const out = await runCli(['configure', '--discovery-endpoint', emulator.discoveryUrl, '--api-key', wrong, '--yes'], { home, cwd: tempDir() });
    assert.equal(out.code, 1);
    assert.equal(readFileSync(path, 'utf8'), before, 'the file is unchanged');
    assert.equal(statSync(path).mode & 0o777, 0o644);
    const lines = out.stdout.trimEnd().split('\n');
    assert.equal(lines.at(-1), `not written: the check did not attach, so ${path} is unchanged`);
    assert.ok(lines.some((l) => l.startsWith('fail org check    key_rejected: HTTP 401')));
    assert.ok(!out.stdout.includes(wrong) && !out.stderr.includes(wrong), 'the key is never printed');
  });
});

test('configure --yes with an accepted key writes the file 0600, keeping other sections and keys; attach --check then attaches from it', async () => {
  await withEmulator(async (emulator) => {
    const { home, path } = homeWithConfig();
    const out = await runCli(['configure', '--discovery-endpoint', emulator.discoveryUrl, '--api-key', emulator.key, '--yes'], { home, cwd: tempDir() });
    assert.equal(out.code, 0, out.stdout + out.stderr);
    assert.equal(out.stdout.trimEnd().split('\n').at(-1), `wrote ${path} (mode 0600): metabob.apiKey, metabob.discoveryEndpoint; other sections and keys kept`);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), {
      gapStore: { endpoint: 'http://127.0.0.1:18300' },
      metabob: { vesselId: 'vessel-kept', endpoint: 'http://127.0.0.1:1', apiKey: emulator.key, discoveryEndpoint: emulator.discoveryUrl },
    });
    assert.ok(!out.stdout.includes(emulator.key) && !out.stderr.includes(emulator.key));
    const check = await runCli(['attach', '--check', '--json'], { home, cwd: tempDir() });
    assert.equal(check.code, 0);
    assert.equal(JSON.parse(check.stdout).attached, true);
  });
});

test('configure without --yes off a terminal checks but does not write; without values it is a usage error', async () => {
  await withEmulator(async (emulator) => {
    const home = tempHome();
    const out = await runCli(['configure', '--discovery-endpoint', emulator.discoveryUrl, '--api-key', emulator.key], { home, cwd: tempDir() });
    assert.equal(out.code, 1);
    assert.equal(out.stdout.trimEnd().split('\n').at(-1), `not written: pass --yes to write ${join(home, '.substrate', 'config.json')}`);
    assert.equal(existsSync(join(home, '.substrate')), false);
  });
  const usage = await runCli(['configure', '--yes'], { home: tempHome(), cwd: tempDir() });
  assert.equal(usage.code, 2);
  assert.equal(
    usage.stderr,
    'metabob-mcp configure: without a terminal, pass --api-key KEY and --endpoint URL (or --discovery-endpoint URL), and --yes to write\n',
  );
  const badUrl = await runCli(['configure', '--endpoint', 'localhost:18080', '--api-key', 'k', '--yes'], { home: tempHome(), cwd: tempDir() });
  assert.equal(badUrl.code, 2);
  assert.equal(badUrl.stderr, 'metabob-mcp configure: --endpoint: the URL must start with http:// or https://\n');
});

const tmuxSkip = !tmuxAvailable() && 'tmux is not installed';

/** Answers the prompts: discovery endpoint, then the key; returns the session at the next screen. */
async function answerPrompts(emulator: Emulator, home: string, key: string) {
  const session = await startTmux(`${sh(process.execPath)} ${sh(CLI)} configure`, { env: cleanEnv({ HOME: home }), cwd: home, width: 110, height: 50 });
  await session.waitFor(/Which address do you have\?/);
  await session.sendKeys('Down');
  await session.sendKeys('Enter');
  await session.waitFor(/◆ {2}Discovery endpoint/);
  await session.sendKeys('-l', emulator.discoveryUrl);
  await session.sendKeys('Enter');
  await session.waitFor(/◆ {2}API key/);
  await session.sendKeys('-l', key);
  const masked = await session.waitFor(new RegExp(`•{${key.length}}`));
  assert.ok(!masked.includes(key), 'the key is masked as it is typed');
  return session;
}

test('configure in a terminal: prompts, the hops, a confirmation, then the file (0600, other sections kept)', { skip: tmuxSkip }, async () => {
  await withEmulator(async (emulator) => {
    const { home, path } = homeWithConfig();
    const session = await answerPrompts(emulator, home, emulator.key);
    try {
      await session.sendKeys('Enter');
      const atConfirm = await session.waitFor(/◆ {2}Write .*config\.json\?/, 40_000);
      assert.equal(JSON.parse(readFileSync(path, 'utf8')).metabob.apiKey, undefined, 'nothing is written before the confirmation');
      assert.ok(atConfirm.includes('✓ org check    org org_emulated; account accounts:emulated; key key_1; scopes [read, write]'));
      assert.ok(atConfirm.includes(`✓ attached: org org_emulated through ${emulator.discoveryUrl}; vesselRegistry resolved`));
      await session.sendKeys('Enter');
      const pane = await session.waitFor(/EXIT=\d+/);
      assert.match(pane, /^EXIT=0$/m);
      assert.equal(statSync(path).mode & 0o777, 0o600);
      const written = JSON.parse(readFileSync(path, 'utf8'));
      assert.deepEqual(written.gapStore, EXISTING.gapStore);
      assert.equal(written.metabob.vesselId, 'vessel-kept');
      assert.equal(written.metabob.apiKey, emulator.key);
      assert.equal(written.metabob.discoveryEndpoint, emulator.discoveryUrl);
      assert.ok(!pane.includes(emulator.key), 'the key never shows on screen');
    } finally {
      await session.kill();
    }
  });
});

test('configure in a terminal: a rejected key shows the failing hop and writes nothing', { skip: tmuxSkip }, async () => {
  await withEmulator(async (emulator) => {
    const { home, path, before } = homeWithConfig();
    const session = await answerPrompts(emulator, home, 'mbk_wrong_0123456789abcdef');
    try {
      await session.sendKeys('Enter');
      const pane = await session.waitFor(/EXIT=\d+/, 40_000);
      assert.match(pane, /^EXIT=1$/m);
      assert.ok(pane.includes('✗ org check    key_rejected: HTTP 401'), pane);
      assert.ok(pane.replace(/\n +/g, ' ').includes('not written: the check did not attach'));
      assert.equal(readFileSync(path, 'utf8'), before);
    } finally {
      await session.kill();
    }
  });
});

test('configure in a terminal: Ctrl-C at the key prompt writes nothing', { skip: tmuxSkip }, async () => {
  await withEmulator(async (emulator) => {
    const home = tempHome();
    const session = await answerPrompts(emulator, home, 'mbk_half_typed');
    try {
      await session.sendKeys('C-c');
      const pane = await session.waitFor(/EXIT=\d+/);
      assert.match(pane, /^EXIT=1$/m);
      assert.ok(pane.includes('Cancelled: nothing written.'));
      assert.equal(existsSync(join(home, '.substrate')), false, 'no file, no directory');
    } finally {
      await session.kill();
    }
  });
});
