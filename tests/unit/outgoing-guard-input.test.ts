// SPEC §outgoing-text-guard over one call's arguments and over a write's pointer: the exempt
// tools, nested strings and their field paths, the refusal lines as the spec writes them, the
// size caps (4 KB for an unlisted field), home paths replaced in prose and refused where the
// substrate acts on them, and the known-secret sources (the key, the environment, the
// workspace's and the user's files; cached by modification time; never echoed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUARD_EXEMPT_TOOLS, GUARDED_FIELDS, fieldRule, guardOutgoingPointer, guardToolInput } from '../../core/outgoing-guard.ts';
import { HOME_SECRET_FILES, WORKSPACE_SECRET_FILES, knownSecretValues, SECRET_FILE_READ_CAP } from '../../core/guard/known-secrets.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { tempDir } from '../helpers/git.ts';
import { fakeSecrets, randomChars } from '../helpers/fake-secrets.ts';

const s = fakeSecrets(5);
/** An environment of a test's own: its HOME names the home whose files are read. */
const envWith = (extra: Record<string, string> = {}): Record<string, string> & { HOME: string } => ({ HOME: tempDir('metabob-guard-home-'), ...extra });

function refusal(tool: string, args: Record<string, unknown>, env: NodeJS.ProcessEnv = envWith(), workspaceRoot?: string): string {
  const r = guardToolInput(tool, args, { env, workspaceRoot });
  assert.equal(r.ok, false, `expected a refusal for ${JSON.stringify(Object.keys(args))}`);
  return r.ok ? '' : r.cause.line;
}

test('the exempt tools are the spec list, every local tool is among them, and every other tool is guarded', () => {
  const spec = ['init_workspace', 'analyze_impact', 'predict_cochanges', 'search_codebase', 'annotate_component', 'get_metrics'];
  spec.push('assign_git_changes', 'get_problems', 'get_analysis_context', 'pull_assigned_work', 'path_activity');
  assert.deepEqual([...GUARD_EXEMPT_TOOLS].sort(), spec.sort());
  const names = TOOL_REGISTRY.map((t) => t.name);
  for (const name of GUARD_EXEMPT_TOOLS) assert.ok(names.includes(name), `${name} is a tool`);
  for (const tool of TOOL_REGISTRY.filter((t) => t.tier === 'local')) assert.ok(GUARD_EXEMPT_TOOLS.has(tool.name), `${tool.name} sends nothing`);
  // An exempt tool's arguments pass whatever they hold.
  assert.deepEqual(guardToolInput('get_problems', { file_path: s.github_token }, { env: envWith() }), { ok: true, args: { file_path: s.github_token } });
});

test('a secret refuses the call with the spec line, naming the kind and the field, never the value', () => {
  const rows: Array<[string, Record<string, unknown>, string]> = [
    ['record_finding', { summary: `leaked ${s.github_token} in logs` }, 'record_finding: refused: outgoing_secret(github_token, summary)'],
    [
      'run_goal',
      { goal: 'deploy', variables: { db: { url: 'postgres://admin:hunter2@db/app' } } },
      'run_goal: refused: outgoing_secret(url_credentials, variables.db.url)',
    ],
    ['run_goal', { tags: ['ok', s.npm_token] }, 'run_goal: refused: outgoing_secret(npm_token, tags[1])'],
    [
      'concept_create',
      { content: 'x', pointer: { [s.aws_access_key]: 1 } },
      'concept_create: refused: outgoing_secret(aws_access_key, pointer[a key of 20 characters] (its name))',
    ],
    [
      'provide_feedback',
      { rationale: `curl -H "Authorization: Bearer ${randomChars(32)}"` },
      'provide_feedback: refused: outgoing_secret(authorization_header, rationale)',
    ],
    ['submit_resolution', { answer: 'DB_PASSWORD=hunter2' }, 'submit_resolution: refused: outgoing_secret(config_assignment, answer)'],
    [
      'record_finding',
      { summary: 'connect with DB_PASSWORD=hunter2 please', files: ['a.ts'] },
      'record_finding: refused: outgoing_secret(config_assignment, summary)',
    ],
    [
      'record_finding',
      { summary: 'the seed job fails', details: 'it runs PGPASSWORD=hunter2 psql -f seed.sql', files: ['a.ts'] },
      'record_finding: refused: outgoing_secret(config_assignment, details)',
    ],
  ];
  for (const [tool, args, prefix] of rows) {
    const line = refusal(tool, args);
    assert.ok(line.startsWith(prefix + ': nothing was sent;'), line);
    assert.match(line, /Describe it masked instead \(postgres:\/\/admin:\*\*\*@host\)/);
    for (const secret of [s.github_token, 'hunter2', s.npm_token, s.aws_access_key])
      assert.ok(!line.includes(secret), `the line repeats ${secret.slice(0, 6)}…`);
  }
});

test('each field has a cap; an unlisted field is acted on with 4 KB; sizes are UTF-8 bytes of every nested string', () => {
  assert.deepEqual(fieldRule('record_finding', 'summary'), { kind: 'prose', capBytes: 2048 });
  assert.deepEqual(fieldRule('run_goal', 'goal'), { kind: 'acted_on', capBytes: 4096 });
  assert.deepEqual(fieldRule('run_goal', 'a_field_no_table_lists'), { kind: 'acted_on', capBytes: 4096 });
  for (const rule of Object.values(GUARDED_FIELDS)) assert.ok(rule.capBytes > 0);
  assert.equal(
    refusal('record_finding', { summary: 'é'.repeat(1025) }),
    'record_finding: refused: outgoing_too_large(summary, 2050): nothing was sent; summary is 2050 bytes, over its 2048-byte cap. Shorten it.',
  );
  assert.match(refusal('run_goal', { brand_new_field: 'x'.repeat(4097) }), /^run_goal: refused: outgoing_too_large\(brand_new_field, 4097\)/);
  assert.match(refusal('run_goal', { variables: { a: 'x'.repeat(3000), b: 'y'.repeat(1200) } }), /^run_goal: refused: outgoing_too_large\(variables, 4202\)/);
  assert.equal(guardToolInput('run_goal', { goal: 'x'.repeat(4096) }, { env: envWith() }).ok, true);
});

test('a home path is sent as ~ in prose, with a closing note, and refused in a field the substrate acts on', () => {
  const env = envWith();
  const home = env.HOME;
  const prose = guardToolInput(
    'record_finding',
    { summary: `crash reading ${home}/proj/a.ts and /Users/bob/x`, details: 'C:\\Users\\carol\\x.txt', files: [`${home}/proj/a.ts`] },
    { env },
  );
  assert.ok(prose.ok);
  assert.equal(prose.args.summary, 'crash reading ~/proj/a.ts and ~/x');
  assert.equal(prose.args.details, '~\\x.txt');
  // record_finding resolves its files here and sends them workspace-relative: left as given.
  assert.deepEqual(prose.args.files, [`${home}/proj/a.ts`]);
  assert.equal(prose.note, '(A home directory path in summary, details was sent as ~.)');

  assert.equal(
    refusal('run_goal', { goal: 'index /home/alice/src' }, env),
    'run_goal: refused: outgoing_local_path(goal): nothing was sent; goal names a path in a home directory, and the substrate acts on it, ' +
      'so rewriting it would change what the request asks. Pass a workspace-relative path, or leave the path out.',
  );
  assert.match(refusal('run_goal', { variables: { root: `${home}/w` } }, env), /^run_goal: refused: outgoing_local_path\(variables\.root\)/);
  // Not a home: /srv/home/x, a relative home/x, and ~ itself.
  assert.deepEqual(guardToolInput('run_goal', { goal: 'see /srv/home/x and home/x and ~/x' }, { env }), {
    ok: true,
    args: { goal: 'see /srv/home/x and home/x and ~/x' },
  });
});

test('known secrets: the key (12+), secret-named variables, the workspace files and the home files; the name and value rules', () => {
  const ws = tempDir('metabob-guard-ws-');
  const v = (i: number) => randomChars(24, undefined, 1000 + i);
  const env = envWith({
    METABOB_API_KEY: 'mb_' + randomChars(10),
    STRIPE_SECRET: v(1),
    SIGNING_KEY_PATH: v(2),
    CLIENT_ID: v(3),
    SHORT_TOKEN: randomChars(15),
    LOW_TOKEN: 'abababababababababab',
  });
  writeFileSync(join(ws, '.env'), `# comment\nexport DB_PASSWORD="${v(4)}"\nAPP_NAME=${v(5)}\n`);
  writeFileSync(join(ws, '.env.test'), `API_TOKEN='${v(6)}' # test\n`);
  writeFileSync(join(ws, '.npmrc'), `//registry.npmjs.org/:_authToken=${v(7)}\n_auth=${v(8)}\n`);
  writeFileSync(join(ws, '.pypirc'), `[pypi]\nusername = __token__\npassword = ${v(9)}\n`);
  mkdirSync(join(env.HOME, '.aws'));
  writeFileSync(join(env.HOME, '.aws', 'credentials'), `[default]\naws_access_key_id = AKIA${randomChars(16)}\naws_secret_access_key = ${v(10)}\n`);
  writeFileSync(join(env.HOME, '.netrc'), `machine api.example.org login me password ${v(11)}\n`);
  writeFileSync(join(env.HOME, '.npmrc'), `//npm.pkg.github.com/:_authToken=${v(12)}\n`);
  writeFileSync(join(env.HOME, '.pypirc'), `[testpypi]\npassword: ${v(13)}\n`);

  assert.deepEqual(WORKSPACE_SECRET_FILES, ['.env', '.env.local', '.env.development', '.env.production', '.env.test', '.npmrc', '.pypirc']);
  assert.deepEqual(HOME_SECRET_FILES, ['.netrc', join('.aws', 'credentials'), '.npmrc', '.pypirc']);
  const known = knownSecretValues({ env, workspaceRoot: ws });
  for (const i of [1, 4, 6, 7, 8, 9, 10, 11, 12, 13]) assert.ok(known.includes(v(i)), `value ${i} is known`);
  assert.ok(known.includes(env.METABOB_API_KEY), 'the attachment key, 13 characters');
  for (const i of [2, 3, 5]) assert.ok(!known.includes(v(i)), `value ${i} is named for a location or identifier`);
  assert.ok(!known.includes(env.SHORT_TOKEN) && !known.includes(env.LOW_TOKEN), 'short and low-entropy values are not known');
  assert.deepEqual(knownSecretValues({ env: { HOME: env.HOME, METABOB_API_KEY: 'short-key' } }).includes('short-key'), false, 'a key under 12');
  // Without the workspace, its files are not read; with another environment and no HOME, no home file is.
  assert.ok(!knownSecretValues({ env }).includes(v(4)));
  assert.deepEqual(knownSecretValues({ env: {} }), []);

  const line = refusal('record_finding', { details: `the config had ${v(10)} in it` }, env, ws);
  assert.ok(line.startsWith('record_finding: refused: outgoing_secret(known_secret, details): nothing was sent;'), line);
  assert.ok(!line.includes(v(10)));
});

test('the files are re-read when they change and read only up to the cap', () => {
  const ws = tempDir('metabob-guard-ws-');
  const env = envWith();
  const first = randomChars(24, undefined, 7);
  const second = randomChars(24, undefined, 8);
  const file = join(ws, '.env.local');
  writeFileSync(file, `SERVICE_TOKEN=${first}\n`);
  const stamp = new Date(Date.now() - 60_000);
  utimesSync(file, stamp, stamp);
  assert.ok(knownSecretValues({ env, workspaceRoot: ws }).includes(first));
  // The same size and modification time: the cached values stand, the file is not read again.
  writeFileSync(file, `SERVICE_TOKEN=${second}\n`);
  utimesSync(file, stamp, stamp);
  assert.ok(knownSecretValues({ env, workspaceRoot: ws }).includes(first), 'cached by modification time');
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  const known = knownSecretValues({ env, workspaceRoot: ws });
  assert.ok(known.includes(second) && !known.includes(first), 'a changed file is read again');

  const beyond = randomChars(24, undefined, 9);
  writeFileSync(file, '#'.repeat(SECRET_FILE_READ_CAP) + `\nLATE_TOKEN=${beyond}\n`);
  assert.ok(!knownSecretValues({ env, workspaceRoot: ws }).includes(beyond), 'nothing past the read cap is read');
});

test('the egress backstop: a known value in a write pointer refuses it by field path; this user home is sent as ~', () => {
  const env = envWith();
  const key = s.api_key;
  const refused = guardOutgoingPointer({ type: 'concept_create_write', content: 'x', metadata: { stamp: `by ${key}` } }, 'concept_create_write', { env, key });
  assert.deepEqual(refused.ok ? null : refused.cause.line, 'outgoing_secret(known_secret, metadata.stamp): the concept_create_write write was not sent');
  // Patterns are not matched here: a pointer's ids and hashes would read as tokens.
  const ids = guardOutgoingPointer({ type: 't', id: s.github_token, hash: randomChars(40) }, 't', { env, key });
  assert.ok(ids.ok);
  const homed = guardOutgoingPointer({ type: 't', header: `workspace: ${env.HOME}/proj`, other: '/home/someone-else/x', list: [`${env.HOME}`] }, 't', {
    env,
    key,
  });
  assert.ok(homed.ok);
  assert.deepEqual(homed.pointer, { type: 't', header: 'workspace: ~/proj', other: '/home/someone-else/x', list: ['~'] });
  assert.deepEqual(homed.replaced, ['header', 'list[0]']);
});

test('docs/outgoing-guard.md lists every guarded field with its kind and cap, and every exempt tool', () => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'outgoing-guard.md'), 'utf8');
  for (const [field, rule] of Object.entries(GUARDED_FIELDS))
    assert.ok(doc.includes(`| \`${field}\` | ${rule.kind.replace('_', ' ')} | ${rule.capBytes} |`), field);
  for (const tool of GUARD_EXEMPT_TOOLS) assert.ok(doc.includes(`\`${tool}\``), tool);
});

test('strings nested past the walk depth are still checked, as their JSON text', () => {
  let deep: Record<string, unknown> = { note: `leaked ${s.slack_token}` };
  for (let i = 0; i < 40; i++) deep = { d: deep };
  assert.match(refusal('run_goal', { variables: deep }), /^run_goal: refused: outgoing_secret\(slack_token, variables(\.d){33}\)/);
  let homed: Record<string, unknown> = { note: '/home/alice/x' };
  for (let i = 0; i < 40; i++) homed = { d: homed };
  assert.match(refusal('concept_create', { content: 'x', pointer: homed }), /^concept_create: refused: outgoing_local_path\(pointer(\.d){33}\)/);
});
