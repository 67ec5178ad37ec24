// Keeps the edit news (identity/edit-news.ts) in step with the ledger: after every tool call, the
// open findings of the decided workspace that other sessions recorded and that no answer of this
// session has shown yet (by id), by file, and the files this session asked get_problems about. The edit check reads it before the agent's first edit of a
// file (READING-NOTES §"The attached marker and the edit check"). Removed at shutdown with the marker.
import type { EventEmitter } from 'node:events';
import type { WorkspaceState } from '../workspace/workspace.ts';
import type { LocalStoreService } from '../ledger/local-store.ts';
import { storeScope } from '../ledger/local-store.ts';
import { openFindingsPage } from '../ledger/open-findings-page.ts';
import { removeEditNews, writeEditNews } from '../identity/edit-news.ts';
import { isAbsolute, relative } from 'node:path';
import { log } from '../log.ts';

/** Emitted on `services.calls` as `answered` after every call, for what reads the arguments in process. */
export interface AnsweredCall {
  tool: string | undefined;
  args: unknown;
  /** The text the agent was shown. */
  text: string;
}

/** A finding id anywhere in an answer's text: `agf_` and the tail record_finding mints. */
const FINDING_ID_IN_TEXT = /\bagf_[A-Za-z0-9_-]{1,64}/g;

/** The most findings the news carries: the check speaks of a file's few most severe, not of thousands. */
const NEWS_FINDINGS = 200;
/** Lines per file in the news. */
const LINES_PER_FILE = 3;

export interface EditNewsInputs {
  env: NodeJS.ProcessEnv;
  sessionId: string;
  workspace: WorkspaceState;
  store: LocalStoreService;
  calls: EventEmitter;
  /** Calls answered before this service started, in order: they count as if heard live. */
  earlier?: AnsweredCall[];
  onShutdown(cleanup: () => void): void;
}

export function startEditNewsService({ env, sessionId, workspace, store, calls, earlier = [], onShutdown }: EditNewsInputs): void {
  const asked = new Set<string>();
  const shown = new Set<string>();
  const written = new Set<string>();
  let refreshing = Promise.resolve();

  const refresh = async () => {
    const decision = workspace.decideNow();
    if (!decision.decided || workspace.inPluginFolder(decision.path)) return;
    const root = decision.path;
    const opened = await store.open();
    if (!opened.ok) return;
    const files: Record<string, string[]> = {};
    const { page } = openFindingsPage(opened.store, storeScope(root), {}, NEWS_FINDINGS);
    for (const group of page) {
      for (const seed of group.seeds) {
        // A finding this session recorded, or one an answer already showed it, is no news to it.
        if (seed.session === sessionId || shown.has(seed.id)) continue;
        const lines = (files[seed.file] ??= []);
        if (lines.length < LINES_PER_FILE) lines.push(`${seed.id} [${seed.severity}, ${seed.category}] ${seed.summary.slice(0, 200)}`);
      }
    }
    // A moved workspace's news goes, as its marker does.
    for (const old of written) if (old !== root) removeEditNews(old, env);
    written.clear();
    writeEditNews({ session_id: sessionId, workspace: root, written_at: new Date().toISOString(), files, asked: [...asked] }, env);
    written.add(root);
  };

  // One refresh at a time, in call order.
  const enqueue = () => {
    refreshing = refreshing.then(refresh).catch((err: unknown) => log.debug(`edit news not written: ${(err as Error).message}`));
  };
  const heard = (call: AnsweredCall) => {
    const filePath = (call.args as { file_path?: unknown } | null)?.file_path;
    const decision = workspace.decideNow();
    if (call.tool === 'get_problems' && typeof filePath === 'string' && decision.decided)
      asked.add(isAbsolute(filePath) ? relative(decision.path, filePath) : filePath.trim());
    for (const id of call.text.match(FINDING_ID_IN_TEXT) ?? []) shown.add(id);
  };
  for (const call of earlier) heard(call);
  calls.on('answered', (call: AnsweredCall) => {
    heard(call);
    enqueue();
  });
  // Before any call too: an agent that never calls a ledger tool still hears of what is open.
  workspace.onChange(enqueue);
  enqueue();
  onShutdown(() => {
    for (const root of written) removeEditNews(root, env);
  });
}
