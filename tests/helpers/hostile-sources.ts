// Source files shaped to find super-linear paths in extraction and resolution (SPEC
// §init_workspace: one file may hold anything up to the size cap, and the server must keep
// answering while it indexes). Each shape takes a size `n` so a bench can time 1x, 2x and 4x of
// it; at the sizes HOSTILE_SIZES gives, every file is under 200 KB. The shapes are broken into
// lines as a hand-written file is (core/index/generated-files.ts skips a file of one long line
// as minified, so an attacker would break them too); longLine and hugeString are the two kept
// on one line, and the index skips them as minified. Member, `this` and
// Python chains, nested callbacks, objects and classes, same-named functions and the Python
// nesting took the index seconds to minutes before it was made linear (a union of 10,000
// members overflowed the stack); the other shapes were linear already and stay as guards.
// Every file also defines `marker_<shape>`, which the graph must hold once the index is done.

export interface HostileShape {
  /** The workspace-relative file the shape is written to. */
  file: string;
  /** The file's text for size n. */
  source(n: number): string;
}

const repeat = (n: number, piece: (i: number) => string, sep = ''): string => Array.from({ length: n }, (_, i) => piece(i)).join(sep);

/** `repeat`, with a line break after a piece once its line passes 100 characters (each piece must allow one after it). */
function lines(n: number, piece: (i: number) => string, sep = '', br = '\n'): string {
  const parts: string[] = [];
  let width = 0;
  for (let i = 0; i < n; i++) {
    const text = piece(i) + (i < n - 1 ? sep : '');
    width += text.length;
    const broken = width > 100 && i < n - 1;
    parts.push(broken ? text + br : text);
    if (broken) width = 0;
  }
  return parts.join('');
}

/** A definition every shape carries, so a test can ask the graph for it. */
const marker = (name: string) => `export function marker_${name}() { return 1; }\n`;

export const HOSTILE_SHAPES: Record<string, HostileShape> = {
  // `a.b.b.b…b()`: one receiver path of n segments, whose head is a namespace import.
  memberChain: {
    file: 'member-chain.ts',
    source: (n) => `import * as a from './lib';\n${marker('memberChain')}export function run() {\n  a${lines(n, () => '.b')}.c();\n}\n`,
  },
  // `a().b().c()…`: n calls, each the receiver of the next.
  callChain: {
    file: 'call-chain.ts',
    source: (n) => `import { a } from './lib';\n${marker('callChain')}export function run() {\n  a()${lines(n, (i) => `.m${i % 7}()`)};\n}\n`,
  },
  // `this.x.y.y…y.m()` inside a class, and a plain path `x.y.y…` read n/2 times in pieces.
  thisChain: {
    file: 'this-chain.ts',
    source: (n) => `${marker('thisChain')}export class Holder {\n  x = new Holder();\n  run() {\n    this.x${lines(n, () => '.y')}.m();\n  }\n  m() {}\n}\n`,
  },
  // One import statement of n names.
  wideImport: {
    file: 'wide-import.ts',
    source: (n) => `import { ${lines(n, (i) => `n${i}`, ', ')} } from './lib';\n${marker('wideImport')}n0();\n`,
  },
  // n import statements.
  manyImports: {
    file: 'many-imports.ts',
    source: (n) => `${repeat(n, (i) => `import { n${i} } from './lib';\n`)}${marker('manyImports')}n${n - 1}();\n`,
  },
  // n nested parentheses, arrays, arrow functions, blocks, calls and union-type members.
  deepParens: {
    file: 'deep-parens.ts',
    source: (n) => `${marker('deepParens')}export const p = ${'('.repeat(n)}1${')'.repeat(n)};\n`,
  },
  deepArrays: {
    file: 'deep-arrays.ts',
    source: (n) => `${marker('deepArrays')}export const q = ${'['.repeat(n)}1${']'.repeat(n)};\n`,
  },
  deepFunctions: {
    file: 'deep-functions.ts',
    source: (n) => `${marker('deepFunctions')}${lines(n, (i) => `function f${i}(x: Holder) { f(); x.m(); `)}${lines(n, () => '}')}\n`,
  },
  deepCallbacks: {
    file: 'deep-callbacks.ts',
    source: (n) => `${marker('deepCallbacks')}export const r = ${lines(n, () => 'g((x) => ')}1${lines(n, () => ')')};\n`,
  },
  deepBlocks: {
    file: 'deep-blocks.ts',
    source: (n) => `${marker('deepBlocks')}export function s() ${lines(n, () => '{ ')}s();${lines(n, () => ' }')}\n`,
  },
  deepUnion: {
    file: 'deep-union.ts',
    source: (n) => `${marker('deepUnion')}export function u(): ${lines(n, (i) => `T${i}`, ' | ')} { return u(); }\n`,
  },
  deepObjects: {
    file: 'deep-objects.ts',
    source: (n) =>
      `${marker('deepObjects')}export const o = ${repeat(n, (i) => (i % 6 === 5 ? '{ m() {\n return ' : '{ m() { return '))}1${lines(n, () => '; } }')};\n`,
  },
  deepClasses: {
    file: 'deep-classes.js',
    source: (n) => `${marker('deepClasses')}export const k = ${lines(n, () => 'class extends (')}Object${lines(n, () => ') {}')};\n`,
  },
  deepTernaries: {
    file: 'deep-ternaries.ts',
    source: (n) => `${marker('deepTernaries')}export const w = ${lines(n, (i) => `c${i % 10}() ? d() : `)}0;\n`,
  },
  deepNew: {
    file: 'deep-new.ts',
    source: (n) => `${marker('deepNew')}export const z = ${lines(n, () => 'new K(')}${lines(n, () => ')')};\n`,
  },
  // n same-named functions calling each other, and n locals typed by callbacks.
  manyNames: {
    file: 'many-names.ts',
    source: (n) => `${marker('manyNames')}${repeat(n, () => 'function f() { f(); }\n')}`,
  },
  manyCallbackLocals: {
    file: 'many-callback-locals.ts',
    source: (n) => `${marker('manyCallbackLocals')}${repeat(n, () => 'xs.map((x) => { const y: Y = x; });\n')}`,
  },
  // n locals of one name bound to a path and each called (bindingIfCalled), and a parameter's object type of n callable members.
  calledLocals: {
    file: 'called-locals.ts',
    source: (n) => `${marker('calledLocals')}export function run() {\n${repeat(n, () => '  const g = a.b; g();\n')}}\n`,
  },
  literalMembers: {
    file: 'literal-members.ts',
    source: (n) => `${marker('literalMembers')}export function take(o: {\n${repeat(n, (i) => `  f${i}: () => void;\n`)}}) { o.f0(); }\n`,
  },
  // One line of n statements, and a string literal of n characters times 8.
  longLine: {
    file: 'long-line.ts',
    source: (n) => `${marker('longLine')}${repeat(n, (i) => `v${i % 10}.w${i % 10}(); `)}\n`,
  },
  hugeString: {
    file: 'huge-string.ts',
    source: (n) => `${marker('hugeString')}export const t = '${'x'.repeat(n * 8)}';\nexport const t2 = \`${'(.'.repeat(n * 4)}\`;\n`,
  },
  // The same shapes in Python, whose extraction and import model differ.
  pythonChain: {
    file: 'py_chain.py',
    source: (n) =>
      `import lib\n\ndef marker_pythonChain():\n    return 1\n\ndef run():\n    lib${lines(n, () => '.b', '', ' \\\n')}.c()\n    lib.a()${lines(n, (i) => `.m${i % 7}()`, '', ' \\\n')}\n`,
  },
  pythonDeep: {
    file: 'py_deep.py',
    source: (n) =>
      `def marker_pythonDeep():\n    return 1\n\nx = ${lines(n, () => 'f(')}1${lines(n, () => ')')}\ny = ${lines(n, () => '[')}1${lines(n, () => ']')}\nclass C:\n    def m(self):\n        self.a${lines(n, () => '.b', '', ' \\\n')}.c()\n`,
  },
  pythonImports: {
    file: 'py_imports.py',
    source: (n) =>
      `from lib import (${lines(n, (i) => `n${i}`, ', ')})\n${repeat(n, (i) => `import m${i}.sub\n`)}\ndef marker_pythonImports():\n    return 1\n`,
  },
};

/** The shapes written on one line, which the index skips as minified (core/index/generated-files.ts) instead of parsing. */
export const ONE_LINE_SHAPES: ReadonlySet<keyof typeof HOSTILE_SHAPES> = new Set(['longLine', 'hugeString']);

/** The size each shape is generated at by default: every file under 200 KB, the old index slow on each. */
export const HOSTILE_SIZES: Record<keyof typeof HOSTILE_SHAPES, number> = {
  memberChain: 30_000,
  callChain: 10_000,
  thisChain: 30_000,
  wideImport: 20_000,
  manyImports: 6_000,
  deepParens: 10_000,
  deepArrays: 10_000,
  deepFunctions: 3_000,
  deepCallbacks: 10_000,
  deepBlocks: 10_000,
  deepUnion: 10_000,
  deepObjects: 5_000,
  deepClasses: 5_000,
  deepTernaries: 10_000,
  deepNew: 10_000,
  manyNames: 8_000,
  manyCallbackLocals: 5_000,
  calledLocals: 1_000,
  literalMembers: 1_000,
  longLine: 10_000,
  hugeString: 10_000,
  pythonChain: 8_000,
  pythonDeep: 5_000,
  pythonImports: 6_000,
};

/** The library every shape imports from: the names they call. */
export const HOSTILE_LIB: Record<string, string> = {
  'lib.ts': `export function a() { return 1; }\nexport function n0() { return 0; }\nexport * as b from './lib';\n`,
  'lib.py': `def a():\n    return 1\n`,
};
