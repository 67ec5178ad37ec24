// STYLE habit 4: a cause is built with its token and rendered into a notice in one place; no
// reader in the server re-splits the token out of the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cause, causeNotice } from '../../core/process/cause.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('a cause renders as a notice with its code, its line and its data, an empty object when it has none', () => {
  const refused = cause('producer_timeout', 'producer_timeout(conceptSearch, 8000): no answer within the read cap of 8000 ms');
  assert.deepEqual(refused, { code: 'producer_timeout', line: 'producer_timeout(conceptSearch, 8000): no answer within the read cap of 8000 ms' });
  // META-ENVELOPE freezes the shape {code, severity, message, data}: data is there even when empty.
  assert.deepEqual(causeNotice(refused), { code: 'producer_timeout', severity: 'error', message: refused.line, data: {} });
  const withData = cause('internal_error', 'internal_error: x failed', { cause: 'TypeError' });
  assert.deepEqual(causeNotice(withData, 'warning'), {
    code: 'internal_error',
    severity: 'warning',
    message: 'internal_error: x failed',
    data: { cause: 'TypeError' },
  });
  assert.deepEqual(causeNotice(refused, 'info', `recall not run: ${refused.line}`).message, `recall not run: ${refused.line}`);
});

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? sources(rel) : /\.tsx?$/.test(name) ? [rel] : [];
  });
}

test('no server code re-splits a cause token out of its line', () => {
  // core/report reads lines written by other processes (/health answers, the state file), and core/cli is its caller.
  const files = sources('core').filter((f) => !f.startsWith('core/report/') && !f.startsWith('core/cli/'));
  const offenders = files.filter((f) => /\.split\(\/\[\(:\]\/\)\[0\]|\.split\(':'\)\[0\]/.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(offenders, []);
});
