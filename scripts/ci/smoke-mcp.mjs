// Drives an installed metabob-mcp over stdio the way an MCP host does (SPEC §Runtime, the
// package smoke): initialize, tools/list, init_workspace, search_codebase, predict_cochanges,
// and every line the server writes to stdout is one JSON-RPC 2.0 message (SPEC
// src/index.ts@stdout-is-transport). With `pluginFolder`, the server was started in its plugin's
// folder: a tool call before init_workspace is refused workspace_undetermined, and
// init_workspace with the project's path is what binds it (SPEC §Workspace).
//
//   node scripts/ci/smoke-mcp.mjs [--plugin-folder] [--cwd <dir>] -- <command> [args...]
// makes a small git workspace, runs the command (in --cwd, else the workspace), prints one
// line per step on stderr and exits 0 when every step passed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Smoke',
  GIT_AUTHOR_EMAIL: 'smoke@example.invalid',
  GIT_COMMITTER_NAME: 'Smoke',
  GIT_COMMITTER_EMAIL: 'smoke@example.invalid',
};

/** A git repository whose history makes src/b.ts change with src/a.ts, and whose code search finds `parseOrder`. */
export function makeSmokeWorkspace(dir = mkdtempSync(join(tmpdir(), 'metabob-smoke-ws-'))) {
  const git = (...args) => {
    const run = spawnSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.error?.message ?? run.stderr}`);
  };
  mkdirSync(dir, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('config', 'commit.gpgsign', 'false');
  mkdirSync(join(dir, 'src'), { recursive: true });
  const commits = [
    {
      'src/a.ts': "import { total } from './b';\nexport function parseOrder(s: string) { return total(s.length); }\n",
      'src/b.ts': 'export function total(n: number) { return n; }\n',
    },
    {
      'src/a.ts': "import { total } from './b';\nexport function parseOrder(s: string) { return total(s.length + 1); }\n",
      'src/b.ts': 'export function total(n: number) { return n * 2; }\n',
    },
    { 'src/c.ts': 'export const unrelated = 1;\n' },
  ];
  commits.forEach((files, i) => {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    git('add', '-A');
    git('commit', '-q', '-m', `change ${i}`);
  });
  return dir;
}

/** One stdio session: requests by id, every stdout line checked to be JSON-RPC. */
function session(command, args, { cwd, env }) {
  const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map();
  const notJsonRpc = [];
  let stdout = '';
  let stderr = '';
  let exited;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve((exited = { code, signal })));
    child.on('error', (err) => resolve((exited = { error: err.message })));
  });
  child.stdout.on('data', (chunk) => {
    stdout += chunk.toString('utf8');
    let nl;
    while ((nl = stdout.indexOf('\n')) !== -1) {
      const line = stdout.slice(0, nl);
      stdout = stdout.slice(nl + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        notJsonRpc.push(line);
        continue;
      }
      if (msg?.jsonrpc !== '2.0' || typeof msg !== 'object') notJsonRpc.push(line);
      else if (msg.id !== undefined && waiting.has(msg.id)) waiting.get(msg.id)(msg);
    }
  });
  child.stderr.on('data', (chunk) => (stderr += chunk.toString('utf8')));
  return {
    notJsonRpc,
    stderr: () => stderr,
    request(id, method, params, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${method}: no answer in ${timeoutMs} ms${exited ? ` (exited ${JSON.stringify(exited)})` : ''}\n${stderr}`)),
          timeoutMs,
        );
        void exit.then((e) => {
          clearTimeout(timer);
          reject(new Error(`${method}: the server exited ${JSON.stringify(e)} before answering\n${stderr}`));
        });
        waiting.set(id, (msg) => {
          clearTimeout(timer);
          resolve(msg);
        });
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    },
    notify(method, params) {
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const e = await exit;
      clearTimeout(timer);
      if (stdout.length > 0) notJsonRpc.push(stdout);
      return e;
    },
  };
}

const textOf = (result) => (result.content ?? []).map((c) => c.text ?? '').join('\n');

function expect(condition, step, detail) {
  if (!condition) throw new Error(`${step}: ${detail}`);
}

/**
 * Runs the smoke. `startTimeoutMs` bounds the first answer (an `npx` launch installs the package
 * first); `log` receives one line per passed step. Resolves with the steps and tool count, or
 * rejects naming the step that failed.
 */
export async function smokeMcp({ command, args = [], cwd, env = process.env, workspace, pluginFolder = false, startTimeoutMs = 300_000, log = () => {} }) {
  const server = session(command, args, { cwd: cwd ?? workspace, env });
  const steps = [];
  const pass = (step) => {
    steps.push(step);
    log(`ok ${step}`);
  };
  let id = 0;
  const call = async (name, args, timeoutMs = 120_000) => {
    const answer = await server.request(++id, 'tools/call', { name, arguments: args }, timeoutMs);
    expect(answer.result, name, `a protocol error: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  try {
    const init = await server.request(
      ++id,
      'initialize',
      { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'smoke-mcp', version: '1' } },
      startTimeoutMs,
    );
    expect(init.result?.serverInfo?.name, 'initialize', JSON.stringify(init));
    pass(`initialize (${init.result.serverInfo.name} ${init.result.serverInfo.version})`);
    server.notify('notifications/initialized');

    const list = await server.request(++id, 'tools/list', {}, 30_000);
    const names = (list.result?.tools ?? []).map((t) => t.name);
    for (const name of ['init_workspace', 'search_codebase', 'predict_cochanges'])
      expect(names.includes(name), 'tools/list', `no ${name} among ${names.join(', ')}`);
    pass(`tools/list (${names.length} tools)`);

    if (pluginFolder) {
      const refused = await call('search_codebase', { query: 'parseOrder' });
      expect(refused.isError === true && /workspace_undetermined/.test(textOf(refused)), 'search_codebase before init_workspace', textOf(refused));
      pass('search_codebase before init_workspace: workspace_undetermined');
    }

    const bound = await call('init_workspace', { workspace_path: workspace });
    expect(bound.isError !== true, 'init_workspace', textOf(bound));
    expect(/^Indexed .*: 3 files parsed/m.test(textOf(bound)), 'init_workspace', `indexes the workspace's three files: ${textOf(bound)}`);
    pass('init_workspace');

    const found = await call('search_codebase', { query: 'parseOrder' });
    expect(found.isError !== true && /src\/a\.ts/.test(textOf(found)), 'search_codebase', textOf(found));
    pass('search_codebase');

    const cochanges = await call('predict_cochanges', { changed_files: ['src/a.ts'] });
    expect(cochanges.isError !== true && /src\/b\.ts\s+confidence 1\.00/.test(textOf(cochanges)), 'predict_cochanges', textOf(cochanges));
    pass('predict_cochanges');
  } finally {
    const closed = await server.close();
    expect(server.notJsonRpc.length === 0, 'stdout', `lines that are not JSON-RPC: ${JSON.stringify(server.notJsonRpc)}`);
    pass(`stdout carried only JSON-RPC; the server exited ${closed.code ?? closed.signal} on stdin's end`);
  }
  return { steps, stderr: server.stderr() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const [command, ...args] = dash === -1 ? [] : argv.slice(dash + 1);
  const options = dash === -1 ? argv : argv.slice(0, dash);
  if (!command) {
    process.stderr.write('usage: node scripts/ci/smoke-mcp.mjs [--plugin-folder] [--cwd <dir>] -- <command> [args...]\n');
    process.exit(2);
  }
  const cwdAt = options.indexOf('--cwd');
  const workspace = makeSmokeWorkspace();
  try {
    await smokeMcp({
      command,
      args,
      cwd: cwdAt === -1 ? undefined : options[cwdAt + 1],
      workspace,
      pluginFolder: options.includes('--plugin-folder'),
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (err) {
    process.stderr.write(`not ok ${err.message}\n`);
    process.exit(1);
  }
}
