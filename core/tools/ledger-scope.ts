// What every ledger tool starts from: the decided workspace, its repository identity, and
// the open store, or the one-line store_unavailable answer that names why not.
import type { ToolAnswer, ToolContext } from './define-tool.ts';
import { storeScope, type LocalStore } from '../ledger/local-store.ts';
import { repoIdentity, type RepoIdentity } from '../identity/repo-identity.ts';

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

export function storeUnavailableAnswer(cause: string, text = cause): ToolAnswer {
  return {
    text,
    isError: true,
    emptyReason: 'store_unavailable',
    diagnosis: [{ code: 'store_unavailable', severity: 'error', message: cause }],
  };
}

export async function ledgerStore(ctx: ToolContext): Promise<StoreOrAnswer> {
  const opened = await ctx.services.store.open();
  if (opened.ok) return opened;
  return { ok: false, cause: opened.cause, answer: storeUnavailableAnswer(opened.cause) };
}
