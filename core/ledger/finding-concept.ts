// The shared ledger's two concept shapes as text (SPEC §record_finding, §mark_complete): a
// code_finding's content and summary, a finding_verdict's, and their reading back. Declared
// fields come from the header block only (concept-content.ts), so a body never supplies them.
import { headerBlock, headerValue, plainConceptId, type HeaderBlock } from '../substrate/concept-content.ts';
import { escapeControlChars } from '../process/control-chars.ts';

export const FINDING_SHAPE = 'code_finding';
export const VERDICT_SHAPE = 'finding_verdict';
export const LEDGER_SOURCE_TYPE = 'metabob_annotation';

export interface FindingMint {
  repo: string;
  repoName: string;
  /** The workspace as sent: its path with this user's home shown as `~`. */
  workspace: string;
  files: string[];
  lines?: string;
  severity: string;
  category: string;
  status: string;
  summary: string;
  details?: string;
  findingIds: string[];
  /** recorded_by (omitted with no identity) and session (SPEC @attributionLines). */
  attribution: string[];
}

/** `[HIGH][security] repo-name: summary` (SPEC §record_finding), one line whatever its parts held. */
export function findingSummary(f: Pick<FindingMint, 'severity' | 'category' | 'repoName' | 'summary'>): string {
  return escapeControlChars(`[${f.severity}][${f.category}] ${f.repoName}: ${f.summary}`);
}

/**
 * Header lines as written: each escaped to one line, so no value (a file name, a workspace
 * directory, an origin URL from git config, an identity from the environment) can end the block
 * or add a field of its own that a reader's first match would take (SPEC §concept_create
 * "Readers follow the same rule"); a blank line, which would end the block early, is dropped.
 * Callers refuse or escape first; this holds for every caller.
 */
export function headerLines(lines: string[]): string[] {
  return lines.map(escapeControlChars).filter((line) => line.trim() !== '');
}

/** The author first, so every reader's first match is the stamp, then the declared fields, a blank line and the details. */
export function findingContent(f: FindingMint): string {
  const header = [
    ...f.attribution,
    `repo: ${f.repo}`,
    `repo_name: ${f.repoName}`,
    `workspace: ${f.workspace}`,
    `files: ${headerList(f.files)}`,
    ...(f.lines ? [`lines: ${f.lines}`] : []),
    `severity: ${f.severity}`,
    `category: ${f.category}`,
    `status: ${f.status}`,
    `finding_ids: ${f.findingIds.join(', ')}`,
    `summary: ${f.summary}`,
  ];
  return `${headerLines(header).join('\n')}\n\n${f.details?.trim() || f.summary}`;
}

/**
 * A list field's value: the items joined by `, `, each with `\` and `,` escaped by a backslash.
 * A file may be named `a.ts, src/b.ts`; joined raw, every reader would take it for two files
 * and the finding would be recalled on files it is not on (SPEC §record_finding).
 */
export function headerList(items: string[]): string {
  return items.map((item) => item.replace(/[\\,]/g, (ch) => `\\${ch}`)).join(', ');
}

/**
 * `headerList` read back: split at each comma no backslash escapes, `\\` and `\,` read as the
 * character they escape, items trimmed and empty ones dropped. Any other backslash is kept as
 * written, so a header written before names were escaped (`src/a.ts, src/b.ts`, a Windows-style
 * `dir\a.ts`) reads exactly as it always did.
 */
export function parseHeaderList(value: string): string[] {
  const items: string[] = [];
  let item = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const next = value[i + 1];
    if (ch === '\\' && (next === '\\' || next === ',')) {
      item += next;
      i++;
    } else if (ch === ',') {
      items.push(item);
      item = '';
    } else item += ch;
  }
  items.push(item);
  return items.map((s) => s.trim()).filter(Boolean);
}

function listValue(block: HeaderBlock, key: string): string[] {
  const value = headerValue(block, key);
  return value ? parseHeaderList(value) : [];
}

/** A recalled code_finding as the ledger reads it. */
export interface FindingConcept {
  conceptId: string;
  repo: string | undefined;
  repoName: string | undefined;
  workspace: string | undefined;
  /** The files as recorded (mapped to this checkout's names by the recall). */
  files: string[];
  lines: string | undefined;
  severity: string;
  category: string;
  summary: string;
  findingIds: string[];
  recordedBy: string | undefined;
  session: string | undefined;
  createdAt: number | undefined;
  relevance: number | undefined;
}

const SEVERITY_WORDS = new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']);

/** The summary after `[severity][category] <repo>: `, and the severity and category it names. */
export function splitFindingSummary(summary: string): { severity?: string; category?: string; text: string } {
  const m = /^\[([A-Za-z]{1,16})\]\[([^\]\n]{0,80})\]\s?/.exec(summary);
  if (!m) return { text: summary };
  const rest = summary.slice(m[0].length);
  const colon = rest.indexOf(': ');
  // The repo name has no spaces; a colon further in is the summary's own.
  const text = colon > 0 && !/\s/.test(rest.slice(0, colon)) ? rest.slice(colon + 2) : rest;
  return { severity: m[1]!.toUpperCase(), category: m[2], text };
}

export function parseFindingConcept(row: Record<string, unknown>): FindingConcept | undefined {
  const conceptId = plainConceptId(row.id);
  if (!conceptId) return undefined;
  const block = headerBlock(row.content);
  const split = splitFindingSummary(typeof row.summary === 'string' ? row.summary : '');
  const severity = (headerValue(block, 'severity') ?? split.severity ?? 'INFO').toUpperCase();
  const created = typeof row.created_at === 'string' ? Date.parse(row.created_at) : NaN;
  return {
    conceptId,
    repo: headerValue(block, 'repo'),
    repoName: headerValue(block, 'repo_name'),
    workspace: headerValue(block, 'workspace'),
    files: listValue(block, 'files'),
    lines: headerValue(block, 'lines'),
    severity: SEVERITY_WORDS.has(severity) ? severity : 'INFO',
    category: headerValue(block, 'category') ?? split.category ?? 'uncategorized',
    summary: headerValue(block, 'summary') ?? split.text,
    findingIds: listValue(block, 'finding_ids').filter((id) => id.startsWith('agf_')),
    recordedBy: headerValue(block, 'recorded_by'),
    session: headerValue(block, 'session'),
    createdAt: Number.isFinite(created) ? created : undefined,
    relevance: typeof row.relevance === 'number' ? row.relevance : undefined,
  };
}

export type VerdictKind = 'endorsed' | 'discarded' | 'pending' | 'claimed' | 'withdrawn' | 'other';

/** A finding_verdict as the ledger reads it: verdicts, pending fixes and claims alike. */
export interface VerdictConcept {
  conceptId: string;
  kind: VerdictKind;
  /** The `verdict:` line as written (`fix pending (unpushed)`, `claim withdrawn`, ...). */
  verdict: string;
  findingIds: string[];
  /** The finding's concept, when the verdict names it. */
  findingConcept: string | undefined;
  reviewedBy: string | undefined;
  session: string | undefined;
  origin: string | undefined;
  fixCommit: string | undefined;
  fixBranch: string | undefined;
  fixPushed: string | undefined;
  fixTarget: string | undefined;
  createdAt: number | undefined;
  /** Every header field, for readers with their own lines (claim_minutes, claim_until). */
  block: HeaderBlock;
  row: Record<string, unknown>;
}

function verdictKind(verdict: string): VerdictKind {
  const v = verdict.toLowerCase();
  if (v === 'endorsed' || v === 'discarded' || v === 'claimed') return v;
  if (v.startsWith('fix pending')) return 'pending';
  if (v === 'claim withdrawn' || v === 'withdrawn') return 'withdrawn';
  return 'other';
}

export function parseVerdictConcept(row: Record<string, unknown>): VerdictConcept | undefined {
  const conceptId = plainConceptId(row.id);
  if (!conceptId) return undefined;
  const block = headerBlock(row.content);
  const verdict = headerValue(block, 'verdict');
  if (!verdict) return undefined;
  const ids = [...listValue(block, 'finding_ids'), ...listValue(block, 'finding_id')];
  const fix = headerValue(block, 'fix');
  const created = typeof row.created_at === 'string' ? Date.parse(row.created_at) : NaN;
  const findingConcept = headerValue(block, 'finding_concept');
  return {
    conceptId,
    kind: verdictKind(verdict),
    verdict,
    findingIds: [...new Set(ids.filter((id) => id.startsWith('agf_')))],
    findingConcept: findingConcept ? plainConceptId(findingConcept) : undefined,
    reviewedBy: headerValue(block, 'reviewed_by'),
    session: headerValue(block, 'session'),
    origin: headerValue(block, 'origin'),
    fixCommit: fix ? /^commit ([0-9a-f]{7,40})\b/i.exec(fix)?.[1]?.toLowerCase() : undefined,
    fixBranch: headerValue(block, 'fix_branch'),
    fixPushed: headerValue(block, 'fix_pushed'),
    fixTarget: headerValue(block, 'fix_target'),
    createdAt: Number.isFinite(created) ? created : undefined,
    block,
    row,
  };
}

export interface VerdictWrite {
  /** The finding's agf_* ids; the verdict is keyed on them, never on the concept id. */
  findingIds: string[];
  /** The finding's code_finding concept, when it has one: the derived_from link's target. */
  conceptId?: string;
  /** The verdict's own lines (verdict, fix_*, repo, files, reviewed_by, session, origin). */
  lines: string[];
  summary: string;
  /** false: not linked now (a claim is linked once it is settled as held; a lost one never, SPEC @link-verdict). */
  link?: boolean;
}

/** The verdict's content: its lines, the finding it is keyed on, then a blank line. */
export function verdictContent(v: VerdictWrite, at: string): string {
  const header = [...v.lines, `finding_ids: ${v.findingIds.join(', ')}`, ...(v.conceptId ? [`finding_concept: ${plainConceptId(v.conceptId)}`] : [])];
  // The time keeps two identical verdicts (a renewed pending fix) from deduplicating into one row.
  return `${headerLines(header).join('\n')}\n\n${v.summary} ${v.findingIds[0] ?? ''} at ${at}`;
}
