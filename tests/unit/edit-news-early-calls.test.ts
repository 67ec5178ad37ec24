// The edit news hears every call of the session, even those answered while its module was
// still loading (READING-NOTES §"The attached marker and the edit check"): a get_problems the
// agent asks first still counts as asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { keepCallsUntilTaken } from '../../core/cli/background-services.ts';
import { startEditNewsService, type AnsweredCall } from '../../core/services/edit-news-service.ts';
import { createServices } from '../../core/services/services.ts';
import { editNewsPathFor } from '../../core/identity/edit-news.ts';
import { commitFiles, tempDir, tempRepo } from '../helpers/git.ts';

const call = (tool: string, args: unknown, text = ''): AnsweredCall => ({ tool, args, text });

test('calls answered before the taker comes are handed over in order, once; later ones are not kept', () => {
  const calls = new EventEmitter();
  const take = keepCallsUntilTaken(calls);
  calls.emit('answered', call('get_problems', { file_path: 'a.ts' }));
  calls.emit('answered', call('get_metrics', {}));
  assert.deepEqual(
    take().map((c) => c.tool),
    ['get_problems', 'get_metrics'],
  );
  calls.emit('answered', call('search_codebase', {}));
  assert.deepEqual(take(), [], 'taken once, and nothing kept after');
  assert.equal(calls.listenerCount('answered'), 0, 'the keeper stops listening when taken');
});

test('the keeper holds a bounded number of calls', () => {
  const calls = new EventEmitter();
  const take = keepCallsUntilTaken(calls);
  for (let i = 0; i < 10_000; i++) calls.emit('answered', call('ping', {}));
  const kept = take();
  assert.ok(kept.length > 0 && kept.length <= 256, `${kept.length} kept`);
});

test('the edit news counts a get_problems answered before the service started as asked', async () => {
  const repo = tempRepo();
  commitFiles(repo, { 'src/a.ts': 'export const a = 1;\n' });
  const env = { METABOB_HOME: tempDir('metabob-store-'), METABOB_CACHE: 'off' };
  const cleanups: (() => void)[] = [];
  const services = createServices({ env, cwd: repo, onShutdown: (c) => void cleanups.push(() => void c()) });
  const earlier = [call('get_problems', { file_path: 'src/c.ts' })];
  startEditNewsService({ ...services, earlier, onShutdown: (c) => cleanups.push(c) });
  const path = editNewsPathFor(repo, env);
  for (let i = 0; i < 200 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 25));
  try {
    assert.ok(existsSync(path), 'the news is written when the service starts');
    const news = JSON.parse(readFileSync(path, 'utf8'));
    assert.deepEqual(news.asked, ['src/c.ts']);
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
  assert.equal(existsSync(path), false, 'shutdown removes the news');
});
