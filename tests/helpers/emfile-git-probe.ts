// Run by tests/e2e/git-emfile.test.ts as a child process under a low descriptor limit: it
// opens files until open() fails with EMFILE, then runs git through runGit and reads the OS
// proxy settings through execFile, and prints as one JSON line what each answered. Reaching
// the print at all is the point: a spawn without free descriptors must not end the process.
import { openSync } from 'node:fs';
import { runGit } from '../../core/git/run-git.ts';
import { detectOsProxy } from '../../core/net/os-proxy.ts';

const [repo] = process.argv.slice(2) as [string];

const held: number[] = [];
try {
  for (;;) held.push(openSync('/dev/null', 'r'));
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== 'EMFILE') throw err;
}
const git = await runGit(repo, ['rev-parse', '--show-toplevel']);
// gsettings is what Linux reads; absent or failing alike, the answer is "none found".
const proxy = await detectOsProxy(process.env, 'linux');
process.stdout.write(JSON.stringify({ held: held.length, git, proxy: proxy ?? null }) + '\n');
