// What every ledger tool starts from: the decided workspace, its repository identity, and
// the open store, or the one-line store_unavailable answer that names why not.
import type { Notice, ToolAnswer, ToolContext } from './define-tool.ts';
import { storeScope, type LocalStore } from '../ledger/local-store.ts';
import { repoIdentity, type RepoIdentity } from '../identity/repo-identity.ts';
import { causeNotice, type Cause } from '../process/cause.ts';

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
