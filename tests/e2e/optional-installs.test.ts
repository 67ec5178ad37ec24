// Optional installs (core/process/optional-install.ts): an install without the OpenTelemetry SDK,
// js-tiktoken, Ink and React, as `npx -y @metabob/mcp` makes one, serves every tool; asked for
// OTLP traces or exact token counts it says in one line what to install and goes on without them,
// advertising neither capability. The real failure, not a switch: a copy of the built package
// whose node_modules links every dependency but those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cleanEnv, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { linkedInstall } from '../helpers/linked-install.ts';
import { OtlpReceiver } from '../helpers/otlp-receiver.ts';
import { repoWithHistory } from './ledger-fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
const OPTIONAL = Object.keys(pkg.peerDependencies);

async function serve(dir: string, cwd: string, env: Record<string, string>) {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(dir, 'dist/cli.js')],
    cwd,
    env: cleanEnv({ METABOB_HOME: tempDir('metabob-home-'), ...env }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const client = new Client({ name: 'metabob-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr, close: () => client.close() };
}

const missingLines = (stderr: string[]) => stderr.filter((line) => line.includes('optional_install_missing('));

test('without the optional installs: OTLP traces and exact token counts each say what to install, once, and the tools serve', async () => {
  const dir = linkedInstall('metabob-no-optional-', OPTIONAL);
  const { repo } = repoWithHistory();
  const receiver = new OtlpReceiver();
  await receiver.start();
  const s = await serve(dir, repo, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, METABOB_TOKEN_ACCOUNTING: 'exact' });
  try {
    assert.equal((await s.client.listTools()).tools.length > 0, true);
    const answers = [];
    for (const [name, args] of [
      ['init_workspace', {}],
      ['search_codebase', { query: 'a' }],
      ['get_metrics', {}],
    ] as const)
      answers.push(await s.client.callTool({ name, arguments: args }));
    for (const answer of answers) {
      assert.notEqual(answer.isError, true, textOf(answer));
      const meta = answer._meta as { tokens_used: number; capabilities: string[] };
      // Without js-tiktoken the count is the heuristic, and the tags promise neither feature.
      assert.equal(meta.tokens_used, Math.ceil(textOf(answer).length / 4));
      assert.ok(!meta.capabilities.includes('tokens_exact') && !meta.capabilities.includes('traces_otlp'), meta.capabilities.join(' '));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = missingLines(s.stderr);
    const otel = lines.filter((l) => l.includes('OTLP traces'));
    const tokens = lines.filter((l) => l.includes('exact token counts'));
    assert.equal(otel.length, 1, s.stderr.join('\n'));
    assert.equal(tokens.length, 1, s.stderr.join('\n'));
    assert.match(
      otel[0],
      /optional_install_missing\(@opentelemetry\/api, @opentelemetry\/sdk-trace-base, @opentelemetry\/exporter-trace-otlp-http, @opentelemetry\/resources\): OTEL_EXPORTER_OTLP_ENDPOINT \(http:\/\/127\.0\.0\.1:\d+\/v1\/traces\) asks for OTLP traces, .* npx -y -p @metabob\/mcp -p @opentelemetry\/api/,
    );
    assert.match(
      tokens[0],
      /optional_install_missing\(js-tiktoken\): METABOB_TOKEN_ACCOUNTING=exact asks for exact token counts, .*npm install -g @metabob\/mcp js-tiktoken/,
    );
    assert.equal(receiver.bodies.length, 0, 'nothing was sent to the receiver');
  } finally {
    await s.close();
    await receiver.stop();
  }
});
