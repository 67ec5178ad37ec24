// SPEC §search_codebase: the query is tokenised (camelCase, snake_case and kebab-case split).
// The tokenizer is one linear pass; these tests hold it to the tokens of the two-regex form it
// replaced, over real identifiers and random strings, and to a generous time bound on long
// runs of capitals, which made the regex form quadratic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOKENIZE_MAX_CHARS, splitTokens, tokenize } from '../../core/index/component-search.ts';

/** The tokenizer as it was written with regexes; quadratic on a long run of capitals, so only short inputs here. */
function regexTokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

const IDENTIFIERS = [
  'parseHTTPRequest_v2-final',
  'HTTPServer',
  'XMLHttpRequest',
  'getHTTPResponseCode',
  'IOError',
  'ABC',
  'A',
  'a',
  '',
  'camelCase',
  'PascalCase',
  'snake_case_name',
  'SCREAMING_SNAKE_CASE',
  'kebab-case-name',
  '__dunder__',
  '$scope',
  '_private',
  'v2',
  'V2',
  'base64Encode',
  'utf8ToUTF16',
  'sha256Sum',
  'x86_64',
  'i18nKeys',
  'HTML5Parser',
  'MP3File',
  'get2ndItem',
  '2fast4U',
  'ALLCAPSword',
  'aBCDe',
  'ABCDeFGHiJ',
  'ABcDEf',
  'useEffect',
  'React.FC',
  'std::vector',
  'Foo$Bar',
  'a.b.c',
  'src/user-store/index.ts',
  'C:\\Users\\me\\Project\\Main.cs',
  'tests/e2e/ledger-flow.test.ts',
  'über_café',
  'naïveBayes',
  'ÀlaCarte',
  'Straße',
  'İstanbul',
  '日本語Name',
  'emoji😀Face',
  'ÉCOLEName',
  'fooÉBar',
  'NaN',
  'iOS',
  'macOSVersion',
  'getIDsFromURLs',
  'OAuth2Token',
  'JSONtoXML',
  'innerHTML',
  'IPv6Address',
  'HTTPSProxyURL',
  'URLSearchParams',
  'DOMContentLoaded',
  'MyClass_v10_Beta',
  '  spaced  words  ',
  'tab\tsep',
  'line\nbreak',
  'AAAAAAAAAAAAAAAAAAAAb',
  'aaaaaaaaaaaaaaaaaaaaB',
  '1234',
  '12ab34CD56',
  'a1B2c3D4',
  'Z9z',
  'zZ',
  'Zz',
  'ZZz',
  'ZZZ',
];

test('tokens of real identifiers are those of the regex form', () => {
  for (const id of IDENTIFIERS) assert.deepEqual(tokenize(id), regexTokens(id), JSON.stringify(id));
  assert.deepEqual(tokenize('parseHTTPRequest_v2-final'), ['parse', 'http', 'request', 'v2', 'final']);
  assert.deepEqual(tokenize('XMLHttpRequest'), ['xml', 'http', 'request']);
  assert.deepEqual(tokenize('utf8ToUTF16'), ['utf8', 'to', 'utf16']);
  assert.deepEqual(tokenize('naïveBayes'), ['na', 've', 'bayes']);
});

test('tokens of random strings are those of the regex form', () => {
  // A fixed-seed generator, so a failure names a string that fails again.
  let seed = 0x2545f491;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  const alphabet = 'aAbBzZyY09_-. /ÉéßİÀ😀\t';
  const chars = [...alphabet];
  for (let n = 0; n < 20000; n++) {
    const len = next() % 24;
    let s = '';
    for (let i = 0; i < len; i++) s += chars[next() % chars.length];
    assert.deepEqual(tokenize(s), regexTokens(s), JSON.stringify(s));
  }
});

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

test('long runs of capitals tokenize in linear time', () => {
  // Generous bounds for a loaded machine: the one-pass form takes a few milliseconds here,
  // the regex form took seconds on 80k capitals and minutes on a million.
  const ms80k = timed(() => tokenize('A'.repeat(80_000)));
  assert.ok(ms80k < 1000, `80k capitals took ${ms80k.toFixed(0)} ms`);
  const ms1m = timed(() => assert.deepEqual(splitTokens('A'.repeat(1_000_000)), ['a'.repeat(1_000_000)]));
  assert.ok(ms1m < 3000, `1M capitals took ${ms1m.toFixed(0)} ms`);
  const mixed = 'AB'.repeat(250_000) + 'c' + '_X'.repeat(250_000);
  const msMixed = timed(() => splitTokens(mixed));
  assert.ok(msMixed < 3000, `1M mixed characters took ${msMixed.toFixed(0)} ms`);
});

test('a text past the cap is tokenized by its first TOKENIZE_MAX_CHARS characters', () => {
  const huge = 'Ab'.repeat(5_000_000);
  const ms = timed(() => tokenize(huge));
  assert.ok(ms < 1000, `10 MB took ${ms.toFixed(0)} ms`);
  assert.deepEqual(tokenize(huge), regexTokens(huge.slice(0, TOKENIZE_MAX_CHARS)));
  assert.equal(tokenize(huge).length, TOKENIZE_MAX_CHARS / 2);
});
