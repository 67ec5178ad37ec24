// What the local-tier tools read from the findings ledger (SPEC §analyze_impact "Appends up to
// 20 findings from the local store", §predict_cochanges, §search_codebase problems target).
// The ledger fills these in; until it does, they report that the store is not built, which the
// tools print instead of pretending there are no findings.

export interface LocalFindingLine {
  id: string;
  /** One rendered line: `[HIGH][security] src/a.ts:12 summary (agf_..., 2 d old)`. */
  line: string;
  severity: string;
  file: string;
}

export type LocalFindingsAnswer =
  | { ok: true; findings: LocalFindingLine[]; total: number }
  | { ok: false; cause: string };

/** Open local findings on these workspace-relative files, most severe first. */
export async function localFindingsForFiles(
  _workspaceRoot: string,
  _relFiles: string[],
  _limit: number,
): Promise<LocalFindingsAnswer> {
  return { ok: false, cause: 'store_unavailable: the local findings store is not built in this release' };
}

/** Open local findings matching a keyword query (brief, category, file path). */
export async function searchLocalFindings(
  _workspaceRoot: string,
  _query: string,
  _fileFilter: string[] | undefined,
  _limit: number,
): Promise<LocalFindingsAnswer> {
  return { ok: false, cause: 'store_unavailable: the local findings store is not built in this release' };
}
