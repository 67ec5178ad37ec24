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
