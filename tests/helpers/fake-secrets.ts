// Realistic-looking credentials for the outgoing guard's tests, built at run time from a seeded
// generator, so no literal token sits in the repository for a push-protection scanner to trip on
// and every run sees the same values.

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdef';
const BASE64 = ALNUM + '+/';
const URLSAFE = ALNUM + '_-';

/** `n` characters of `alphabet`, from a generator seeded by `seed` (a linear congruential one). */
export function randomChars(n: number, alphabet: string = ALNUM, seed = 1): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  let out = '';
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet[(state >>> 8) % alphabet.length];
  }
  return out;
}

const b64url = (s: string) => Buffer.from(s).toString('base64url');

/** One realistic credential per family, keyed by the kind the guard names. */
export function fakeSecrets(seed = 1) {
  const r = (n: number, a: string = ALNUM, k = 0) => randomChars(n, a, seed * 100 + k);
  const pemBody = Array.from({ length: 6 }, (_, i) => randomChars(64, BASE64, seed * 100 + 50 + i)).join('\n');
  return {
    private_key: ['-----BEGIN', ' RSA PRIVATE KEY-----\n', 'MIIEow', pemBody, '\n-----END RSA PRIVATE KEY-----'].join(''),
    openssh_private_key: ['-----BEGIN', ' OPENSSH PRIVATE KEY-----\n', 'b3BlbnNzaC1rZXktdjE', pemBody, '\n-----END OPENSSH PRIVATE KEY-----'].join(''),
    aws_access_key: 'AKIA' + r(16, UPPER_DIGITS, 1),
    aws_secret_key: 'aws_secret_access_key = ' + r(40, BASE64, 2),
    gcp_api_key: 'AIza' + r(35, URLSAFE, 3),
    github_token: 'ghp' + '_' + r(36, ALNUM, 4),
    github_pat: 'github' + '_pat_' + r(22, ALNUM, 5) + '_' + r(59, ALNUM, 6),
    gitlab_token: 'glpat' + '-' + r(20, URLSAFE, 7),
    npm_token: 'npm' + '_' + r(36, ALNUM, 8),
    slack_token: 'xoxb' + '-' + r(12, '0123456789', 9) + '-' + r(13, '0123456789', 10) + '-' + r(24, ALNUM, 11),
    slack_webhook: 'https://hooks.slack.com/services/T' + r(8, UPPER_DIGITS, 12) + '/B' + r(10, UPPER_DIGITS, 13) + '/' + r(24, ALNUM, 14),
    jwt: b64url('{"alg":"HS256","typ":"JWT"}') + '.' + b64url(`{"sub":"${r(10, HEX, 15)}","iat":1700000000}`) + '.' + r(43, URLSAFE, 16),
    stripe_key: 'sk' + '_live_' + r(24, ALNUM, 17),
    sendgrid_key: 'SG' + '.' + r(22, URLSAFE, 18) + '.' + r(43, URLSAFE, 19),
    openai_key: 'sk' + '-proj-' + r(74, URLSAFE, 20) + 'T3BlbkFJ' + r(74, URLSAFE, 21),
    anthropic_key: 'sk' + '-ant-api03-' + r(93, URLSAFE, 22) + 'AA',
    shopify_token: 'shpat' + '_' + r(32, HEX, 23),
    huggingface_token: 'hf' + '_' + r(34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 24),
    /** A value for a secret-named variable: random, 32 characters. */
    env_value: r(32, ALNUM, 25),
    api_key: 'mb_live_' + r(24, HEX, 26),
  };
}

export { ALNUM, BASE64, HEX, UPPER_DIGITS, URLSAFE };
