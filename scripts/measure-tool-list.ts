// The size of the tools/list answer a host loads into its context (docs/tool-surface.md): the
// built server with nothing configured and attached to the substrate emulator, in characters,
// in tokens as chars/4 (the `_meta.tokens_used` default) and in cl100k_base tokens (js-tiktoken,
// the exact accounting's tokenizer). `--baseline <path/to/dist/cli.js>` measures another build
// beside this one (the figures before a change).
//   node --import tsx scripts/measure-tool-list.ts [--baseline ../main/dist/cli.js]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { CLI, cleanEnv } from '../tests/helpers/client.ts';
import { tempDir } from '../tests/helpers/git.ts';
import { startEmulator, type Emulator } from '../tests/substrate/emulator.ts';

const encoder = new Tiktoken(cl100k);

/** The tools/list result as it travels, once the attachment has settled (or after `waitMs`). */
async function toolList(cli: string, env: Record<string, string>, waitMs: number): Promise<string> {
  const child = spawn(process.execPath, [cli], {
    cwd: tempDir('measure-'),
    env: cleanEnv({ METABOB_LOOPBACK: 'off', ...env }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      lines.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  });
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
  const answer = async (id: number): Promise<string> => {
    for (let i = 0; i < 500; i++) {
      const line = lines.find((l) => (JSON.parse(l) as { id?: unknown }).id === id);
      if (line) return line;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no answer to ${id}`);
  };
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'measure', version: '1' } },
  });
  await answer(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await new Promise((r) => setTimeout(r, waitMs));
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const line = await answer(2);
  child.stdin.end();
  return JSON.stringify((JSON.parse(line) as { result: unknown }).result);
}

function row(label: string, json: string): string {
  const tools = (JSON.parse(json) as { tools: unknown[] }).tools.length;
  return `| ${label} | ${tools} | ${json.length} | ${Math.ceil(json.length / 4)} | ${encoder.encode(json).length} |`;
}

const args = process.argv.slice(2);
const baselineAt = args.indexOf('--baseline');
const builds: Array<[string, string]> = [['this build', CLI]];
if (baselineAt !== -1) builds.unshift(['baseline', fileURLToPath(new URL(args[baselineAt + 1], `file://${process.cwd()}/`))]);

const emulator: Emulator = await startEmulator();
try {
  const out = ['| build, state | tools | characters | tokens (chars/4) | tokens (cl100k_base) |', '|---|---|---|---|---|'];
  for (const [label, cli] of builds) {
    out.push(row(`${label}, nothing configured`, await toolList(cli, {}, 300)));
    out.push(row(`${label}, attached`, await toolList(cli, { DISCOVERY_ENDPOINT: emulator.discoveryUrl, METABOB_API_KEY: emulator.key }, 1500)));
  }
  process.stdout.write(out.join('\n') + '\n');
} finally {
  await emulator.stop();
}
