// SPEC §get_problems: a pending fix is tagged "uncommitted in this checkout …; commit it, then
// mark_complete endorse again". The tag is what mark_complete saw; the checkout changes after it.
// When no uncommitted change is left (the edit was reverted, stashed or committed since), "commit
// it" points at nothing, so the tag says the change is gone instead. The check is the one
// mark_complete's "Where the fix is" makes first: the finding's files (untracked ones included),
// then any tracked file, since a pending fix can be an edit outside the finding's files.
import { runGit } from '../git/run-git.ts';
import type { RecalledFindingRow } from './shared-ledger.ts';
import type { FindingGroup } from './findings-text.ts';

/** How both a local seed's tag and a recalled finding's tag for this checkout begin (mark-complete.ts pendingTag, recall-verdicts.ts pendingFixTag). */
const UNCOMMITTED_HERE = 'fix pending: uncommitted in this checkout';

export const UNCOMMITTED_FIX_GONE =
  'fix pending: it was uncommitted in this checkout, and no uncommitted change is left (reverted, stashed or committed since); mark_complete endorse again to see where the fix is';

const GIT_TIMEOUT_MS = 5000;

/** Whether git shows a change: undefined when git did not answer, so a tag is never dropped on a failure. */
async function changed(root: string, args: string[]): Promise<boolean | undefined> {
  const r = await runGit(root, ['status', '--porcelain=v1', '-z', ...args], { timeoutMs: GIT_TIMEOUT_MS });
  return r.ok ? r.stdout.length > 0 : undefined;
}

/**
 * Rewrites, in place, the uncommitted-in-this-checkout tags of the given local findings and
 * recalled rows whose change is gone. A finding is judged by all its files, as mark_complete
 * judged it. At most one git call per finding and one more in all, none when no tag needs it.
 */
export async function reviseUncommittedFixTags(root: string, groups: FindingGroup[], recalled: RecalledFindingRow[]): Promise<void> {
  const tagged = groups.filter((g) => g.seeds.some((s) => s.pending_fix?.startsWith(UNCOMMITTED_HERE)));
  const rows = recalled.filter((r) => r.tags.some((t) => t.startsWith(UNCOMMITTED_HERE)));
  if (tagged.length === 0 && rows.length === 0) return;
  let trackedChange: Promise<boolean | undefined> | undefined;
  const gone = async (files: string[]): Promise<boolean> => {
    const inFiles = files.length ? await changed(root, ['--untracked-files=all', '--', ...files]) : false;
    if (inFiles !== false) return false;
    trackedChange ??= changed(root, ['--untracked-files=no']);
    return (await trackedChange) === false;
  };
  const byFiles = new Map<string, Promise<boolean>>();
  const goneFor = (files: string[]) => {
    const key = JSON.stringify([...files].sort());
    let answer = byFiles.get(key);
    if (!answer) byFiles.set(key, (answer = gone(files)));
    return answer;
  };
  for (const group of tagged) {
    if (!(await goneFor(group.seeds.map((s) => s.file)))) continue;
    for (const seed of group.seeds) if (seed.pending_fix?.startsWith(UNCOMMITTED_HERE)) seed.pending_fix = UNCOMMITTED_FIX_GONE;
  }
  for (const row of rows) {
    if (!(await goneFor(row.files))) continue;
    row.tags = row.tags.map((t) => (t.startsWith(UNCOMMITTED_HERE) ? UNCOMMITTED_FIX_GONE : t));
  }
}
