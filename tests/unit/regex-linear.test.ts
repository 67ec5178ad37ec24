// Every regex must be linear on hostile input (COMMON rules). These were not: a trailing-slash
// strip (`/\/+$/`) on a run of slashes, a query strip (`/[?#].*$/`) on many `#` before a line
// break, `^\s*NAME\s*:` on many blank lines, and Go's receiver regex on a long receiver; the
// scan of a file's `this.x = ...` assignments and the reading of a doc comment's object typedef are held to the same bound. Each is
// held to its old answers on ordinary input and to a generous time bound on hostile input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeRemoteUrl } from '../../core/identity/normalize-remote-url.ts';
import { receiverTypeName } from '../../core/index/extract/languages/go.ts';
import { parseRegistry, parseScutil } from '../../core/net/os-proxy.ts';
import { onlyConstructedAs } from '../../core/index/extract/languages/typescript-prototype-members.ts';
import type { ExtractionBuilder } from '../../core/index/extract/extraction-builder.ts';
import { objectTypedefOf } from '../../core/index/extract/languages/typescript-jsdoc-objects.ts';

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

// The regex form it replaced, quadratic on hostile input, so only short inputs here.
const regexReceiver = (text: string) => /([A-Za-z_]\w*)\s*(\[[^\]]*\])?\s*\)\s*$/.exec(text)?.[1];

test("Go's receiver type is the regex form's on real and random receivers", () => {
  const real = ['(s *Server)', '(l *List[T])', '(m *Map[K, V])', '(Server)', '(*T)', '( s  *  S [ T ] )  ', '(a [b [c])', '(9x)', '()', '(r *router.Mux)'];
  for (const r of real) assert.equal(receiverTypeName(r), regexReceiver(r), r);
  assert.equal(receiverTypeName('(l *List[T])'), 'List');
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  const chars = [...'aZ_9 \t[]()*,.x1'];
  for (let n = 0; n < 50_000; n++) {
    let s = '';
    for (let i = next() % 14; i > 0; i--) s += chars[next() % chars.length];
    assert.equal(receiverTypeName(s), regexReceiver(s), JSON.stringify(s));
  }
});

test('hostile inputs take linear time', () => {
  const n = 200_000;
  const cases: Array<[string, () => unknown]> = [
    ['Go receiver of one long word', () => receiverTypeName('(' + 'aA'.repeat(n) + ' )')],
    ['Go receiver of many brackets', () => receiverTypeName('(' + 'a ['.repeat(n) + ']' + ')')],
    ['remote URL of slashes', () => normalizeRemoteUrl('https://h/' + '/'.repeat(n) + '!')],
    ['remote URL of fragments and a line break', () => normalizeRemoteUrl('h:' + '# '.repeat(n) + '\n!')],
    ['scutil output of blank lines', () => parseScutil('\n'.repeat(n) + 'x')],
    ['reg output of blank lines', () => parseRegistry('\n'.repeat(n) + 'x')],
    // A file's `this.x = ...` scan (typescript-prototype-members.ts): a blank run after a member, and many members.
    ['this-assignment scan of a long blank run', () => onlyConstructedAs({} as ExtractionBuilder, 'this.a' + ' '.repeat(n) + 'x = new A()', 'a', 'A')],
    ['this-assignment scan of many members', () => onlyConstructedAs({} as ExtractionBuilder, 'this.a'.repeat(n) + ' = new A()', 'a', 'A')],
    // A doc comment's object typedef (typescript-jsdoc-objects.ts): many openings, a long blank run, many members.
    ['object typedef of many openings', () => objectTypedefOf('@typedef {{'.repeat(n))],
    ['object typedef of a long blank run', () => objectTypedefOf('@typedef {' + ' \n *'.repeat(n) + '{ a: B }} T')],
    ['object typedef of many members', () => objectTypedefOf('@typedef {{' + ' a: (b: C, d: E) => F,'.repeat(n) + '}} T')],
  ];
  // The regex forms took seconds at a tenth of this size; the bound is generous for a loaded machine.
  for (const [what, run] of cases) {
    const ms = timed(run);
    assert.ok(ms < 1500, `${what}: ${ms.toFixed(0)} ms`);
  }
});

test('ordinary remote URLs and proxy settings read as before', () => {
  assert.equal(normalizeRemoteUrl('https://github.com/Org/Repo.git/?x=1#frag'), 'github.com/org/repo');
  assert.equal(normalizeRemoteUrl('git@github.com:Org/Repo.git//'), 'github.com/org/repo');
  assert.deepEqual(parseScutil('<dictionary> {\n  HTTPSEnable : 1\n  HTTPSProxy : proxy.example\n  HTTPSPort : 3128\n}'), {
    source: 'scutil',
    kind: 'manual',
    value: 'http://proxy.example:3128',
  });
  assert.deepEqual(parseRegistry('    AutoConfigURL    REG_SZ    http://wpad/proxy.pac\r\n'), {
    source: 'registry',
    kind: 'pac',
    value: 'http://wpad/proxy.pac',
  });
});
