// The dropped connect (SPEC §Budgets and retries: a blackholed anchor or proxy fails as
// connect_timeout within the connect budget). The request runs in a network namespace this test
// makes, where SYNs to 10.200.0.2 leave over a veth link and are silently dropped by its peer
// (this machine has no iptables/nft; the veth trick drops packets without a firewall rule).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeGsettings, makeDropNamespace, namespaceMissingReason, tempNetDir, type DropNamespace } from '../helpers/net-fixtures.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'tests/helpers/net-request-cli.ts');

let skip = namespaceMissingReason();
let ns: DropNamespace | undefined;
if (!skip) {
  try {
    ns = makeDropNamespace();
  } catch (err) {
    skip = `this machine cannot make a network namespace with a veth link: ${String((err as Error).message).split('\n')[0]}`;
  }
}

interface Outcome {
  ok: boolean;
  token?: string;
  line?: string;
  route?: unknown;
  ms: number;
}

/** One netRequest made from inside the namespace by a separate Node process. */
function requestInNamespace(options: Record<string, unknown>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    execFile(
      'ip',
      ['netns', 'exec', (ns as DropNamespace).name, process.execPath, '--import', 'tsx', CLI, JSON.stringify(options)],
      { cwd: ROOT, timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop() as string) as Outcome);
      },
    );
  });
}

describe('network matrix: dropped packets', { skip: skip ? `skipped: ${skip}` : false }, () => {
  let dir: string;
  before(() => {
    dir = tempNetDir();
  });
  after(() => {
    ns?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a blackholed target with no proxy and no OS proxy settings: connect_timeout says a proxy-only network needs HTTPS_PROXY', async () => {
    const bin = fakeGsettings(join(dir, 'none'), { 'org.gnome.system.proxy mode': "'none'" });
    const out = await requestInNamespace({
      method: 'GET',
      url: `https://${ns?.droppedAddress}/bootstrap`,
      responseBudgetMs: 5000,
      idempotent: true,
      env: { PATH: bin, METABOB_CONNECT_TIMEOUT_MS: '500' },
    });
    assert.equal(
      out.line,
      `connect_timeout(${ns?.droppedAddress}:443): no connection within 500 ms; packets to it are being dropped; a network reachable only through a proxy needs HTTPS_PROXY`,
    );
    assert.deepEqual(out.route, { via: 'direct', bypass: 'none_configured' });
    assert.ok(out.ms < 4000, `took ${out.ms} ms`);
  });

  test('the same with a manual proxy in the OS settings names it', async () => {
    const bin = fakeGsettings(join(dir, 'manual'), {
      'org.gnome.system.proxy mode': "'manual'",
      'org.gnome.system.proxy.https host': "'proxy.corp.invalid'",
      'org.gnome.system.proxy.https port': '3128',
    });
    const out = await requestInNamespace({
      method: 'GET',
      url: `https://${ns?.droppedAddress}:8443/bootstrap`,
      responseBudgetMs: 5000,
      idempotent: true,
      env: { PATH: bin, METABOB_CONNECT_TIMEOUT_MS: '400' },
    });
    assert.equal(
      out.line,
      `connect_timeout(${ns?.droppedAddress}:8443): no connection within 400 ms; packets to it are being dropped; the OS proxy settings (gsettings) name http://proxy.corp.invalid:3128, which this process does not read; set HTTPS_PROXY=http://proxy.corp.invalid:3128`,
    );
  });

  test('a blackholed proxy: connect_timeout(<proxy host:port>), and the response budget caps the connect budget', async () => {
    const bin = fakeGsettings(join(dir, 'none2'), { 'org.gnome.system.proxy mode': "'none'" });
    const out = await requestInNamespace({
      method: 'GET',
      url: 'https://substrate.metabob.test/bootstrap',
      responseBudgetMs: 300,
      idempotent: true,
      env: { PATH: bin, HTTPS_PROXY: `http://u:secret@${ns?.droppedAddress}:3128` },
    });
    assert.equal(out.line, `connect_timeout(${ns?.droppedAddress}:3128): no connection within 300 ms; packets to it are being dropped`);
    assert.deepEqual(out.route, { via: 'proxy', proxy: `http://***@${ns?.droppedAddress}:3128` });
  });
});
