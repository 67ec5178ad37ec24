// Shared fixture for the ledger's end-to-end tests: a temp git repository with a real bare
// remote, a server spawned in it with its own metabob directory, and small call helpers.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { git, tempDir, tempRepo } from '../helpers/git.ts';

/** A date well over the two-minute clock allowance before any finding a test records. */
export const LONG_AGO = '2024-01-01T00:00:00Z';

export function commitAt(repo: string, date: string, files: Record<string, string>, message = 'change'): string {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, rel)), { recursive: true });
    writeFileSync(join(repo, rel), content);
  }
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.invalid',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.invalid',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
  execFileSync('git', ['add', '-A'], { cwd: repo, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo, env });
  return git(repo, 'rev-parse', 'HEAD');
}

/** A repository whose history predates every finding; with `remote`, pushed to a bare origin. */
export function repoWithHistory(opts: { remote?: boolean } = {}): { repo: string; bare?: string } {
  const repo = tempRepo();
  commitAt(repo, LONG_AGO, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n', 'README.md': '# r\n' }, 'initial');
  if (!opts.remote) return { repo };
  const bare = join(tempDir('metabob-remote-'), 'origin.git');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  git(repo, 'remote', 'add', 'origin', bare);
  git(repo, 'push', '-q', '-u', 'origin', 'main');
  return { repo, bare };
}

export type Server = Awaited<ReturnType<typeof startLedgerServer>>;

export async function startLedgerServer(cwd: string, env: Record<string, string | undefined> = {}) {
  const home = env.METABOB_HOME ?? tempDir('metabob-store-');
  const started = await startClient({ cwd, env: { METABOB_HOME: home, ...env } });
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await started.client.callTool({ name, arguments: args });
    return { result, text: textOf(result), meta: metaOf(result), isError: result.isError === true };
  };
  const record = async (args: Record<string, unknown>): Promise<string[]> => {
    const r = await call('record_finding', { severity: 'HIGH', category: 'correctness', ...args });
    assert.equal(r.isError, false, r.text);
    const ids = [...r.text.split('\n')[0].matchAll(/agf_[0-9a-f]{16}/g)].map((m) => m[0]);
    assert.ok(ids.length > 0, r.text);
    return ids;
  };
  return { ...started, home, call, record };
}

/** The `key: value` lines of an answer, in order. */
export function verdictLines(text: string): string[] {
  return text.split('\n').filter((l) => /^(verdict|fix[a-z_]*): /.test(l));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The attachment's cause in this environment (the recall's "not run" reason), read from the server. */
export async function attachmentCause(s: Server): Promise<string> {
  const ctx = await s.call('get_analysis_context', {});
  const m = /^Attachment: not attached: (.*)$/m.exec(ctx.text);
  assert.ok(m, ctx.text);
  return m[1];
}
