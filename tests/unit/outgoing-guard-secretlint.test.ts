// The outgoing guard beside a maintained scanner: secretlint with its recommended preset (a
// devDependency, used only here) and the guard read the same corpus of realistic leaks, each as
// an agent might paste it into a finding or a goal (a .env line, a log line, a curl command, a
// stack trace, a YAML or JSON config, a code snippet). The guard must catch every leak secretlint
// catches in the spec's families, and the placeholders beside them must pass both.
// METABOB_SECRETLINT_DIR names another directory whose node_modules holds secretlint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { secretKindOf } from '../../core/outgoing-guard.ts';
import { fakeSecrets, randomChars, HEX, URLSAFE } from '../helpers/fake-secrets.ts';

const ROOT = process.env.METABOB_SECRETLINT_DIR ?? join(import.meta.dirname, '..', '..');

async function secretlint(): Promise<(content: string) => Promise<string[]>> {
  const fromRoot = createRequire(join(ROOT, 'package.json'));
  // @secretlint/core is secretlint's own engine; resolved from secretlint's directory, wherever npm placed it.
  let secretlintPackage: string;
  try {
    secretlintPackage = fromRoot.resolve('secretlint/package.json');
  } catch {
    throw new Error(`secretlint is not installed under ${ROOT}: run npm ci (it is a devDependency), or set METABOB_SECRETLINT_DIR`);
  }
  const fromSecretlint = createRequire(secretlintPackage);
  const core = await import(pathToFileURL(fromSecretlint.resolve('@secretlint/core')).href);
  const preset = await import(pathToFileURL(fromRoot.resolve('@secretlint/secretlint-rule-preset-recommend')).href);
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: preset.creator }] };
  return async (content) => {
    const result = await core.lintSource({ source: { content, filePath: '/corpus/leak.txt', contentType: 'text' }, options: { config } });
    return result.messages.map((m: { ruleId: string }) => m.ruleId);
  };
}

/** Realistic leaks, built at run time (tests/helpers/fake-secrets.ts). */
export function leakCorpus(): string[] {
  const a = fakeSecrets(11);
  const b = fakeSecrets(12);
  const pw = 'Sup3r-S3cret-' + randomChars(6, undefined, 40);
  return [
    `AWS_ACCESS_KEY_ID=${a.aws_access_key}\n${a.aws_secret_key.replace('aws_secret_access_key = ', 'AWS_SECRET_ACCESS_KEY=')}`,
    `botocore.exceptions.ClientError: An error occurred (InvalidClientTokenId) when calling GetCallerIdentity with key ${b.aws_access_key}`,
    `[default]\naws_access_key_id = ${a.aws_access_key}\n${b.aws_secret_key}`,
    `{"type": "service_account", "project_id": "demo", "private_key": ${JSON.stringify(a.private_key)}}`,
    `$ cat ~/.ssh/id_rsa\n${b.private_key}`,
    `${a.openssh_private_key}`,
    `maps loader failed: https://maps.googleapis.com/maps/api/js?key=${a.gcp_api_key}&callback=init`,
    `git push https://${a.github_token}@github.com/acme/api.git fails with 403`,
    `export GITHUB_TOKEN=${b.github_token}`,
    `gh auth status shows token ${a.github_pat}`,
    `CI_JOB_TOKEN is fine but GITLAB_TOKEN=${a.gitlab_token} was in the job log`,
    `//registry.npmjs.org/:_authToken=${a.npm_token}`,
    `npm ERR! 401 Unauthorized with token ${b.npm_token}`,
    `SLACK_BOT_TOKEN=${a.slack_token}`,
    `posting to ${a.slack_webhook} returned invalid_payload`,
    `curl -X POST -H 'Content-type: application/json' ${b.slack_webhook}`,
    `Authorization: Bearer ${a.jwt}`,
    `the session cookie was token=${b.jwt}; Path=/`,
    `stripe.api_key = "${a.stripe_key}"`,
    `SENDGRID_API_KEY=${a.sendgrid_key}`,
    `OPENAI_API_KEY=${a.openai_key}`,
    `client = Anthropic(api_key="${a.anthropic_key}")`,
    `SHOPIFY_ACCESS_TOKEN=${a.shopify_token}`,
    `HF_TOKEN=${a.huggingface_token}`,
    `DATABASE_URL=postgres://app:${pw}@db.internal:5432/prod`,
    `mongoose.connect("mongodb+srv://admin:${pw}@cluster0.abcde.mongodb.net/test")`,
    `jdbc:mysql://root:${pw}@10.0.0.5:3306/orders`,
    `curl -u admin:${pw} https://admin:${pw}@jenkins.internal.acme.com/job/x`,
    `curl -H "Authorization: Basic ${Buffer.from('admin:' + pw).toString('base64')}" https://api.acme.com`,
    `DB_PASSWORD=${pw}`,
    `redis:\n  host: cache\n  password: ${pw}`,
    `{"username": "svc", "password": "${pw}"}`,
    `X-Api-Key: ${randomChars(32, HEX, 41)}`,
    `Cookie: _ga=GA1.2.3; sessionid=${randomChars(32, URLSAFE, 42)}`,
    `vault login ${'hvs.' + randomChars(91, URLSAFE, 43)}`,
    `tailscale up --authkey ${'tskey-auth-' + randomChars(12, undefined, 44) + '-' + randomChars(30, undefined, 45)}`,
    `DATABRICKS_TOKEN=${'dapi' + randomChars(32, HEX, 46)}`,
    `GROQ_API_KEY=${'gsk_' + randomChars(52, undefined, 47)}`,
    `docker login -p ${'dckr_pat_' + randomChars(27, URLSAFE, 48)}`,
    `LINEAR_API_KEY=${'lin_api_' + randomChars(40, undefined, 49)}`,
  ];
}

/** Placeholders and look-alikes beside the leaks: neither should flag them. */
export function placeholderCorpus(): string[] {
  return [
    'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'DATABASE_URL=postgres://admin:***@host:5432/app',
    'DB_PASSWORD=${DB_PASSWORD}',
    'Authorization: Bearer <token>',
    'GITHUB_TOKEN=YOUR_GITHUB_TOKEN',
    'password: changeme',
    'MAX_TOKENS=4096\nTOKEN_TTL=30m\nKEY_ROTATION_DAYS=90',
    'The -----BEGIN PRIVATE KEY----- line starts a PEM block.',
    'see https://docs.github.com/en/authentication for ghp_ tokens',
  ];
}

test('the guard catches every leak secretlint catches on a corpus of realistic leaks, and passes the placeholders', async () => {
  const lint = await secretlint();
  const leaks = leakCorpus();
  let bySecretlint = 0;
  let byGuard = 0;
  const missed: string[] = [];
  for (const leak of leaks) {
    const rules = await lint(leak);
    const kind = secretKindOf(leak, []);
    if (rules.length) bySecretlint++;
    if (kind) byGuard++;
    if (rules.length && !kind) missed.push(`${rules.join(',')}: ${leak.slice(0, 60)}`);
  }
  const falseAlarms: string[] = [];
  let placeholdersBySecretlint = 0;
  for (const text of placeholderCorpus()) {
    if ((await lint(text)).length) placeholdersBySecretlint++;
    const kind = secretKindOf(text, []);
    if (kind) falseAlarms.push(`guard ${kind}: ${text.slice(0, 60)}`);
  }
  // One line for the report; the numbers are the corpus's, not targets.
  process.stderr.write(
    `secretlint comparison: ${leaks.length} leaks, secretlint caught ${bySecretlint}, the guard caught ${byGuard}; ` +
      `${placeholderCorpus().length} placeholders, secretlint flagged ${placeholdersBySecretlint}, the guard ${falseAlarms.length}\n`,
  );
  assert.deepEqual(missed, [], 'leaks secretlint catches and the guard does not');
  assert.deepEqual(falseAlarms, []);
  assert.equal(byGuard, leaks.length, 'the guard catches every leak of the corpus');
  assert.ok(bySecretlint > leaks.length / 2, `secretlint ran its rules (${bySecretlint} of ${leaks.length})`);
});

test("the scanner is the project's devDependency, pinned", () => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
  assert.equal(pkg.devDependencies.secretlint, '13.0.6');
  assert.equal(pkg.devDependencies['@secretlint/secretlint-rule-preset-recommend'], '13.0.7');
});
