// The eval's TypeScript truth (scripts/eval/ts-checker-truth.ts) names which declaration each
// caller file's calls reach, not only the name: with two classes' `send` in one file, a caller of
// one of them is told apart from a caller of the other, which the `caller|file|name` key cannot do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkerTruth } from '../../scripts/eval/ts-checker-truth.ts';
import { tempDir } from '../helpers/git.ts';

test('the checker truth keeps the declaration line each caller file reaches', () => {
  const root = tempDir('metabob-eval-truth-');
  writeFileSync(join(root, 'events.ts'), ['export class Socket {', '  send(): void {}', '}', 'export class Server {', '  send(): void {}', '}', ''].join('\n'));
  writeFileSync(join(root, 'server.ts'), ["import { Server } from './events';", 'export function run(s: Server) {', '  s.send();', '}', ''].join('\n'));
  writeFileSync(join(root, 'socket.ts'), ["import { Socket } from './events';", 'export function run(s: Socket) {', '  s.send();', '}', ''].join('\n'));
  const { truth, exact } = checkerTruth(root, ['events.ts', 'server.ts', 'socket.ts']);
  assert.deepEqual([...truth].sort(), ['server.ts|events.ts|send', 'socket.ts|events.ts|send']);
  assert.deepEqual([...exact].sort(), ['server.ts|events.ts|send|5', 'socket.ts|events.ts|send|2']);
});

test("the checker truth names an anonymous function a module exports by default 'default', as the graph does", () => {
  const root = tempDir('metabob-eval-truth-');
  writeFileSync(join(root, 'family.js'), ['export default (stream) => {', '  return stream;', '};', ''].join('\n'));
  writeFileSync(join(root, 'font.js'), ["import parseFamily from './family';", 'export function font(s) {', '  return parseFamily(s);', '}', ''].join('\n'));
  const { truth, exact } = checkerTruth(root, ['family.js', 'font.js']);
  assert.deepEqual([...truth], ['font.js|family.js|default']);
  assert.deepEqual([...exact], ['font.js|family.js|default|1']);
});

test("the checker truth follows a module object's property to a package the corpus does not hold, wherever that package is", () => {
  // `zod-like-absent` is installed nowhere: the property's value is outside the corpus, as it is
  // where the package is installed beside it, so neither call is a truth edge; the property
  // naming a function of the corpus is one, to that function.
  const root = tempDir('metabob-eval-truth-');
  writeFileSync(
    join(root, 'kit.ts'),
    [
      "import { union, string as str } from 'zod-like-absent';",
      "import { describe } from './describe';",
      'export const z = { union, string: str, describe };',
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'describe.ts'), ['export function describe(text: string): string {', '  return text;', '}', ''].join('\n'));
  writeFileSync(
    join(root, 'use.ts'),
    ["import { z } from './kit';", 'export function schema() {', "  return z.union([z.string(), z.describe('x')]);", '}', ''].join('\n'),
  );
  const { truth } = checkerTruth(root, ['kit.ts', 'describe.ts', 'use.ts']);
  assert.deepEqual([...truth], ['use.ts|describe.ts|describe']);
});

test("the checker truth follows a member holding a required module to that module's value", () => {
  // `{ isObject: require('./is-object') }` and `exports.Window = require('./window')` are the
  // modules' values, as `var w = require('./window')` then `{ w }` is: the calls reach them.
  const root = tempDir('metabob-eval-truth-');
  writeFileSync(join(root, 'is-object.js'), ['module.exports = function isObject(x) {', "  return typeof x === 'object';", '};', ''].join('\n'));
  writeFileSync(join(root, 'window.js'), ['class Window {}', 'module.exports = Window;', ''].join('\n'));
  writeFileSync(join(root, 'utils.js'), ["module.exports = { isObject: require('./is-object') };", ''].join('\n'));
  writeFileSync(join(root, 'transport.js'), ["exports.Window = require('./window');", ''].join('\n'));
  writeFileSync(
    join(root, 'main.js'),
    ["const utils = require('./utils');", "const transport = require('./transport');", 'utils.isObject(1);', 'new transport.Window();', ''].join('\n'),
  );
  const { exact } = checkerTruth(root, ['is-object.js', 'window.js', 'utils.js', 'transport.js', 'main.js']);
  assert.deepEqual([...exact].sort(), ['main.js|is-object.js|isObject|1', 'main.js|window.js|Window|1']);
});
