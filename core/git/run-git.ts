// The one way this server runs git (ARCHITECTURE: handlers never spawn git themselves).
// Every call has a timeout, and its failure is classified, so that a git call that timed out
// or failed is never read as "not a git checkout" (SPEC §mark_complete). Every call runs under
// git-policy.ts, so nothing the repository's own config names is run; reading which keys it
// sets costs one `git config` spawn before the command.
import { spawn, type ChildProcess } from 'node:child_process';
import { gitPolicy, parseProgramKeys, programKeysQuery } from './git-policy.ts';

export const GIT_TIMEOUT_MS = 20_000;

export type GitFailureKind = 'not_a_repository' | 'git_missing' | 'timeout' | 'fd_exhausted' | 'failed';

export type GitResult = { ok: true; stdout: string } | { ok: false; kind: GitFailureKind; line: string; stderr: string; code?: number | null };

type GitFailure = Extract<GitResult, { ok: false }>;

export interface GitOptions {
  timeoutMs?: number;
  /** Called per stdout chunk instead of buffering (git log streaming). */
  onData?: (chunk: string) => void;
  env?: NodeJS.ProcessEnv;
}

export async function runGit(cwd: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const budgetMs = options.timeoutMs ?? GIT_TIMEOUT_MS;
  const deadline = Date.now() + budgetMs;
  const [subcommand = '', ...rest] = args;
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...literalPathspecs(subcommand) };
  const call = { cwd, env, name: subcommand, deadline, budgetMs };

  let scoped = true;
  let read = await spawnGit({ ...call, args: programKeysQuery(true) });
  if (!read.ok && read.code === 129 && /show-scope/.test(read.stderr)) {
    // git before 2.26 has no --show-scope: every key found is taken as the repository's.
    scoped = false;
    read = await spawnGit({ ...call, args: programKeysQuery(false) });
  }
  // Exit 1 with nothing said: none of the keys is set anywhere.
  const noneSet = !read.ok && read.kind === 'failed' && read.code === 1 && read.stderr.trim() === '';
  if (!read.ok && !noneSet) {
    // A config git cannot read fails the command the same way; its exit code is not the command's.
    return read.kind === 'failed' ? { ...read, code: undefined } : read;
  }
  const built = gitPolicy(read.ok ? parseProgramKeys(read.stdout, scoped) : [], env);
  if (!built.ok) return { ok: false, kind: 'failed', line: `git ${subcommand} was not run: ${built.line}`, stderr: '' };
  const { globalArgs, subcommandArgs, env: added } = built.policy;
  return spawnGit({
    ...call,
    env: { ...env, ...added },
    args: [...globalArgs, subcommand, ...subcommandArgs(subcommand), ...rest],
    onData: options.onData,
  });
}

/**
 * Every path git is given comes from data (a finding's files, an agent's argument), so it is a
 * file name, never a pattern: `routes/[id]/index.js` must not also match `routes/i/index.js`
 * (SPEC §mark_complete "Where the fix is" names the finding's files). check-ignore refuses every
 * pathspec magic, this one included; its caller keeps each path literal with a `./` prefix.
 */
function literalPathspecs(subcommand: string): NodeJS.ProcessEnv {
  return subcommand === 'check-ignore' ? { GIT_LITERAL_PATHSPECS: '0' } : { GIT_LITERAL_PATHSPECS: '1' };
}

interface Spawned {
  cwd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The subcommand the caller asked for, as failure lines name it. */
  name: string;
  deadline: number;
  budgetMs: number;
  onData?: (chunk: string) => void;
}

/** Why git could not start, from the spawn error's code. */
function startFailure(err: NodeJS.ErrnoException, name: string, stderr: string): GitFailure {
  if (err.code === 'ENOENT') return { ok: false, kind: 'git_missing', line: 'git is not installed (not on PATH)', stderr: '' };
  if (err.code === 'EMFILE' || err.code === 'ENFILE') {
    const whose = err.code === 'EMFILE' ? 'this process has' : 'the system has';
    return {
      ok: false,
      kind: 'fd_exhausted',
      line: `fd_exhausted(${err.code}): git ${name} could not start, ${whose} too many files open; close files or raise the open-file limit (ulimit -n), then try again`,
      stderr,
    };
  }
  return { ok: false, kind: 'failed', line: `git ${name} could not start: ${err.message}`, stderr };
}

function spawnGit(run: Spawned): Promise<GitResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: GitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let child: ChildProcess;
    try {
      child = spawn('git', run.args, { cwd: run.cwd, env: run.env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      // Thrown, not emitted: an argument spawn refuses (a NUL byte in a path).
      return finish(startFailure(err as NodeJS.ErrnoException, run.name, ''));
    }
    // The listener goes first: under EMFILE/ENFILE spawn returns without pipes and emits
    // 'error' on the next tick, which with no listener would end the process.
    child.on('error', (err: NodeJS.ErrnoException) => finish(startFailure(err, run.name, stderr)));
    if (!child.stdout || !child.stderr) return;
    timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        finish({ ok: false, kind: 'timeout', line: `git ${run.name} did not answer within ${run.budgetMs} ms`, stderr });
      },
      Math.max(1, run.deadline - Date.now()),
    );
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (run.onData) run.onData(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => {
      if (code === 0) return finish({ ok: true, stdout });
      if (/not a git repository/i.test(stderr)) {
        return finish({ ok: false, kind: 'not_a_repository', line: `${run.cwd} is not inside a git checkout`, stderr, code });
      }
      const first = stderr.trim().split('\n')[0] || `exit code ${code}`;
      finish({ ok: false, kind: 'failed', line: `git ${run.name} failed: ${first}`, stderr, code });
    });
  });
}
