// SPEC §mark_complete "Where the fix is": the fix location as facts, and the one place that
// turns them into the verdict's fix_* lines and the notes beside them. locateFix finds the facts;
// mark_complete reads their fields (branch, target) and shows the rendered lines, so nothing
// parses a verdict line back.

/** Whether the remote holds a chosen fix commit (SPEC "An unpushed fix doesn't close the finding"). */
export type FixPush =
  /** On a remote branch that is not only a task branch, or the checkout has no remote at all. */
  | { state: 'closes' }
  /** No remote branch holds it. */
  | { state: 'unpushed' }
  /** Only task branches hold it (SPEC "A fix only on task branches awaits its merge"). */
  | { state: 'awaiting merge'; remoteBranches: string[]; target: string };

export type Fix =
  /** Outside git: the fix closes without a commit (a named fix_commit, kept in `fixCommitSkipped`, is not checked). `gitLine` is git's own answer. */
  | { kind: 'outside_git'; why: 'git is not installed' | 'not a git checkout'; gitLine: string; fixCommitSkipped?: string }
  /** Every one of the finding's files is ignored by git: the fix is local to this checkout. */
  | { kind: 'ignored' }
  /**
   * Uncommitted changes: in the finding's files (which come first, even over a named fix_commit,
   * kept in `fixCommitSkipped`), or, with no commit since the finding, elsewhere in the checkout.
   */
  | { kind: 'uncommitted'; branch: string; files: string[]; where: 'finding_files' | 'elsewhere'; fixCommitSkipped?: string }
  /** A commit: named by fix_commit (`claimed`), or the newest since the finding touching its files. */
  | { kind: 'commit'; sha: string; branch: string; claimed: boolean; touchesFindingFiles: boolean; predatesFinding: boolean; push: FixPush };

export type FixPending = 'uncommitted' | 'unpushed' | 'awaiting merge';

/** The pending state a fix leaves its finding in; null when the fix closes it. */
export function fixPending(fix: Fix): FixPending | null {
  if (fix.kind === 'uncommitted') return 'uncommitted';
  if (fix.kind === 'commit' && fix.push.state !== 'closes') return fix.push.state;
  return null;
}

/** `fix pending (unpushed)`: the verdict's own words for a pending fix. */
export function fixPendingVerdict(pending: FixPending): string {
  return `fix pending (${pending})`;
}

/** Why a named fix_commit is not checked outside git: the reply says so, never drops it silently. */
export function fixCommitNotApplied(sha: string, why: 'git is not installed' | 'not a git checkout'): string {
  return `fix_commit ${sha} was not applied: ${why === 'not a git checkout' ? 'the workspace is not a git checkout' : 'git is not installed'}, so no commit can be checked`;
}

// @anchor fixLines
/** The verdict's fix lines (a pending fix's lead with its `verdict:` line) and the notes for the agent. */
export function fixVerdictLines(fix: Fix): { lines: string[]; notes: string[] } {
  const pending = fixPending(fix);
  const lead = pending ? [`verdict: ${fixPendingVerdict(pending)}`] : [];
  switch (fix.kind) {
    case 'outside_git':
      return {
        lines: [`fix: unknown (${fix.why})`],
        notes: [
          ...(fix.fixCommitSkipped ? [`${fixCommitNotApplied(fix.fixCommitSkipped, fix.why)}; the finding closes without one.`] : []),
          `The workspace is not a git checkout (${fix.gitLine}), so the fix closes without a commit.`,
        ],
      };
    case 'ignored':
      return {
        lines: ['fix: local (ignored files; no commit holds it)'],
        notes: ["The finding's files are ignored by git: the fix is local to this checkout, and no other checkout can check it."],
      };
    case 'uncommitted': {
      const lines = [...lead, 'fix: uncommitted', `fix_branch: ${fix.branch}`, 'fix_base: HEAD', `fix_files: ${fix.files.join(', ')}`];
      if (fix.where === 'elsewhere') {
        return {
          lines,
          notes: [
            `No commit since the finding touches its files; uncommitted changes outside them (${fix.files.join(', ')}) may be the fix: commit it, then mark_complete endorse again.`,
          ],
        };
      }
      return {
        lines,
        notes: [
          ...(fix.fixCommitSkipped
            ? [`fix_commit ${fix.fixCommitSkipped} was not applied: the finding's files have uncommitted changes, which come first.`]
            : []),
          'The fix is not committed yet: commit it, then mark_complete endorse again.',
        ],
      };
    }
    case 'commit': {
      const lines = [...lead, `fix: commit ${fix.sha}`, `fix_branch: ${fix.branch}`];
      const notes: string[] = [];
      if (fix.claimed) lines.push('fix_claimed: yes');
      if (fix.predatesFinding) {
        lines.push('fix_predates_finding: yes');
        notes.push(`${fix.sha.slice(0, 12)} was committed before the finding was recorded; it is taken as the fix because it touches the finding's files.`);
      } else if (!fix.touchesFindingFiles) {
        lines.push('fix_touches_finding_files: no');
      }
      if (fix.push.state === 'unpushed') {
        lines.push('fix_pushed: no');
        notes.push(`No remote branch holds ${fix.sha.slice(0, 12)}: push it, then mark_complete endorse again.`);
      } else if (fix.push.state === 'awaiting merge') {
        const held = fix.push.remoteBranches.join(', ');
        lines.push(`fix_remote_branches: ${held}`, `fix_target: ${fix.push.target}`);
        notes.push(
          `The fix is only on task branches (${held}): fetch and mark_complete endorse again once it is merged into ${fix.push.target}, or run metabob-mcp finding close.`,
        );
      }
      return { lines, notes };
    }
  }
}
