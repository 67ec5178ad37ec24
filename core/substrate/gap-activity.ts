// SPEC §path_activity: what the gap store's rows say about a path, as data (the text lives with
// the tools). The store names files super-repo-relative, repos/<vessel>/<path>, in a gap's
// classification_metadata.edit_site and in its goal and summary text (substrate-contract §7.2);
// the hold and the landing lease sit where §7.3 guesses them, so both are read tolerantly.

/** A lease is lapsed only this long past its until, so a slightly fast local clock never frees a landing early. */
export const LEASE_SKEW_MS = 2 * 60_000;

const PARKING = new Set(['needs_information', 'needs_info', 'awaiting_operator_review']);
const AWAITING_VERDICT = new Set(['awaiting_verdict', 'landed_awaiting_verdict', 'verdict_pending']);
/** A repos/<vessel>/… path in goal or summary text: one character class, bounded, so linear. */
const MENTION = /repos\/([A-Za-z0-9._-]{1,100})\/[A-Za-z0-9._/-]{0,400}/g;
const MAX_TEXT = 8_000;

export interface Gap {
  id: string;
  category: string;
  route: string;
  status: string;
  editSite: string | undefined;
  /** The goal and summary text a path can be mentioned in (capped). */
  text: string;
  /** remedy.vessel, lowercased, when the remedy names one. */
  remedyVessel: string | undefined;
  /** updated_at || created_at || detected_at, as epoch ms (0 when none parses). */
  at: number;
  closedAt: string | undefined;
  raw: Record<string, unknown>;
}

export type GapState =
  | { kind: 'landing'; holder: string; attempt: unknown; until: number }
  | { kind: 'held'; reason: string; reviewBy: string | undefined; lift: string | undefined }
  | { kind: 'queued'; lapsed?: { holder: string; until: number }; staleLease?: { holder: string; attempt: unknown } };

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function time(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(t) ? t : 0;
}

/** A store path in one form: forward slashes, no leading ./ or /, no trailing slash. */
export function normalizeStorePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
}

/** One row read tolerantly; null for a row without an id. */
export function gapOf(row: unknown): Gap | null {
  const r = obj(row);
  const id = str(r?.id);
  if (!r || !id) return null;
  const meta = obj(r.classification_metadata) ?? {};
  const remedy = obj(r.remedy);
  const site = str(meta.edit_site) ?? str(meta.file_path);
  const text = [r.goal_text, r.goal, remedy?.goal, r.summary].filter((t): t is string => typeof t === 'string').join('\n');
  return {
    id,
    category: str(r.category) ?? 'uncategorized',
    route: str(r.route) ?? 'no route',
    status: str(r.status) ?? 'open',
    editSite: site ? normalizeStorePath(site) : undefined,
    text: text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text,
    remedyVessel: str(remedy?.vessel)?.toLowerCase(),
    at: time(r.updated_at) || time(r.created_at) || time(r.detected_at),
    closedAt: str(r.closed_at),
    raw: r,
  };
}

function holdOf(gap: Gap): GapState | undefined {
  const meta = obj(gap.raw.classification_metadata) ?? {};
  const hold = meta.operator_hold ?? gap.raw.operator_hold;
  const disposition = str(meta.disposition) ?? str(gap.raw.disposition);
  const landing = str(meta.landing_state) ?? str(obj(meta.landing)?.status);
  if (!hold && !(disposition && PARKING.has(disposition)) && !(landing && AWAITING_VERDICT.has(landing))) return undefined;
  const record = obj(hold) ?? {};
  const reason =
    str(record.reason) ?? (typeof hold === 'string' ? hold : undefined) ?? disposition ?? (landing ? 'a landing awaiting its verdict' : 'operator hold');
  return {
    kind: 'held',
    reason,
    reviewBy: str(record.review_by) ?? str(record.reviewBy) ?? str(meta.review_by),
    lift: str(record.lift) ?? str(record.lift_condition) ?? str(meta.lift),
  };
}

// SPEC §path_activity "being landed": a live landing lease; the store keeps it after its until.
export function gapState(gap: Gap, now: number): GapState {
  const meta = obj(gap.raw.classification_metadata) ?? {};
  const lease = obj(meta.landing_lease) ?? obj(gap.raw.landing_lease);
  if (lease) {
    const holder = str(lease.holder) ?? 'an unnamed holder';
    const until = time(lease.until);
    if (!until) return holdOf(gap) ?? { kind: 'queued', staleLease: { holder, attempt: lease.attempt } };
    if (now <= until + LEASE_SKEW_MS) return { kind: 'landing', holder, attempt: lease.attempt, until };
    return holdOf(gap) ?? { kind: 'queued', lapsed: { holder, until } };
  }
  return holdOf(gap) ?? { kind: 'queued' };
}

/** One store read, indexed once: rows by edit site and by the repos/… paths their text mentions. */
export interface GapSnapshot {
  gaps: Gap[];
  bySite: Map<string, Gap[]>;
  /** Every distinct edit site, sorted, for directory lookups by prefix. */
  sites: string[];
  /** repos/… paths named in goal or summary text, and the gaps naming each; sorted keys in `mentioned`. */
  byMention: Map<string, Gap[]>;
  mentioned: string[];
  /** Open gaps with no edit site (the unplaced ones a path with no gap may concern). */
  unplaced: Gap[];
  vesselsNamed: Set<string>;
  /** The store answered as many rows as asked for: counts may be short. */
  truncated: boolean;
}

function push(map: Map<string, Gap[]>, key: string, gap: Gap): void {
  const list = map.get(key);
  if (!list) map.set(key, [gap]);
  else if (list[list.length - 1] !== gap) list.push(gap);
}

export function snapshotOf(rows: unknown[], limit: number): GapSnapshot {
  const gaps = rows.map(gapOf).filter((g): g is Gap => g !== null);
  gaps.sort((a, b) => b.at - a.at);
  const bySite = new Map<string, Gap[]>();
  const byMention = new Map<string, Gap[]>();
  const vesselsNamed = new Set<string>();
  const unplaced: Gap[] = [];
  for (const gap of gaps) {
    if (gap.editSite) {
      push(bySite, gap.editSite, gap);
      const m = /^repos\/([^/]+)\//.exec(gap.editSite);
      if (m) vesselsNamed.add(m[1].toLowerCase());
    } else if (gap.status === 'open') unplaced.push(gap);
    if (gap.remedyVessel) vesselsNamed.add(gap.remedyVessel);
    for (const m of gap.text.matchAll(MENTION)) {
      const path = m[0].replace(/[.,;:)]+$/, '');
      push(byMention, path, gap);
      vesselsNamed.add(m[1].toLowerCase());
    }
  }
  const sorted = (map: Map<string, Gap[]>) => [...map.keys()].sort();
  return { gaps, bySite, sites: sorted(bySite), byMention, mentioned: sorted(byMention), unplaced, vesselsNamed, truncated: rows.length >= limit };
}

/** The keys of a sorted list that are `path` or lie under it (binary search to the first, then a walk). */
function keysAtOrUnder(keys: string[], path: string): string[] {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] < path) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < keys.length && keys[i].startsWith(path); i++) if (keys[i] === path || keys[i][path.length] === '/') out.push(keys[i]);
  return out;
}

export type MatchKind = 'edit site' | 'in directory' | 'mentions';
export interface PathMatch {
  gap: Gap;
  how: MatchKind;
}

const newestFirst = (a: Gap, b: Gap) => b.at - a.at;

/** The gaps naming a store path: edit site first, then an edit site under it, then a mention; each newest first. */
export function gapsOnPath(snapshot: GapSnapshot, storePath: string): PathMatch[] {
  const path = normalizeStorePath(storePath);
  const exact = snapshot.bySite.get(path) ?? [];
  const seen = new Set(exact.map((g) => g.id));
  const take = (list: Gap[]) => list.filter((g) => !seen.has(g.id) && seen.add(g.id));
  const under = take(
    keysAtOrUnder(snapshot.sites, path)
      .filter((site) => site !== path)
      .flatMap((site) => snapshot.bySite.get(site) ?? [])
      .sort(newestFirst),
  );
  const mentions = take(
    keysAtOrUnder(snapshot.mentioned, path)
      .flatMap((p) => snapshot.byMention.get(p) ?? [])
      .sort(newestFirst),
  );
  return [
    ...exact.map((gap) => ({ gap, how: 'edit site' as const })),
    ...under.map((gap) => ({ gap, how: 'in directory' as const })),
    ...mentions.map((gap) => ({ gap, how: 'mentions' as const })),
  ];
}

// @anchor unplaced-gaps
/**
 * SPEC §path_activity: open gaps with no edit site that could concern a path no gap names, by
 * category: for repos/<v>/…, those whose remedy names vessel <v> or no vessel; for a super-repo
 * path outside repos/ (vessel undefined), those that name no vessel.
 */
export function unplacedByCategory(snapshot: GapSnapshot, vessel: string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const gap of snapshot.unplaced) {
    if (gap.remedyVessel && gap.remedyVessel !== vessel) continue;
    counts.set(gap.category, (counts.get(gap.category) ?? 0) + 1);
  }
  return counts;
}
