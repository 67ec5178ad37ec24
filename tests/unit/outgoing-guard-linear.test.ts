// Every regex of the outgoing guard is linear on hostile input (COMMON rules): each pattern, each
// context rule and the home-path rules run over 1 MB runs of their near-miss characters (a
// prefix repeated, a prefix and a token run with no terminator, a separator with no value)
// within a generous bound. A quadratic pattern takes minutes on these; a linear one milliseconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CREDENTIAL_PATTERNS, findCredentialPattern } from '../../core/guard/credential-patterns.ts';
import { findContextSecret } from '../../core/guard/context-rules.ts';
import { replaceHomePaths } from '../../core/guard/home-paths.ts';
import { isPlaceholderValue, nameWords } from '../../core/guard/secret-values.ts';

const MB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const run = (prefix: string, unit: string) => (prefix + fill(unit)).slice(0, MB);

const HOSTILE: Record<string, string> = {
  letters: fill('a'),
  'upper and digits': fill('A7'),
  dashes: fill('-'),
  underscores: fill('_'),
  spaces: fill(' '),
  newlines: fill('\n'),
  base64: fill('Ab9+/'),
  'JWT headers': fill('eyJ'),
  'JWT segments with no signature': fill('eyJabcdefghij.'),
  'a JWT prefix and a run': run('eyJ', 'a'),
  'GitHub prefixes': fill('ghp_'),
  'a GitHub prefix and a run': run('ghp_', 'a'),
  'github_pat prefixes': fill('github_pat_'),
  'AWS prefixes': fill('AKIA'),
  'AWS secret names': fill('aws_secret_access_key = '),
  'armour lines': fill('-----BEGIN '),
  'armour and no body': fill('-----BEGIN RSA PRIVATE KEY-----\n'),
  'armour and headers': run('-----BEGIN RSA PRIVATE KEY-----\n', 'Proc-Type: 4,ENCRYPTED\n'),
  'Slack prefixes': fill('xoxb-1-'),
  'a Slack prefix and digits': run('xoxb-', '1-'),
  'Slack webhook prefixes': fill('https://hooks.slack.com/services/'),
  'OpenAI prefixes': fill('sk-'),
  'an OpenAI prefix and a run': run('sk-proj-', 'a'),
  'GitLab prefixes': fill('glpat-'),
  'Vault prefixes': run('hvs.', 'a'),
  schemes: fill('ab://'),
  'schemes and users': fill('ab://user:'),
  'a scheme and a password with no @': run('ab://u:', 'p'),
  'assignments with no value': fill('password='),
  'assignments with an open quote': fill('password="'),
  'mixed open quotes': fill(`a="b='c=\``),
  'weak password assignments': fill('password=hunter2 '),
  'long names': fill('A'.repeat(70) + '_KEY='),
  'npmrc scopes': fill('//registry.npmjs.org/:'),
  'Authorization headers': fill('Authorization: '),
  'an Authorization header and a run': run('Authorization: Bearer ', 'a'),
  cookies: fill('Cookie: a=b;'),
  'a cookie and semicolons': run('Cookie: ', ';'),
  'home prefixes': fill('/home/'),
  'home paths': fill('/home/a'),
  'Windows homes': fill('C:\\Users\\'),
};

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

// Generous for a 2-core machine shared with other work: linear scans of 1 MB take well under 200 ms.
const BOUND_MS = 3000;

test('each credential pattern is linear on 1 MB of near-miss characters', () => {
  for (const pattern of CREDENTIAL_PATTERNS) {
    for (const [what, text] of Object.entries(HOSTILE)) {
      const ms = timed(() => [...text.matchAll(pattern.regex)].length);
      assert.ok(ms < BOUND_MS, `${pattern.kind} on ${what}: ${ms.toFixed(0)} ms`);
    }
  }
});

test('the context rules, the home-path rules and the value rules are linear on 1 MB of near-miss characters', () => {
  for (const [what, text] of Object.entries(HOSTILE)) {
    for (const [rule, fn] of [
      ['patterns', () => findCredentialPattern(text)],
      ['context rules', () => findContextSecret(text)],
      ['home paths', () => replaceHomePaths(text, '/home/a')],
      ['placeholders', () => isPlaceholderValue(text)],
      ['name words', () => nameWords(text)],
    ] as const) {
      const ms = timed(fn);
      assert.ok(ms < BOUND_MS, `${rule} on ${what}: ${ms.toFixed(0)} ms`);
    }
  }
});
