// A repository config that names a program everywhere git may run one (README "Git in
// untrusted repositories"), as an archive, a shared folder or a copied checkout carries it.
// Each program is a marker script that appends its name to one file, so a test reads what ran.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tempDir } from './git.ts';

/** Every hook git knows (githooks(5)), for core.hooksPath. */
const HOOKS = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'fsmonitor-watchman',
  'post-index-change',
];

export interface MarkerBin {
  dir: string;
  /** The file each marker appends its name to; absent until one runs. */
  marker: string;
  /** A new marker script named `name`, its path. */
  script(name: string): string;
  /** The names of the markers that ran, in order. */
  fired(): string[];
}

export function markerBin(prefix = 'metabob-hostile-'): MarkerBin {
  const dir = tempDir(prefix);
  const marker = join(dir, 'fired.log');
  mkdirSync(join(dir, 'bin'));
  const script = (name: string) => {
    const path = join(dir, 'bin', name);
    // Never reads stdin and answers nothing: a caller that waits for an answer fails instead of hanging.
    writeFileSync(path, `#!/bin/sh\necho "${name}" >> '${marker}'\nexit 0\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const fired = () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : []);
  return { dir, marker, script, fired };
}

function setConfig(repo: string, key: string, value: string, add = false): void {
  // Writing config runs nothing the config names.
  execFileSync('git', ['config', ...(add ? ['--add'] : []), key, value], { cwd: repo });
}

/**
 * Arms `repo`'s own config: every key below names a marker. Afterwards only the code under test
 * runs git there (the test's own git would run the markers), except `git config`, which runs nothing.
 */
export function armRepository(repo: string, bin: MarkerBin, opts: { alternateObjects?: string } = {}): void {
  const hooks = join(bin.dir, 'hooks');
  mkdirSync(hooks, { recursive: true });
  for (const hook of HOOKS) {
    const path = bin.script(`hook:${hook}`);
    writeFileSync(join(hooks, hook), readFileSync(path));
    chmodSync(join(hooks, hook), 0o755);
  }
  const keys: Array<[string, string]> = [
    ['core.fsmonitor', bin.script('core.fsmonitor')],
    ['core.hooksPath', hooks],
    ['filter.x.clean', `${bin.script('filter.clean')} %f`],
    ['filter.x.smudge', `${bin.script('filter.smudge')} %f`],
    ['filter.x.process', bin.script('filter.process')],
    ['diff.x.textconv', bin.script('diff.textconv')],
    ['diff.x.command', bin.script('diff.command')],
    ['diff.external', bin.script('diff.external')],
    ['merge.x.driver', `${bin.script('merge.driver')} %O %A %B`],
    ['core.pager', bin.script('core.pager')],
    ['pager.log', bin.script('pager.log')],
    ['core.editor', bin.script('core.editor')],
    ['sequence.editor', bin.script('sequence.editor')],
    ['core.askPass', bin.script('core.askPass')],
    ['credential.helper', bin.script('credential.helper')],
    ['credential.https://example.invalid.helper', bin.script('credential.url.helper')],
    ['gpg.program', bin.script('gpg.program')],
    ['gpg.openpgp.program', bin.script('gpg.openpgp.program')],
    ['gpg.ssh.program', bin.script('gpg.ssh.program')],
    ['gpg.x509.program', bin.script('gpg.x509.program')],
    ['log.showSignature', 'true'],
    ['core.sshCommand', bin.script('core.sshCommand')],
    ['core.gitProxy', bin.script('core.gitProxy')],
    ['remote.origin.uploadpack', bin.script('remote.uploadpack')],
    ['remote.origin.receivepack', bin.script('remote.receivepack')],
    ['core.alternateRefsCommand', bin.script('core.alternateRefsCommand')],
    ['protocol.ext.allow', 'always'],
    ['protocol.allow', 'always'],
    ['remote.evil.url', `ext::${bin.script('ext.remote')} %S`],
    ['remote.evil.fetch', '+refs/heads/*:refs/remotes/evil/*'],
    [`url.ext::${bin.script('ext.insteadOf')} %S #.insteadOf`, 'https://example.invalid/'],
    ['gc.auto', '1'],
    ['maintenance.auto', 'true'],
    ['submodule.recurse', 'true'],
    ['fetch.recurseSubmodules', 'yes'],
  ];
  for (const [key, value] of keys) setConfig(repo, key, value);
  if (opts.alternateObjects) {
    // core.alternateRefsCommand runs for each alternate a fetch reads.
    const gitDir = execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: repo, encoding: 'utf8' }).trim();
    writeFileSync(join(gitDir, 'objects', 'info', 'alternates'), opts.alternateObjects + '\n');
  }
}

/** A commit object like `HEAD` with a (fake) PGP signature, made HEAD: log.showSignature hands it to gpg.program. */
export function signHead(repo: string): string {
  const raw = execFileSync('git', ['cat-file', 'commit', 'HEAD'], { cwd: repo, encoding: 'utf8' });
  const split = raw.indexOf('\n\n');
  const signature = ['gpgsig -----BEGIN PGP SIGNATURE-----', ' ', ' iQEzBAABCAAdFiEEAAAAAAAAAAAAAAAAAAAAAAAAAAA=', ' -----END PGP SIGNATURE-----'].join('\n');
  const signed = `${raw.slice(0, split)}\n${signature}${raw.slice(split)}`;
  const sha = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: repo, input: signed, encoding: 'utf8' }).trim();
  execFileSync('git', ['update-ref', 'HEAD', sha], { cwd: repo });
  return sha;
}
