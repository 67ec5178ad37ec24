// SPEC §outgoing-text-guard, rule by rule: the pattern families (AWS's documented examples
// exempt), the context rules (headers, cookies, credentialed URLs, config assignments) with their
// placeholder and qualifier exemptions, and the name, length and randomness rules of known values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findCredentialPattern } from '../../core/guard/credential-patterns.ts';
import { findContextSecret } from '../../core/guard/context-rules.ts';
import { bitsPerChar, isKnowableSecretValue, isPlaceholderValue, isSecretAssignmentName, isSecretVariableName } from '../../core/guard/secret-values.ts';
import { secretKindOf } from '../../core/outgoing-guard.ts';
import { fakeSecrets, randomChars, ALNUM } from '../helpers/fake-secrets.ts';

const s = fakeSecrets(3);

test('each pattern family is caught, by its kind, inside prose', () => {
  const rows: Array<[string, string]> = [
    [s.private_key, 'private_key'],
    [s.openssh_private_key, 'private_key'],
    [JSON.stringify({ private_key: s.private_key }), 'private_key'],
    [s.aws_access_key, 'aws_access_key'],
    [s.aws_secret_key, 'aws_secret_key'],
    [s.gcp_api_key, 'gcp_api_key'],
    [s.github_token, 'github_token'],
    [s.github_pat, 'github_token'],
    [s.gitlab_token, 'gitlab_token'],
    [s.npm_token, 'npm_token'],
    [s.slack_token, 'slack_token'],
    [s.slack_webhook, 'slack_webhook'],
    [s.jwt, 'jwt'],
    [s.stripe_key, 'stripe_key'],
    [s.sendgrid_key, 'sendgrid_key'],
    [s.openai_key, 'openai_key'],
    [s.anthropic_key, 'anthropic_key'],
    [s.shopify_token, 'shopify_token'],
    [s.huggingface_token, 'huggingface_token'],
  ];
  for (const [secret, kind] of rows) {
    assert.equal(findCredentialPattern(`the failing call used ${secret} as its credential.`), kind, secret.slice(0, 12));
    assert.equal(findCredentialPattern(`"${secret}"`), kind, `quoted ${secret.slice(0, 12)}`);
  }
});

test("near misses are not tokens: too short, run on into more token characters, or the armour alone; AWS's examples are exempt", () => {
  const misses = [
    'AKIAIOSFODNN7EXAMPLE',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'ghp_' + randomChars(20),
    'xghp_' + randomChars(36),
    'ghp_' + randomChars(300),
    'npm_' + randomChars(35),
    'a -----BEGIN PRIVATE KEY----- block goes here',
    '-----BEGIN PUBLIC KEY-----\n' + randomChars(64, ALNUM + '+/'),
    'eyJhbGciOiJIUzI1NiJ9 alone is only a header',
    // jwt.io's documented example token.
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.' +
      'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    'sk_live_short',
    'glpat-short',
  ];
  for (const text of misses) assert.equal(findCredentialPattern(text), null, text.slice(0, 40));
});

test('Authorization headers and cookies count only with a random-enough token', () => {
  const token = randomChars(32);
  const rows: Array<[string, string | null]> = [
    [`Authorization: Bearer ${token}`, 'authorization_header'],
    [`curl -H "authorization: token ${token}" https://api`, 'authorization_header'],
    [`{"Authorization": "Basic ${Buffer.from('admin:' + token).toString('base64')}"}`, 'authorization_header'],
    [`Proxy-Authorization: ${token}`, 'authorization_header'],
    ['Authorization: Bearer <token>', null],
    ['Authorization: Bearer ${TOKEN}', null],
    ['Authorization: Bearer YOUR_TOKEN_HERE', null],
    ['Authorization: Bearer ***', null],
    ['Authorization: Bearer aaaaaaaaaaaaaaaaaaaaaaaa', null],
    ['Authorization: the header the proxy strips', null],
    ['headers.Authorization = `Bearer ${token}`', null],
    [`Cookie: theme=dark; sessionid=${token}`, 'cookie'],
    [`Set-Cookie: sid=${token}; Path=/; HttpOnly`, 'cookie'],
    ['Cookie: theme=dark; lang=en-US', null],
    ['Set-Cookie: sid=<session>; Path=/', null],
  ];
  for (const [text, kind] of rows) assert.equal(findContextSecret(text), kind, text);
});

test('URLs with credentials count unless the password is a placeholder; a weak password counts', () => {
  const rows: Array<[string, string | null]> = [
    ['postgres://admin:hunter2@db.internal:5432/app', 'url_credentials'],
    ['DATABASE_URL=mysql://root:p%40ss@127.0.0.1/x', 'url_credentials'],
    [`https://x-access-token:${randomChars(20)}@github.com/o/r.git`, 'url_credentials'],
    ['postgres://admin:***@host', null],
    ['postgres://user:password@localhost/db', null],
    ['postgres://${DB_USER}:${DB_PASS}@db/app', null],
    ['redis://:<password>@cache:6379', null],
    ['https://user@example.com/path', null],
    ['https://example.com:8443/path', null],
    ['https://anonymous:flabada@developer.mozilla.org/en-US/docs/Web/API/URL/password', null],
  ];
  for (const [text, kind] of rows) assert.equal(findContextSecret(text), kind, text);
});

test('config assignments count unless a placeholder or a qualifier; a password however weak, a key or token only when random', () => {
  const key = randomChars(24);
  const rows: Array<[string, string | null]> = [
    ['DB_PASSWORD=hunter2', 'config_assignment'],
    ['export DB_PASSWORD="s3cr3t!"', 'config_assignment'],
    ['  password: hunter2', 'config_assignment'],
    ['{"password": "hunter2"}', 'config_assignment'],
    [`API_KEY=${key}`, 'config_assignment'],
    [`client_secret = '${key}'`, 'config_assignment'],
    [`SECRET_KEY_BASE=${key}`, 'config_assignment'],
    [`//registry.npmjs.org/:_authToken=${key}`, 'config_assignment'],
    // Placeholders (SPEC: YOUR_…, EXAMPLE, <…>, ***, a repeated character, an ALL_CAPS name, ${VAR}, a literal, a number or a duration).
    ['DB_PASSWORD=YOUR_PASSWORD_HERE', null],
    ['DB_PASSWORD=example-password', null],
    ['DB_PASSWORD=<password>', null],
    ['DB_PASSWORD=***', null],
    ['DB_PASSWORD=xxxxxxxx', null],
    ['DB_PASSWORD=CHANGEME', null],
    ['DB_PASSWORD=${DB_PASSWORD}', null],
    ['DB_PASSWORD=password', null],
    ['ENABLE_TOKEN=true', null],
    ['API_KEY=12345', null],
    ['TOKEN_REFRESH=30m', null],
    // Qualifiers (SPEC: MAX_TOKENS, TOKEN_TTL, KEY_ROTATION_DAYS).
    [`MAX_TOKENS=${key}`, null],
    [`TOKEN_TTL=${key}`, null],
    [`KEY_ROTATION_DAYS=${key}`, null],
    [`API_KEY_PATH=${key}`, null],
    // Code, not a pasted assignment.
    ['password = make_password(raw)', null],
    ['user.password = form.cleaned_data', null],
    ['password: string;', null],
    ['const opts = { password: options.password, token: this.token };', null],
    ['if password == "hunter2":', null],
    ['authenticate(request, username=username, password=password)', null],
    ["cache_key = 'views.decorators.cache.%s.%s'", null],
    ["SESSION_KEY = '_auth_user_id'", null],
    ['REASON_BAD_TOKEN = "CSRF token missing or incorrect."', null],
    [`API_KEY=abc`, null],
  ];
  for (const [text, kind] of rows) assert.equal(findContextSecret(text), kind, text);
});

test('a password counts mid-sentence as a shell writes it, and a run-together name (PGPASSWORD) is a password name', () => {
  const rows: Array<[string, string | null]> = [
    ['connect with DB_PASSWORD=hunter2 please', 'config_assignment'],
    ['PGPASSWORD=hunter2 psql -h db -U app', 'config_assignment'],
    ['the job runs PGPASSWORD=hunter2 psql against staging', 'config_assignment'],
    ['PGPASSWORD=hunter2', 'config_assignment'],
    ['export MYSQL_ROOT_PASSWORD="hunter2"', 'config_assignment'],
    // Still placeholders, code or comparisons.
    ['run PGPASSWORD=$PGPASS psql', null],
    ['connect with DB_PASSWORD=<password> please', null],
    ['connect with DB_PASSWORD=*** please', null],
    ['connect(DB_PASSWORD=pw)', null],
    ['conn = connect(user=u, password=pw)', null],
    ['if DB_PASSWORD==hunter2 then', null],
    ['cd back with OLDPWD=/srv/app', null],
    // A key or token still counts only when random, and mid-sentence only as a whole line.
    ['set API_KEY=abc123 first', null],
  ];
  for (const [text, kind] of rows) assert.equal(findContextSecret(text), kind, text);
  assert.equal(isSecretAssignmentName('PGPASSWORD'), true);
  assert.equal(isSecretAssignmentName('OLDPWD'), false);
});

test('placeholders, names and randomness, as the spec lists them', () => {
  for (const p of [
    '',
    'YOUR_KEY',
    'your-token',
    'EXAMPLE',
    'my-example-key',
    '<key>',
    '***',
    'aaaa',
    'API_KEY',
    '${VAR}',
    '$VAR',
    'true',
    'password',
    '42',
    '3.5',
    '30s',
    '15 minutes',
  ])
    assert.equal(isPlaceholderValue(p), true, p);
  for (const v of ['hunter2', 'Tr0ub4dor&3', randomChars(20)]) assert.equal(isPlaceholderValue(v), false, v);

  for (const n of ['GITHUB_TOKEN', 'DB_PASSWORD', 'aws_secret_access_key', 'apiKey', '//registry.npmjs.org/:_authToken', 'STRIPE_SECRET', 'GOOGLE_CREDENTIALS'])
    assert.equal(isSecretVariableName(n), true, n);
  for (const n of [
    'HOME',
    'PATH',
    'KEY_PATH',
    'TOKEN_FILE',
    'SECRETS_DIR',
    'AWS_ACCESS_KEY_ID',
    'KEYCLOAK_URL',
    'TOKEN_HOST',
    'REDIS_PORT',
    'KEY_NAME',
    'DB_USER',
    'KMS_KEY_REGION',
  ])
    assert.equal(isSecretVariableName(n), false, n);
  for (const n of ['MAX_TOKENS', 'TOKEN_TTL', 'KEY_ROTATION_DAYS', 'max_tokens', 'tokenLimit']) assert.equal(isSecretAssignmentName(n), false, n);

  assert.ok(bitsPerChar(randomChars(32)) >= 3);
  assert.ok(bitsPerChar('aaaaaaaaaaaaaaaaaaaa') < 3);
  assert.equal(isKnowableSecretValue(randomChars(16)), true);
  assert.equal(isKnowableSecretValue(randomChars(15)), false, 'shorter than 16');
  assert.equal(isKnowableSecretValue('abababababababababab'), false, 'not random enough');
  assert.equal(isKnowableSecretValue('/home/alice/.ssh/id_ed25519'), false, 'a path');
  assert.equal(isKnowableSecretValue('https://registry.npmjs.org/'), false, 'a credential-free URL');
  assert.equal(isKnowableSecretValue('YOUR_API_KEY_GOES_HERE_PLEASE'), false, 'a placeholder');
});

test('a known value counts wherever it appears, as known_secret', () => {
  const known = [randomChars(20, ALNUM, 9)];
  assert.equal(secretKindOf(`see ${known[0]}!`, known), 'known_secret');
  assert.equal(secretKindOf('nothing here', known), null);
});
