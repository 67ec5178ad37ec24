// SPEC §Repository identity: an origin URL reduced to the form every clone of one repository
// shares, wherever it sits on disk and however it was cloned.

// @anchor normalizeRemoteUrl
/**
 * Drops the scheme, credentials, port, query and fragment, a trailing `.git` and trailing
 * slashes; reads the scp form `git@host:org/repo` as `host/org/repo`; lowercases. So
 * `git@github.com:Org/Repo.git` and `https://github.com/org/repo` are both
 * `github.com/org/repo`.
 */
export function normalizeRemoteUrl(url: string): string {
  let rest = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    rest = rest.replace(/[?#][^]*$/, '');
    const slash = rest.indexOf('/');
    let authority = slash === -1 ? rest : rest.slice(0, slash);
    const path = slash === -1 ? '' : rest.slice(slash);
    authority = authority.slice(authority.lastIndexOf('@') + 1); // credentials
    authority = authority.replace(/:\d*$/, ''); // port
    rest = authority + path;
  } else {
    // scp form: [user@]host:path (not a Windows drive letter, not a plain path).
    const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.*)$/.exec(rest);
    if (scp && !/^[a-z]$/i.test(scp[1])) rest = `${scp[1]}/${scp[2]}`;
    rest = rest.replace(/[?#][^]*$/, '');
  }
  rest = rest.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  rest = rest
    .replace(/(?<!\/)\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/(?<!\/)\/+$/, '');
  rest = rest.replace(/^\/+/, '');
  return rest.toLowerCase();
}
