// The seam for the shared half of the ledger (SPEC §get_problems recall, §record_finding's
// concept mint, §mark_complete's verdict and relevance writes). An entry point hands an
// implementation over in the services (concept-ledger.ts over the attachment); without one, or
// unattached, every mixed tool names why the shared half did not run and never fakes a recall.
import type { Cause } from '../process/cause.ts';
import type { FindingConcept, FindingMint, VerdictConcept, VerdictWrite } from './finding-concept.ts';

export type { FindingMint, VerdictWrite, FindingConcept, VerdictConcept };

export interface RecalledFindingRow {
  conceptId: string;
  /** The summary after `[severity][category] <repo>: `. */
  summary: string;
  severity: string;
  category: string;
  /** The files as this checkout names them (SPEC @repo-aliases). */
  files: string[];
  findingIds: string[];
  recordedBy?: string;
  createdAt?: number;
  /** In category task: work on the ledger, listed apart. */
  task: boolean;
  /** A live claim or a pending fix, as recall tags it (without the brackets). */
  tags: string[];
  /** A closed finding: its tag (`[FIXED in <sha>]`, `[FIXED]`, `[RETRACTED]`) and the note when the fix is not in this checkout's HEAD. */
  closed?: { retracted: boolean; fixedIn?: string; tag: string; note?: string };
  /** The verdicts read for it, claims included (claim_finding reads them). */
  verdicts: VerdictConcept[];
}

export interface RecallQuery {
  /** The decided workspace (its checkout shape, and where HEAD is asked about a fix). */
  root: string;
  filePath?: string;
  severity?: string[];
  category?: string[];
  /** This checkout's author, for "yours" and "in this checkout" wording. */
  vesselId?: string;
}

export interface RecallAnswer {
  open: RecalledFindingRow[];
  closed: RecalledFindingRow[];
  openTasks: RecalledFindingRow[];
  closedTasks: RecalledFindingRow[];
  /** The findings' window was full at its last page: older findings with no credit fall out. */
  truncated: boolean;
  /** The verdict window was full, so matched findings' linked verdicts were read too. */
  verdictsTruncated: boolean;
}

export type SharedResult<T> = { ok: true; value: T } | { ok: false; cause: Cause };

/** The operations the spec names for the shared ledger (concept-db through the attachment). */
export interface SharedLedger {
  recall(query: RecallQuery): Promise<SharedResult<RecallAnswer>>;
  mintFinding(finding: FindingMint): Promise<SharedResult<{ conceptId: string }>>;
  /** The verdict, and its derived_from link to the finding (best-effort: `linked` says). */
  writeVerdict(verdict: VerdictWrite): Promise<SharedResult<{ conceptId: string; linked: boolean }>>;
  recordConceptUsage(conceptId: string, outcome: 'success' | 'failure'): Promise<SharedResult<void>>;
  fetchConceptById(conceptId: string): Promise<SharedResult<FindingConcept | undefined>>;
  /** One finding's verdicts and claims: the window's rows, with its linked ones when the window is full. */
  verdictsFor(finding: { conceptId?: string; findingIds: string[] }): Promise<SharedResult<{ verdicts: VerdictConcept[]; truncated: boolean }>>;
  /** Requests sent by shape since the process started (the recall bench reads it). */
  readonly counts: Readonly<Record<string, number>>;
}
