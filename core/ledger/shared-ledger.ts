// The seam for the shared half of the ledger (SPEC §get_problems recall, §record_finding's
// concept mint, §mark_complete's verdict and relevance writes). An entry point hands an
// implementation over in the services; without one every mixed tool names why the shared half
// did not run, in place of its output, and never fakes a recall.
import type { Cause } from '../process/cause.ts';

export interface RecalledFindingRow {
  conceptId: string;
  summary: string;
  severity: string;
  category: string;
  files: string[];
  findingIds: string[];
  recordedBy?: string;
  createdAt?: number;
  /** A live claim or pending fix, rendered as recall tags it. */
  tags: string[];
  closed?: { fixedIn?: string; retracted?: boolean };
}

export interface RecallAnswer {
  open: RecalledFindingRow[];
  closed: RecalledFindingRow[];
  truncated: boolean;
}

export interface FindingMint {
  repo: string;
  repoName: string;
  workspace: string;
  files: string[];
  lines?: string;
  severity: string;
  category: string;
  status: string;
  summary: string;
  details?: string;
  findingIds: string[];
  attribution: string[];
}

export interface VerdictWrite {
  findingId: string;
  conceptId?: string;
  lines: string[];
  summary: string;
  origin: 'local' | 'remote';
}

export type SharedResult<T> = { ok: true; value: T } | { ok: false; cause: Cause };

/** The operations the spec names for the shared ledger (concept-db through the attachment). */
export interface SharedLedger {
  // SPEC fetchAgentFindings (the get_problems recall): pending with the shared half.
  recall(query: { repo: string; repoName: string; filePath?: string; limit: number }): Promise<SharedResult<RecallAnswer>>;
  // SPEC postConcept (the code_finding mint): pending with the shared half.
  mintFinding(finding: FindingMint): Promise<SharedResult<{ conceptId: string }>>;
  writeVerdict(verdict: VerdictWrite): Promise<SharedResult<{ conceptId: string }>>;
  // SPEC recordConceptUsage (a verdict folded into relevance): pending with the shared half.
  recordConceptUsage(conceptId: string, outcome: 'success' | 'failure'): Promise<SharedResult<void>>;
  // SPEC fetchConceptById (a recalled concept as the conceptGraph root): pending with the shared half.
  fetchConceptById(conceptId: string): Promise<SharedResult<RecalledFindingRow | undefined>>;
}
