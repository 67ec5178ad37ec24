// SPEC §outgoing-text-guard home paths: this user's home directory, or /home/<user>,
// /Users/<user>, C:\Users\<user>. Prose fields send them as ~; acted-on fields refuse them; the
// egress backstop replaces only this user's home (SPEC §guard-outgoing-pointer).
import { homedir } from 'node:os';

// A home's root only where a path starts (not inside /srv/home/…), and the user's name bounded.
const POSIX_HOME = /(?<![A-Za-z0-9_.~-])\/(?:home|Users)\/[A-Za-z0-9._-]{1,64}(?![A-Za-z0-9._-])/g;
// C:\Users\alice, also JSON-escaped (C:\\Users\\alice) and with forward slashes.
const WINDOWS_HOME = /(?<![A-Za-z0-9])[A-Za-z]:(?:\\{1,2}|\/)Users(?:\\{1,2}|\/)[^\\/\s"'`<>:*?|]{1,64}/gi;

/**
 * The home directory whose paths are this user's (SPEC): the OS's for the process's own
 * environment; for another environment (a test's) its HOME or USERPROFILE, or none.
 */
export function homeOf(env: NodeJS.ProcessEnv): string | undefined {
  const home = env === process.env ? homedir() : (env.HOME ?? env.USERPROFILE);
  const trimmed = home?.replace(/[\\/]+$/, '');
  // "/" or "" as a home would match every absolute path.
  return trimmed && trimmed.length > 1 ? trimmed : undefined;
}

/** Replaces this user's home (only where a path segment ends) with ~. */
function replaceOwnHome(text: string, home: string): string {
  if (!text.includes(home)) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(home); at !== -1; at = text.indexOf(home, at + home.length)) {
    const next = text[at + home.length];
    const before = at > 0 ? text[at - 1] : '';
    if ((next === undefined || !/[A-Za-z0-9._-]/.test(next)) && !/[A-Za-z0-9._~-]/.test(before)) {
      out += text.slice(from, at) + '~';
      from = at + home.length;
    }
  }
  return out + text.slice(from);
}

/** The text with every home path sent as ~; `ownOnly` keeps other users' homes (the egress backstop). */
export function replaceHomePaths(text: string, home: string | undefined, ownOnly = false): string {
  let out = home ? replaceOwnHome(text, home) : text;
  if (ownOnly) return out;
  out = out.replace(POSIX_HOME, '~').replace(WINDOWS_HOME, '~');
  return out;
}

/** Whether the text names a home path (this user's or any /home/<user>, /Users/<user>, C:\Users\<user>). */
export function hasHomePath(text: string, home: string | undefined, ownOnly = false): boolean {
  return replaceHomePaths(text, home, ownOnly) !== text;
}
