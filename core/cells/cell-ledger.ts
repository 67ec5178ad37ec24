// What a cell's two steps need of the shared ledger (SPEC §task pull, §finding close): the
// repository's open findings and tasks with their claims, claim_finding's rule, conventions,
// and the verdicts close by commit writes. One implementation reads them through the
// attachment (shared-cell-ledger.ts); the steps themselves never speak concept-db.
import type { ConventionConcept } from './task-policy.ts';

export interface CellFinding {
  /** The agf_* id the finding is keyed on. */
  findingId: string;
  conceptId?: string;
  findingIds: string[];
  summary: string;
  severity: string;
  category: string;
  files: string[];
  details: string;
  recordedBy?: string;
  createdAt?: number;
  /** A live claim: who holds it and until when (ms). */
  claim?: { holder: string; until: number };
  /** A fix is pending (uncommitted, unpushed or awaiting merge somewhere). */
  pending?: boolean;
  closed?: boolean;
}

export type ClaimOutcome =
  | { state: 'held'; holder: string; until: number }
  /** Another claimer holds it (until), the claim could not be settled yet, or it was refused. */
  | { state: 'lost' | 'unsettled' | 'refused'; line: string; holder?: string; until?: number };

export type LedgerRead<T> = { ok: true; value: T } | { ok: false; line: string };

export interface CellLedger {
  /** This process's vessel id (VESSEL_ID, else derived from the key and the work directory). */
  readonly vesselId: string | undefined;
  /**
   * The repository's open findings (tasks and others) with their claims, the super-repo / vessel
   * aliases included, their files as the recall's checkout names them.
   */
  openFindings(): Promise<LedgerRead<CellFinding[]>>;
  /** claim_finding's rule: a claim written, read back and settled. */
  claim(finding: CellFinding, minutes: number): Promise<ClaimOutcome>;
  /** Ends this cell's claim (claim_finding release). */
  withdraw(finding: CellFinding): Promise<LedgerRead<void>>;
  /** project_convention concepts recorded for the repository, newest first. */
  conventions(repos: string[]): Promise<LedgerRead<ConventionConcept[]>>;
  /** One finding by its agf_* id, open or closed, or undefined when the ledger has none. */
  finding(findingId: string): Promise<LedgerRead<CellFinding | undefined>>;
  /** The endorse of close by commit: mark_complete's checks against `origin/<target>`, fix_via: trailer. */
  endorse(finding: CellFinding, commit: string, target: string, workDir: string): Promise<LedgerRead<string>>;
  /** verdict: fix pending (awaiting merge) with fix_target:. */
  awaitingMerge(finding: CellFinding, commit: string, target: string, remoteBranches: string[]): Promise<LedgerRead<string>>;
}

const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** Severity order for candidates: critical first; an unknown severity last. */
export function severityRank(severity: string): number {
  return SEVERITY_RANK[severity.toLowerCase()] ?? 5;
}
