// Whether recalled fix commits are in this checkout's HEAD (SPEC §get_problems "[FIXED in <sha>]
// ... not in this checkout's HEAD", src/repo-identity.ts@commitInHead) for many commits at once:
// one git call finds which of them this checkout has at all (a fix made in another checkout and
// not fetched is not here, so not in HEAD), then each present one is asked about. A commit found
// in HEAD stays there for the process (HEAD moves forward), so it is asked about once.
import { runGit } from '../git/run-git.ts';
import { commitInHead } from '../identity/repo-identity.ts';

const known = new Map<string, true>();

export async function commitsInHead(root: string, shas: string[]): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  const asked = [...new Set(shas.filter((s) => /^[0-9a-f]{7,40}$/i.test(s)))];
  const open = asked.filter((sha) => !known.has(`${root}\n${sha}`));
  for (const sha of asked) if (known.has(`${root}\n${sha}`)) out.set(sha, true);
  if (open.length === 0) return out;
  const present = await runGit(root, ['rev-list', '--no-walk', '--ignore-missing', ...open.map((s) => `${s}^{commit}`)], { timeoutMs: 5000 });
  const here = present.ok ? present.stdout.split('\n').filter(Boolean) : undefined;
  await Promise.all(
    open.map(async (sha) => {
      // Unknown to git here: not in HEAD. Git failing leaves each to its own check.
      if (here && !here.some((full) => full.startsWith(sha.toLowerCase()))) return out.set(sha, false);
      const inHead = (await commitInHead(root, sha)) === true;
      if (inHead) known.set(`${root}\n${sha}`, true);
      out.set(sha, inHead);
    }),
  );
  return out;
}
