// What a repository's own config may not make git run (README "Git in untrusted repositories").
// An archive, a shared folder or a copied checkout carries .git/config, and git runs programs
// that config names: fsmonitor, hooks, filters, textconv, external diff, askpass, credential
// helpers, gpg, ssh, a git:// proxy, upload-pack for file remotes, ext:: remotes. Every git this
// server runs takes the switches below. The keys git may run a program from are read once per
// call with `git config --show-scope --get-regexp` (reading config runs nothing); each one the
// repository sets (local or worktree scope; an include has its includer's scope) is overridden
// by the user's own value from system, global or command scope when there is one, else by a
// value that runs nothing. Nothing here spawns: run-git.ts runs the query and the command.

/** One `git config --show-scope --null --get-regexp` entry; `value` undefined for a key written without `=`. */
export interface ConfigEntry {
  scope: string;
  key: string;
  value: string | undefined;
}

/**
 * Keys git may run a program from, as --get-regexp matches them (section and name lower-cased,
 * subsection as written). filter.<x>.required is read only to give it the user's value back.
 */
export const PROGRAM_KEYS =
  '^(core\\.(askpass|sshcommand|gitproxy|alternaterefscommand)' +
  '|diff\\.external|diff\\..+\\.(textconv|command)|merge\\..+\\.driver' +
  '|filter\\..+\\.(clean|smudge|process|required)' +
  '|credential\\.(.+\\.)?helper' +
  '|gpg\\.(.+\\.)?program|gpg\\.ssh\\.defaultkeycommand' +
  '|remote\\..+\\.(uploadpack|receivepack)' +
  '|protocol\\.(.+\\.)?allow)$';

/** The query's arguments; without --show-scope (git before 2.26) every entry counts as the repository's. */
export function programKeysQuery(scoped: boolean): string[] {
  return ['config', ...(scoped ? ['--show-scope'] : []), '--null', '--get-regexp', PROGRAM_KEYS];
}

/** The query's output: `scope NUL key [LF value] NUL` per entry (`key [LF value] NUL` unscoped). */
export function parseProgramKeys(stdout: string, scoped: boolean): ConfigEntry[] {
  const tokens = stdout.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i < tokens.length - 1;) {
    const scope = scoped ? tokens[i++]! : 'unknown';
    const pair = tokens[i++];
    if (pair === undefined) break;
    const lf = pair.indexOf('\n');
    entries.push(lf < 0 ? { scope, key: pair, value: undefined } : { scope, key: pair.slice(0, lf), value: pair.slice(lf + 1) });
  }
  return entries;
}

/**
 * Set on every call (git-config(1)): no pager, fsmonitor or hook (core.hooksPath also hides
 * .git/hooks: reference-transaction on fetch, post-checkout on clone), no signature check on
 * log/show (gpg.program), no auto gc or maintenance child, no submodule recursion (a
 * submodule's own config is never read for these keys).
 */
const FIXED: ReadonlyArray<readonly [string, string]> = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', '/dev/null'],
  ['log.showSignature', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  ['submodule.recurse', 'false'],
  ['fetch.recurseSubmodules', 'false'],
];

const USER_SCOPES = new Set(['system', 'global', 'command']);

/** git's own default per transport (transport.c get_protocol_config); unnamed ones are `user`. */
const PROTOCOL_DEFAULTS: Record<string, string> = { http: 'always', https: 'always', git: 'always', ssh: 'always', file: 'user', ext: 'never' };

/** Single-valued keys, last value wins: the value that runs nothing when the user has none. */
function neutralValue(key: string, env: NodeJS.ProcessEnv): string {
  // An empty core.sshCommand makes git run "" instead of ssh (tried on 2.39), so the neutral
  // one is what git runs with the key unset: the user's GIT_SSH, else ssh.
  if (key === 'core.sshcommand') return env.GIT_SSH ? shellQuoted(env.GIT_SSH) : 'ssh';
  // Runs nothing the repository named and lists no refs: the alternates' tips are only hints.
  if (key === 'core.alternaterefscommand') return 'true';
  if (key === 'gpg.program' || key === 'gpg.openpgp.program') return 'gpg';
  if (key === 'gpg.x509.program') return 'gpgsm';
  if (key === 'gpg.ssh.program') return 'ssh-keygen';
  if (/^filter\..+\.required$/.test(key)) return 'false';
  // Empty: no askpass, no external diff, no filter; an empty textconv or merge driver is refused
  // by git ("cannot run"), and the diffs this server reads pass --no-textconv anyway.
  return '';
}

function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const SINGLE_VALUED =
  /^(core\.(askpass|sshcommand|alternaterefscommand)|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|gpg\.(.+\.)?program|gpg\.ssh\.defaultkeycommand)$/;
const HELPER = /^credential\.(.+\.)?helper$/;
const FILTER_PROGRAM = /^filter\.(.+)\.(clean|smudge|process)$/;
const PROTOCOL_ALLOW = /^protocol\.(.+)\.allow$/;

/** remote.<name>.uploadpack's first value wins, so `-c` cannot override it; these subcommands take --upload-pack. */
const UPLOAD_PACK_COMMANDS = new Set(['fetch', 'clone', 'ls-remote', 'pull']);
/**
 * These look into a submodule's working tree with a `git status` child that reads the
 * submodule's own config (its filters ran, tried on 2.39); --ignore-submodules=dirty on the
 * command line skips that child even when submodule.<name>.ignore says otherwise. A submodule
 * moved to another commit is still reported.
 */
const WORKTREE_DIFF_COMMANDS = new Set(['status', 'diff', 'diff-files', 'diff-index']);

export interface GitPolicy {
  /** Before the subcommand: --no-pager and the -c overrides. */
  globalArgs: string[];
  /** Right after the subcommand: --ignore-submodules=dirty, and --upload-pack / --receive-pack when the repository sets its own. */
  subcommandArgs(subcommand: string): string[];
  /** Added to the environment git runs with. */
  env: Record<string, string>;
}

/**
 * The transports git may use (GIT_ALLOW_PROTOCOL, which overrides every protocol.* key): file,
 * git, http, https and ssh, and any the user's own config names, each as the user's own
 * protocol.<name>.allow, else protocol.allow, else git's default decides. `user` counts as
 * allowed (this server's git runs on the user's behalf) unless GIT_PROTOCOL_FROM_USER says no.
 */
export function allowedProtocols(user: ConfigEntry[], env: NodeJS.ProcessEnv): string {
  const last = (key: string) => user.findLast((e) => e.key === key)?.value?.toLowerCase();
  const names = new Set(['file', 'git', 'http', 'https', 'ssh']);
  for (const e of user) {
    const name = PROTOCOL_ALLOW.exec(e.key)?.[1];
    if (name && !name.includes(':')) names.add(name);
  }
  const fromUser = !/^(0|false|no|off)$/i.test(env.GIT_PROTOCOL_FROM_USER ?? '');
  return [...names]
    .filter((name) => {
      const policy = last(`protocol.${name}.allow`) ?? last('protocol.allow') ?? PROTOCOL_DEFAULTS[name] ?? 'user';
      return policy === 'always' || (policy === 'user' && fromUser);
    })
    .join(':');
}

/** `-c key=value`, or the reason it cannot be written (git splits -c at the first `=`). */
function override(key: string, value: string, out: string[]): string | undefined {
  if (key.includes('=') || key.includes('\n')) return `the repository's config sets ${JSON.stringify(key)}, which git -c cannot override`;
  out.push('-c', `${key}=${value}`);
  return undefined;
}

// @anchor gitPolicy
/** The switches and environment one git call runs with, or why it must not run. */
export function gitPolicy(entries: ConfigEntry[], env: NodeJS.ProcessEnv): { ok: true; policy: GitPolicy } | { ok: false; line: string } {
  const user = entries.filter((e) => USER_SCOPES.has(e.scope));
  const repo = entries.filter((e) => !USER_SCOPES.has(e.scope));
  const userValue = (key: string) => user.findLast((e) => e.key === key && e.value !== undefined)?.value;
  const args = ['--no-pager'];
  for (const [key, value] of FIXED) args.push('-c', `${key}=${value}`);
  const refusals: string[] = [];
  const set = (key: string, value: string) => {
    const refused = override(key, value, args);
    if (refused) refusals.push(refused);
  };

  const single = new Set(repo.map((e) => e.key).filter((key) => SINGLE_VALUED.test(key)));
  for (const key of single) set(key, userValue(key) ?? neutralValue(key, env));
  // A filter whose program is overridden must not be `required` by the repository: an emptied
  // one would fail the command instead of passing content through.
  const filters = new Set([...single].map((key) => FILTER_PROGRAM.exec(key)?.[1]).filter((name) => name !== undefined));
  for (const name of filters) set(`filter.${name}.required`, userValue(`filter.${name}.required`) ?? 'false');

  // credential.helper is a list, and an empty value empties it: then the user's own helpers,
  // in the order their config lists them (credential.<url>.helper included).
  if (repo.some((e) => HELPER.test(e.key))) {
    args.push('-c', 'credential.helper=');
    for (const e of user) if (HELPER.test(e.key) && e.value !== undefined && !e.key.includes('=')) args.push('-c', `${e.key}=${e.value}`);
  }

  const added: Record<string, string> = { GIT_EDITOR: ':', GIT_SEQUENCE_EDITOR: ':' };
  if (env.GIT_ALLOW_PROTOCOL === undefined) added.GIT_ALLOW_PROTOCOL = allowedProtocols(user, env);
  // core.gitProxy's first matching value wins, so -c cannot override the repository's; an empty
  // GIT_PROXY_COMMAND is read before any of them and means no proxy.
  if (env.GIT_PROXY_COMMAND === undefined && repo.some((e) => e.key === 'core.gitproxy')) added.GIT_PROXY_COMMAND = '';

  if (refusals.length > 0) return { ok: false, line: refusals[0]! };
  const ownPack = (kind: 'uploadpack' | 'receivepack') =>
    repo.some((e) => e.key.startsWith('remote.') && e.key.endsWith(`.${kind}`) && userValue(e.key) === undefined);
  const uploadPack = ownPack('uploadpack');
  const receivePack = ownPack('receivepack');
  return {
    ok: true,
    policy: {
      globalArgs: args,
      subcommandArgs: (subcommand) => [
        ...(WORKTREE_DIFF_COMMANDS.has(subcommand) ? ['--ignore-submodules=dirty'] : []),
        ...(uploadPack && UPLOAD_PACK_COMMANDS.has(subcommand) ? ['--upload-pack=git-upload-pack'] : []),
        ...(receivePack && subcommand === 'push' ? ['--receive-pack=git-receive-pack'] : []),
      ],
      env: added,
    },
  };
}
