// What every ledger tool starts from: the decided workspace, its repository identity, and
// the open store, or the one-line store_unavailable answer that names why not.
import type { Notice, ToolAnswer, ToolContext } from './define-tool.ts';
import { storeScope, type LocalStore } from '../ledger/local-store.ts';
import { repoIdentity, type RepoIdentity } from '../identity/repo-identity.ts';
import { cause, causeNotice, type Cause } from '../process/cause.ts';

export interface LedgerScope {
  /** The workspace as decided (where git runs). */
  root: string;
  /** The key seeds are scoped by (the workspace's real path). */
  scope: string;
  repo: RepoIdentity;
}

/** The ledger's scope for this call: the decided workspace, its store key and repository identity. */
export async function ledgerScope(ctx: ToolContext): Promise<LedgerScope> {
  const decision = ctx.workspace;
  // The boundary's workspace gate refuses every ledger tool before an undetermined workspace.
  if (!decision.decided) throw new Error(`ledger tool ran with the workspace undetermined: ${decision.refusal}`);
  const root = decision.path;
  return { root, scope: storeScope(root), repo: await repoIdentity(root) };
}

export type StoreOrAnswer = { ok: true; store: LocalStore } | { ok: false; cause: string; answer: ToolAnswer };

/** The store_unavailable notice: the store's path and the workspace are what an agent (or doctor) acts on. */
export function storeUnavailableNotice(ctx: ToolContext, cause: string): Notice {
  const decision = ctx.workspace;
  return {
    code: 'store_unavailable',
    severity: 'error',
    message: cause,
    data: { store_path: ctx.services.store.path(), ...(decision.decided ? { workspace: decision.path } : {}) },
  };
}

export function storeUnavailableAnswer(ctx: ToolContext, cause: string, text = cause): ToolAnswer {
  return { text, isError: true, emptyReason: 'store_unavailable', diagnosis: [storeUnavailableNotice(ctx, cause)] };
}

export async function ledgerStore(ctx: ToolContext): Promise<StoreOrAnswer> {
  const opened = await ctx.services.store.open();
  if (opened.ok) return opened;
  return { ok: false, cause: opened.cause, answer: storeUnavailableAnswer(ctx, opened.cause) };
}

/** The recall that did not run, as an info notice naming what it would have read. */
export function recallNotRunNotice(c: Cause, scope: LedgerScope, filePath?: string): Notice {
  const data = { repo: scope.repo.identity, repo_name: scope.repo.name, ...(filePath ? { file_path: filePath } : {}), ...c.data };
  return { ...causeNotice(c, 'info', `recall not run: ${c.line}`), data };
}

/**
 * A write keyed by repository refused while git cannot say what the repository is (SPEC
 * §Repository identity: the basename stands for "no origin", never for "git failed"): a finding
 * written under the basename would be recalled by every repository of that name and by no clone
 * of its own origin. Undefined when the identity is known.
 */
export function unknownRepositoryAnswer(tool: string, scope: LedgerScope): ToolAnswer | undefined {
  if (scope.repo.source !== 'unknown') return undefined;
  const line =
    `repository_unknown: git could not read the origin of ${scope.root} (${scope.repo.failure}); ${tool} keys the ledger by repository and wrote nothing under a guessed identity. ` +
    'Fix git for this checkout (for "dubious ownership": git config --global --add safe.directory <path>), then call it again';
  const notice = causeNotice(cause('repository_unknown', line, { tool, workspace: scope.root, git: scope.repo.failure ?? null }));
  return { text: line, isError: true, result: 'refused', diagnosis: [notice] };
}
