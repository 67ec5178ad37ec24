// SPEC §outgoing-text-guard catches accidents, and must not cry wolf on ordinary text: two
// indexing-size real source trees, Django's (python3-django, which .ci/run installs) and zod's
// TypeScript sources (a dependency of this package, so always in node_modules), pass through the
// guard as prose and raise nothing. Each file is scanned whole by the rules the guard runs on every
// string, and sent in 4,000-character pieces as record_finding's details through guardToolInput.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { guardToolInput, secretKindOf } from '../../core/outgoing-guard.ts';

const DJANGO = process.env.METABOB_DJANGO_DIR ?? '/usr/lib/python3/dist-packages/django';
const ZOD_SRC = join(createRequire(import.meta.url).resolve('zod/package.json'), '..', 'src');

function sourceFiles(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, ext, out);
    else if (ext.test(name)) out.push(path);
  }
  return out;
}

function raisedOn(root: string, ext: RegExp): { files: number; bytes: number; raised: string[] } {
  const files = sourceFiles(root, ext);
  const raised: string[] = [];
  let bytes = 0;
  // A test's own environment with no HOME: the tree alone is judged, not this machine's secrets.
  const sources = { env: {} };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    bytes += Buffer.byteLength(text);
    const kind = secretKindOf(text, []);
    if (kind) raised.push(`${kind} in ${file.slice(root.length)}`);
    for (let at = 0; at < text.length; at += 4000) {
      const r = guardToolInput('record_finding', { details: text.slice(at, at + 4000) }, sources);
      if (!r.ok) raised.push(`${r.cause.line.split(':').slice(0, 3).join(':')} in ${file.slice(root.length)} at ${at}`);
    }
  }
  return { files: files.length, bytes, raised };
}

test(
  `Django's source tree passes as prose and raises nothing`,
  { skip: !existsSync(DJANGO) && `no Django at ${DJANGO} (apt-get install python3-django)` },
  () => {
    const { files, bytes, raised } = raisedOn(DJANGO, /\.py$/);
    assert.ok(files > 500 && bytes > 4_000_000, `an indexing-size tree: ${files} files, ${bytes} bytes`);
    assert.deepEqual(raised, []);
  },
);

test(`zod's TypeScript sources pass as prose and raise nothing`, () => {
  const { files, bytes, raised } = raisedOn(ZOD_SRC, /\.ts$/);
  assert.ok(files > 100 && bytes > 1_000_000, `an indexing-size tree: ${files} files, ${bytes} bytes`);
  assert.deepEqual(raised, []);
});
