// What the model sees in the real hosts (SPEC §Runtime; META-ENVELOPE: hosts show the model the
// text alone). Claude Code and Codex, headless and offline, with the plugin installed from this
// repository's marketplace through the local registry (as tests/hosts/plugin-hosts.test.ts does)
// and their model API played by a script on 127.0.0.1 (tests/helpers/model-mock.ts), go through a
// skill-guided session (tests/hosts/session-script.ts). Every request the host sends after a tool
// call carries what the model was shown; each one is kept as an artifact (printed; copied to
// test-artifacts/ when METABOB_ARTIFACTS is set) and asserted on: every metabob result reached the
// model, what its `_meta` carried for an agent to branch on is in its text, and the ledger's
// reminder comes before the first edit of a file with an open finding, once, and only there.
//
// METABOB_HOSTS_BIN names the folder holding `claude` and `codex`; without it the hosts are skipped.
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { tempDir } from '../helpers/git.ts';
import { hostBin, hostSkip, run, runSession, seconds } from '../helpers/hosts.ts';
import { anthropicWire, responsesWire, startModelMock, type ModelMock, type SeenRequest } from '../helpers/model-mock.ts';
import { configuredRegistry, npmSandbox } from '../helpers/npm-sandbox.ts';
import { packTarball, ROOT } from '../helpers/pack.ts';
import { startClient } from '../helpers/client.ts';
import { FINDING_SUMMARY, findingIdIn, metabobCalls, SEEDED, sessionScript, type HostMoves, type StepLog } from './session-script.ts';
// @ts-expect-error: a plain .mjs module without types
import { startSmokeRegistry } from '../../scripts/ci/smoke-registry.mjs';
// @ts-expect-error: a plain .mjs module without types
import { makeSmokeWorkspace } from '../../scripts/ci/smoke-mcp.mjs';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const work = tempDir('metabob-host-loop-');
const cache = join(work, 'npm-cache');
const SESSION_MS = 300_000;
let registry: { url: string; version: string; close(): Promise<void> };

before(
  async () => {
    if (hostSkip) return;
    registry = await startSmokeRegistry({ tarball: packTarball(work), upstream: configuredRegistry() });
    // The first npx install compiles better-sqlite3 (minutes on a busy machine): done once here, so
    // a host's MCP start-up timeout sees a start, not an install.
    const { env } = npmSandbox(join(work, 'home-warm'), { registry: registry.url, cache });
    // Asynchronously: the local registry answers in this process.
    await run('npx', ['-y', `@metabob/mcp@${registry.version}`, '--version'], { cwd: work, env, timeout: 840_000 });
    // The runner's 300 s default holds hooks too; the install's own timeout is the bound here.
  },
  { timeout: 900_000 },
);

after(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Where a host's per-step artifacts go: under the test's temp folder, copied to test-artifacts/ with METABOB_ARTIFACTS. */
function artifactsFor(t: TestContext, host: string): { dir: string; keep(): void } {
  const dir = join(work, 'artifacts', host);
  return {
    dir,
    keep() {
      let shown = dir;
      if (process.env.METABOB_ARTIFACTS) {
        shown = join(ROOT, 'test-artifacts', 'host-loop', host);
        rmSync(shown, { recursive: true, force: true });
        cpSync(dir, shown, { recursive: true });
      }
      t.diagnostic(`${host}: per-step artifacts (NN-received.txt, NN-request.json, steps.txt) in ${shown}`);
    },
  };
}

/** The steps' index: what the script did at each request and the first line it had received. */
function writeStepsIndex(dir: string, mock: ModelMock, log: StepLog[]): void {
  const lines = mock.requests.map((r) => {
    const did = log.find((l) => l.step === r.step)?.did ?? '-';
    const first = r.received.split('\n').find((l) => l.trim() && !l.startsWith('[tool_result')) ?? '';
    return `${String(r.step).padStart(2, '0')}  answered ${did.padEnd(28)}  after receiving ${r.received.length} chars: ${first.slice(0, 120)}`;
  });
  writeFileSync(join(dir, 'steps.txt'), lines.join('\n') + '\n');
}

/** The request made right after the script's move `did`: it carries that move's result. */
function after_(mock: ModelMock, log: StepLog[], did: string): SeenRequest {
  // The last time: a load the host answered empty is made again.
  const at = log.findLast((l) => l.did === did);
  assert.ok(at, `the script never made the move ${did}: ${log.map((l) => l.did).join(', ')}`);
  const next = mock.requests.find((r) => r.step === at.step + 1);
  assert.ok(next, `no request came after ${did} (step ${at.step})`);
  return next;
}

/** Another agent's findings, recorded before the session through the installed bin, in the store the session's server reads. */
async function seedFindings(workspace: string, env: Record<string, string>): Promise<void> {
  for (const seeded of SEEDED)
    await run('npx', ['-y', `@metabob/mcp@${registry.version}`, 'call', 'record_finding', JSON.stringify(seeded)], { cwd: workspace, env });
}

const REMINDER = /metabob: .*src\/b\.ts/;

/** Both hosts: each metabob result reached the model, and the reminder came before the first edit of src/b.ts, once. */
function assertResultsAndReminder(mock: ModelMock, log: StepLog[]): void {
  const received = (did: string) => after_(mock, log, did).received;
  // Each metabob result reached the model, and says what its call did in this workspace.
  const expected: Record<string, RegExp> = {
    get_analysis_context: /\S/,
    init_workspace: /Indexed .*3 files/,
    search_codebase: /parseOrder/,
    analyze_impact: /Impact of changing src\/a\.ts/,
    predict_cochanges: /src\/b\.ts/,
    record_finding: /agf_/,
    get_problems: /parseOrder counts characters/,
    mark_complete: /agf_/,
  };
  for (const [tool, shape] of Object.entries(expected)) {
    const text = received(`metabob:${tool}`);
    assert.doesNotMatch(text, /is_error|InputValidationError|No such tool/, `${tool}: ${text.slice(0, 400)}`);
    assert.match(text, shape, `${tool}'s result reached the model: ${text.slice(0, 400)}`);
  }

  // The reminder: after the read of src/b.ts (a finding recorded there, not asked about), before
  // the edit the script makes in answer to that same request; nowhere else, once.
  const withReminder = mock.requests.filter((r) => REMINDER.test(r.received));
  const readB = after_(mock, log, 'read:src/b.ts');
  const editStep = log.find((l) => l.did === 'edit:src/b.ts')!.step;
  assert.equal(withReminder.length, 1, `the reminder on src/b.ts was shown once; in steps ${withReminder.map((r) => r.step).join(', ') || 'none'}`);
  assert.equal(withReminder[0].step, readB.step, `the reminder came with the read of src/b.ts (step ${readB.step}), not at step ${withReminder[0].step}`);
  assert.ok(readB.step <= editStep, `the reminder (step ${readB.step}) precedes the edit (answered at step ${editStep})`);
  assert.ok(readB.received.includes(FINDING_SUMMARY), `the reminder names the open finding: ${readB.received}`);
  for (const quiet of ['read:src/a.ts', 'read:src/c.ts'])
    assert.doesNotMatch(received(quiet), /metabob:/, `no reminder after ${quiet} (asked already / nothing open)`);
}

/** Both hosts: what `_meta` carried for an agent to branch on is in the text the model received for that call, once. */
async function assertMetaInText(t: TestContext, mock: ModelMock, log: StepLog[]): Promise<void> {
  const received = (did: string) => after_(mock, log, `metabob:${did}`).received;
  // What `_meta` carried for an agent to branch on, replayed through the SDK client on a twin
  // workspace, must be in the text the model received for the same call.
  const twin = makeSmokeWorkspace(join(work, `twin-${Date.now()}`));
  const { client, close } = await startClient({ cwd: twin });
  const missing: string[] = [];
  try {
    for (const seeded of SEEDED) await client.callTool({ name: 'record_finding', arguments: seeded });
    let findingId = 'agf_unknown';
    for (const call of metabobCalls(twin, () => findingId)) {
      const result: any = await client.callTool({ name: call.tool, arguments: call.args() });
      const twinText = (result.content ?? []).map((c: any) => c.text ?? '').join('\n');
      if (call.tool === 'record_finding') findingId = findingIdIn(twinText) ?? findingId;
      const meta = result._meta ?? {};
      const shown = received(call.tool);
      if (meta.empty_reason && !shown.includes(meta.empty_reason)) missing.push(`${call.tool}: empty_reason ${meta.empty_reason} is not in its text`);
      for (const w of (meta.warnings_v2 ?? []) as Array<{ code: string; severity: string; message: string }>) {
        if ((w.severity === 'warning' || w.severity === 'error') && !shown.includes(w.code))
          missing.push(`${call.tool}: warning ${w.code} (${w.severity}) is not in its text`);
      }
      // The first next step is named as a call the agent can make, by the rule the answer-text
      // sweep holds every tool to: a `Next (...)` line, or a line that says to call it.
      const first = (meta.next_steps ?? [])[0] as { tool: string } | undefined;
      const namesStep = (l: string, tool: string) =>
        l.startsWith('Next') ? l.includes(tool) : l.toLowerCase().includes(`call ${tool}`) || l.includes(`${tool} {`);
      if (first && !shown.split('\n').some((l) => namesStep(l, first.tool))) missing.push(`${call.tool}: next step ${first.tool} is not named in the text`);
      const lines = shown.split('\n').filter((l) => l.trim() && !l.startsWith('[tool_result'));
      const repeated = lines.filter((l, i) => lines.indexOf(l) !== i);
      if (repeated.length) missing.push(`${call.tool}: repeats a line: ${repeated[0].slice(0, 160)}`);
    }
  } finally {
    await close();
    rmSync(twin, { recursive: true, force: true });
  }
  for (const m of missing) t.diagnostic(`_meta not in the text: ${m}`);
  assert.deepEqual(missing, [], 'everything an agent branches on is in the text, once');
}

test(
  'Claude Code, driven by a scripted model, shows each metabob result to the model and the reminder before the first edit',
  { skip: hostSkip, timeout: 900_000 },
  async (t) => {
    const claude = hostBin('claude');
    const { env } = npmSandbox(join(work, 'home-claude'), { registry: registry.url, cache });
    const workspace = makeSmokeWorkspace(join(work, 'workspace-claude'));
    const marketplace = json(join(ROOT, '.claude-plugin/marketplace.json')).name as string;
    const plugin = json(join(ROOT, 'plugins/claude-code/.claude-plugin/plugin.json')).name as string;
    await run(claude, ['plugin', 'marketplace', 'add', ROOT], { cwd: workspace, env });
    await run(claude, ['plugin', 'install', `${plugin}@${marketplace}`], { cwd: workspace, env });
    await seedFindings(workspace, env);

    const prefix = `mcp__plugin_${plugin}_metabob__`;
    const moves: HostMoves = {
      // Claude Code lists MCP tools by name only, once their server is up, and loads their schemas through ToolSearch.
      load(r, tools) {
        const listed = new Set(JSON.stringify(r.body).match(new RegExp(`${prefix}\\w+`, 'g')) ?? []);
        const wanted = tools.map((tool) => prefix + tool);
        if (wanted.some((n) => !listed.has(n))) return 'wait';
        return { tool: 'ToolSearch', input: { query: `select:${wanted.join(',')}`, max_results: wanted.length } };
      },
      loaded: (r) => (r.body.tools ?? []).some((tool: { name: string }) => tool.name === `${prefix}init_workspace`),
      wait: () => ({ tool: 'Bash', input: { command: 'sleep 5', description: 'Wait for the metabob server' } }),
      call: (_r, tool, input) => ({ tool: prefix + tool, input }),
      read: (file) => ({ tool: 'Read', input: { file_path: join(workspace, file) } }),
      edit: (file, from, to) => ({ tool: 'Edit', input: { file_path: join(workspace, file), old_string: from, new_string: to } }),
      commit: (message) => ({
        tool: 'Bash',
        input: { command: `git -c user.name=Agent -c user.email=agent@example.invalid commit -qam '${message}'`, description: 'Commit the change' },
      }),
    };
    const log: StepLog[] = [];
    const artifacts = artifactsFor(t, 'claude-code');
    const mock = await startModelMock(anthropicWire, sessionScript(workspace, moves, log), artifacts.dir);
    try {
      const started = Date.now();
      const ran = await runSession(
        claude,
        [
          '-p',
          'Triple the total in src/b.ts, using metabob as its skill says.',
          '--output-format',
          'stream-json',
          '--verbose',
          '--permission-mode',
          'bypassPermissions',
        ],
        {
          cwd: workspace,
          env: { ...env, ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: 'sk-ant-mock', IS_SANDBOX: '1', MCP_TIMEOUT: '120000', DISABLE_AUTOUPDATER: '1' },
          timeoutMs: SESSION_MS,
        },
      );
      writeFileSync(join(artifacts.dir, 'host-stdout.jsonl'), ran.stdout);
      writeFileSync(join(artifacts.dir, 'host-stderr.txt'), ran.stderr);
      assertSessionRan(t, 'claude -p', ran, { mock, log, workspace, artifacts: artifacts.dir, started });
      // The ToolSearch result loaded the schemas: the next request defines the metabob tools.
      const loaded = after_(mock, log, 'load');
      const defined = new Set((loaded.body.tools ?? []).map((tool: { name: string }) => tool.name));
      assert.ok(defined.has(`${prefix}init_workspace`), `ToolSearch loaded the metabob tools: ${[...defined].join(', ')}`);
      await whatTheModelSaw(t, mock, log);
    } finally {
      artifacts.keep();
      await mock.close();
    }
  },
);

/** A host session ended in time, the script ran to its end and the edit was committed; its steps' index is written. */
function assertSessionRan(
  t: TestContext,
  label: string,
  ran: { status: number | null; stderr: string; timedOut: boolean },
  session: { mock: ModelMock; log: StepLog[]; workspace: string; artifacts: string; started: number },
): void {
  const { mock, log } = session;
  writeStepsIndex(session.artifacts, mock, log);
  t.diagnostic(`${label}: ${mock.requests.length} model requests (${mock.sideRequests} side) in ${seconds(session.started)}`);
  assert.equal(ran.timedOut, false, `the session ended within ${SESSION_MS / 1000} s`);
  assert.equal(ran.status, 0, ran.stderr.slice(-2000));
  assert.equal(log.at(-1)?.did, 'done', `the script ran to its end: ${log.map((l) => l.did).join(', ')}`);
  assert.match(spawnSync('git', ['log', '-1', '--format=%s'], { cwd: session.workspace, encoding: 'utf8' }).stdout, /Triple the total/);
}

/** What the model saw, as two subtests: the one that waits on the answers' text is apart. */
async function whatTheModelSaw(t: TestContext, mock: ModelMock, log: StepLog[]): Promise<void> {
  await t.test('each metabob result reached the model; the reminder came before the first edit of src/b.ts, once', () => assertResultsAndReminder(mock, log));
  await t.test('what _meta carries for an agent to branch on is in the text, once', (st) => assertMetaInText(st, mock, log));
}

/** The namespace Codex's tool search put the metabob tools under, from the search output the request carries. */
function codexNamespace(r: SeenRequest): string {
  for (const item of r.body.input ?? []) {
    if (item.type !== 'tool_search_output') continue;
    const found = (item.tools ?? []).find((t: { type: string; name: string }) => t.type === 'namespace' && t.name.includes('metabob'));
    if (found) return found.name;
  }
  throw new Error('no tool search output names a metabob namespace');
}

test(
  'Codex, driven by a scripted model, shows each metabob result to the model and the reminder before the first edit',
  { skip: hostSkip, timeout: 900_000 },
  async (t) => {
    const codex = hostBin('codex');
    // Codex is given a HOME outside the temp folder.
    const home = mkdtempSync(join(process.env.METABOB_HOSTS_HOME_BASE ?? homedir(), '.metabob-codex-loop-'));
    const log: StepLog[] = [];
    const artifacts = artifactsFor(t, 'codex');
    let mock: ModelMock | undefined;
    try {
      const { env } = npmSandbox(home, { registry: registry.url, cache });
      const workspace = makeSmokeWorkspace(join(work, 'workspace-codex'));
      const marketplace = json(join(ROOT, '.agents/plugins/marketplace.json')).name as string;
      const plugin = json(join(ROOT, 'plugins/codex/.codex-plugin/plugin.json')).name as string;
      await run(codex, ['plugin', 'marketplace', 'add', ROOT], { cwd: workspace, env });
      await run(codex, ['plugin', 'add', `${plugin}@${marketplace}`], { cwd: workspace, env });
      await seedFindings(workspace, env);

      let namespace = '';
      const shell = (cmd: string) => ({ tool: 'exec_command', input: { cmd, workdir: workspace } });
      const moves: HostMoves = {
        // Codex defers MCP tools behind its client-side tool_search.
        load: (_r, tools) => ({ search: `metabob ${tools.join(' ')}`, limit: 30 }),
        // Until the server is up the search finds nothing, without a notice.
        loaded: (r) => r.received.includes('namespace '),
        wait: () => shell('sleep 5'),
        call(r, tool, input) {
          namespace ||= codexNamespace(r);
          return { tool, namespace, input };
        },
        read: (file) => shell(`cat ${file}`),
        edit(file, from, to) {
          const lines = readFileSync(join(workspace, file), 'utf8')
            .split('\n')
            .filter((l) => l.includes(from));
          return {
            patch: [
              '*** Begin Patch',
              `*** Update File: ${file}`,
              '@@',
              ...lines.map((l) => `-${l}`),
              ...lines.map((l) => `+${l.replace(from, to)}`),
              '*** End Patch',
              '',
            ].join('\n'),
          };
        },
        commit: (message) => shell(`git -c user.name=Agent -c user.email=agent@example.invalid commit -qam '${message}'`),
      };
      mock = await startModelMock(responsesWire, sessionScript(workspace, moves, log), artifacts.dir);
      const provider = [
        'model = "gpt-5.5"',
        'model_provider = "scripted"',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        '[model_providers.scripted]',
        'name = "Scripted model"',
        `base_url = "${mock.url}/v1"`,
        'env_key = "SCRIPTED_MODEL_KEY"',
        'wire_api = "responses"',
      ];
      const configFile = join(home, '.codex', 'config.toml');
      // The plugin's enablement is already in config.toml: the provider goes on top of it.
      writeFileSync(
        configFile,
        provider.slice(0, 4).join('\n') + '\n' + (existsSync(configFile) ? readFileSync(configFile, 'utf8') : '') + '\n' + provider.slice(4).join('\n') + '\n',
      );

      const started = Date.now();
      // Plugin hooks are untrusted until reviewed in /hooks; a headless run trusts them with the flag (README: the trust step).
      const ran = await runSession(codex, ['exec', '--dangerously-bypass-hook-trust', 'Triple the total in src/b.ts, using metabob as its skill says.'], {
        cwd: workspace,
        env: { ...env, SCRIPTED_MODEL_KEY: 'sk-mock' },
        timeoutMs: SESSION_MS,
      });
      writeFileSync(join(artifacts.dir, 'host-stdout.txt'), ran.stdout);
      writeFileSync(join(artifacts.dir, 'host-stderr.txt'), ran.stderr);
      assertSessionRan(t, 'codex exec', ran, { mock, log, workspace, artifacts: artifacts.dir, started });
      assert.match(after_(mock, log, 'load').received, /metabob/, 'the tool search returned the metabob namespace');
      await whatTheModelSaw(t, mock, log);
    } finally {
      artifacts.keep();
      await mock?.close();
      rmSync(home, { recursive: true, force: true });
    }
  },
);
