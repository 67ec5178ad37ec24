// The services one process runs on (ARCHITECTURE "Services"; STYLE habit 12): each entry point
// (stdio server, headless `call`, a test) builds one set at start and hands it to the boundary,
// which passes it to every tool through the call context. Nothing here formats agent text.
import { EventEmitter } from 'node:events';
import { log, type Logger } from '../log.ts';
import { sessionId, sessionStartedAt, BaselineCharges } from '../process/session.ts';
import { WorkspaceState } from '../workspace/workspace.ts';
import { LocalStoreService } from '../ledger/local-store.ts';
import { IndexService } from '../index/index-service.ts';
import { openExtractionCache } from './warm-start-cache.ts';
import { AuthorIdentityService } from '../identity/vessel-identity.ts';
import type { AttachmentPort } from '../attachment/port.ts';
import type { SharedLedger } from '../ledger/shared-ledger.ts';
import { ConceptLedger, type ClaimTagger } from '../ledger/concept-ledger.ts';
import { recallClaimTag } from '../ledger/claims.ts';
import { ConceptDbClient } from '../substrate/concept-db.ts';
import type { ConfigReport } from '../config/config-report.ts';
import { CallTally } from './call-tally.ts';
import { GapReadCache } from '../substrate/gap-cache.ts';
import type { GapSnapshot } from '../substrate/gap-activity.ts';
import { SidecarQueueService } from '../ledger/sidecar-queue.ts';

export interface Clock {
  now(): number;
}

export interface Services {
  readonly env: NodeJS.ProcessEnv;
  readonly sessionId: string;
  readonly sessionStartedAt: number;
  readonly log: Logger;
  readonly clock: Clock;
  /** The configuration the entry point applied (SPEC §apply-configuration); absent in tests that skip it. */
  readonly config: ConfigReport | undefined;
  readonly workspace: WorkspaceState;
  readonly store: LocalStoreService;
  readonly index: IndexService;
  readonly author: AuthorIdentityService;
  /** Absent: every substrate tool is refused with not_configured (SPEC §attachment "The gate"). */
  readonly attachment: AttachmentPort | undefined;
  /** Absent: the mixed tools name why their shared half did not run. */
  readonly sharedLedger: SharedLedger | undefined;
  /** Files already counted in a tokens_saved baseline this session. */
  readonly charges: BaselineCharges;
  /** Whether this process's loopback HTTP server listens (capability tags `loopback_http`, `sse`, ...). */
  readonly loopback: { listening: boolean };
  /** Whether the OTLP receiver accepted this process's last trace export (capability `traces_otlp`). */
  readonly traces: { exporting: boolean };
  /** One `call` event per finished tool call, for metrics and the event stream. */
  readonly calls: EventEmitter;
  /** Every call of the session by tool and outcome, from its first (GET /v1/metrics). */
  readonly tally: CallTally;
  /** What this session has already warned about once (e.g. a call log it cannot write). */
  readonly warnedOnce: Set<string>;
  /** The gap store's whole-store read, shared by concurrent callers (SPEC §path_activity "Read"). */
  readonly gapReads: GapReadCache<GapSnapshot>;
  /** The agent-resolver queue in sidecar.db (SPEC §Agent-resolver tools), opened on first use. */
  readonly sidecar: SidecarQueueService;
}

export interface ServicesOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  config?: ConfigReport;
  clock?: Clock;
  /** Builds the attachment from the other services; leave out for a process with none. */
  attachment?: (services: Omit<Services, 'attachment'>) => AttachmentPort;
  /** Replaces the shared ledger built over the attachment (concept-db through its one ingress). */
  sharedLedger?: SharedLedger;
  /** The claim tag recall shows on an open finding (SPEC §claim_finding); none without it. */
  claimTag?: ClaimTagger;
  /** Where the store's close and other undo steps are registered (the process's shutdown). */
  onShutdown?: (cleanup: () => void | Promise<void>) => void;
}

export function createServices(options: ServicesOptions = {}): Services {
  const env = options.env ?? process.env;
  const clock = options.clock ?? { now: Date.now };
  const extractionCache = openExtractionCache(env);
  // The warm-start cache is written after init_workspace answers; a client that closes right
  // after still gets it written (within shutdown's budget).
  if (extractionCache) options.onShutdown?.(() => extractionCache.flush());
  const base = {
    env,
    sessionId,
    sessionStartedAt,
    log,
    clock,
    config: options.config,
    workspace: new WorkspaceState(env, options.cwd ?? process.cwd()),
    store: new LocalStoreService(env, options.onShutdown),
    index: new IndexService(extractionCache),
    author: new AuthorIdentityService(env),
    sharedLedger: options.sharedLedger,
    charges: new BaselineCharges(),
    loopback: { listening: false },
    traces: { exporting: false },
    calls: new EventEmitter(),
    tally: new CallTally(),
    warnedOnce: new Set<string>(),
    gapReads: new GapReadCache<GapSnapshot>(clock, (key, failure) =>
      log.warn(`gap store refresh (${key}) failed: ${(failure as { line?: string }).line ?? String(failure)}`),
    ),
    sidecar: new SidecarQueueService(env, options.onShutdown),
  };
  const attachment = options.attachment?.(base);
  // The shared ledger exists only over an attachment; sharedLedgerOf runs it only while attached.
  const sharedLedger =
    options.sharedLedger ??
    (attachment
      ? new ConceptLedger(new ConceptDbClient((pointer, opts) => attachment.resolve(pointer, opts)), {
          sessionId,
          claimTag: options.claimTag ?? recallClaimTag,
        })
      : undefined);
  return { ...base, sharedLedger, attachment };
}
