// What a pulled task may steer (SPEC §task pull): the ref a cell clones and where its fix goes.
// Task details and conventions are written by agents, so every value is checked against an
// allowed set, and a convention counts only from a trusted author.
import { runGit } from '../git/run-git.ts';
import { headerBlock, headerValue } from '../substrate/concept-content.ts';

export const REF_MAX = 100;

// @anchor validRef
/**
 * A task's `ref:` is cloned only when git check-ref-format --branch accepts it, it does not
 * start with `-`, and it is at most 100 characters; else the one-line reason.
 */
export async function validRef(ref: string, cwd: string): Promise<{ ok: true } | { ok: false; line: string }> {
  const shown = JSON.stringify(ref.slice(0, REF_MAX + 1));
  if (ref.length === 0 || ref.length > REF_MAX) return { ok: false, line: `ref_refused: ref ${shown} is empty or longer than ${REF_MAX} characters` };
  if (ref.startsWith('-')) return { ok: false, line: `ref_refused: ref ${shown} starts with "-"` };
  const checked = await runGit(cwd, ['check-ref-format', '--branch', ref]);
  if (!checked.ok) return { ok: false, line: `ref_refused: ref ${shown} is not a branch name git check-ref-format --branch accepts` };
  return { ok: true };
}

export const POLICY_VALUES = {
  push_to: ['main', 'task'],
  integrate: ['push', 'review'],
  conflicts: ['rebase'],
} as const;

export type PolicyKey = keyof typeof POLICY_VALUES;
export type PolicySource = 'task' | 'convention' | 'default';

export interface IntegrationPolicy {
  push_to: { value: (typeof POLICY_VALUES.push_to)[number]; source: PolicySource; author?: string };
  integrate: { value: (typeof POLICY_VALUES.integrate)[number]; source: PolicySource; author?: string };
  conflicts: { value: (typeof POLICY_VALUES.conflicts)[number]; source: PolicySource; author?: string };
}

export interface ConventionConcept {
  conceptId: string;
  /** The first `recorded_by:` of its header block, when it has one. */
  author?: string;
  createdAt: number;
  content: string;
}

const DEFAULTS = { push_to: 'main', integrate: 'push', conflicts: 'rebase' } as const;

/** The `push_to:` / `integrate:` / `conflicts:` lines of a text, each first value, trimmed and lower-cased. */
function policyLines(text: string): Partial<Record<PolicyKey, string>> {
  const out: Partial<Record<PolicyKey, string>> = {};
  for (const raw of text.slice(0, 64 * 1024).split('\n')) {
    const line = raw.trim();
    for (const key of Object.keys(POLICY_VALUES) as PolicyKey[]) {
      if (out[key] === undefined && line.toLowerCase().startsWith(`${key}:`))
        out[key] = line
          .slice(key.length + 1)
          .trim()
          .toLowerCase();
    }
  }
  return out;
}

// @anchor integration-policy
/**
 * Each value from the task's details, else from the newest project_convention concept by a
 * trusted author, else the default. A value outside the allowed set is refused whatever its
 * source: it is returned in `refused` (to be logged as a warning) and never applied.
 */
export function integrationPolicy(details: string, conventions: ConventionConcept[], trusted: string[]): { policy: IntegrationPolicy; refused: string[] } {
  const refused: string[] = [];
  const fromTask = policyLines(details);
  const byTrusted = conventions
    .filter((c) => c.author !== undefined && trusted.includes(c.author))
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((c) => ({ concept: c, lines: policyLines(c.content) }));
  const untrusted = conventions.filter((c) => c.author === undefined || !trusted.includes(c.author));
  for (const c of untrusted) {
    if (Object.keys(policyLines(c.content)).length > 0)
      refused.push(`convention ${c.conceptId} by ${c.author ?? 'no declared author'} is not from a trusted author; not applied`);
  }
  const pick = <K extends PolicyKey>(key: K): IntegrationPolicy[K] => {
    const allowed: readonly string[] = POLICY_VALUES[key];
    const task = fromTask[key];
    if (task !== undefined) {
      if (allowed.includes(task)) return { value: task, source: 'task' } as IntegrationPolicy[K];
      refused.push(`task ${key}: ${JSON.stringify(task.slice(0, 40))} is not one of ${allowed.join(', ')}; not applied`);
    }
    for (const { concept, lines } of byTrusted) {
      const value = lines[key];
      if (value === undefined) continue;
      if (allowed.includes(value)) return { value, source: 'convention', author: concept.author } as IntegrationPolicy[K];
      refused.push(`convention ${concept.conceptId} ${key}: ${JSON.stringify(value.slice(0, 40))} is not one of ${allowed.join(', ')}; not applied`);
    }
    return { value: DEFAULTS[key], source: 'default' } as IntegrationPolicy[K];
  };
  return { policy: { push_to: pick('push_to'), integrate: pick('integrate'), conflicts: pick('conflicts') }, refused };
}

/** The author a convention declares: the first `recorded_by:` of its header block (SPEC §concept_create). */
export function conventionAuthor(content: string): string | undefined {
  return headerValue(headerBlock(content), 'recorded_by');
}

/** The branch a fix must be merged into (SPEC §finding close "The target"): --target, else main under review, else push_to. */
export function targetBranch(given: string | undefined, policy: IntegrationPolicy | undefined, taskId: string | undefined): string {
  if (given) return given;
  if (!policy) return 'main';
  if (policy.integrate.value === 'review') return 'main';
  return policy.push_to.value === 'task' && taskId ? `task/${taskId}` : 'main';
}
