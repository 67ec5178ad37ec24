// SPEC §path_activity: the gap store's whole-store read (through the services' shared cache) and
// the gap lines other tools add from that cached read only: analyze_impact / assign_git_changes
// (gapSummaryLines) and get_problems (openGapsOnFilesLines). Those never start the store read.
import type { Services } from '../services/services.ts';
import { gapState, gapsOnPath, snapshotOf, type Gap, type GapSnapshot, type GapState } from '../substrate/gap-activity.ts';
import type { ToolContext } from './define-tool.ts';
import { gapCheckoutOf, pathMapper, type GapCheckout } from './gap-paths.ts';

/** SPEC §path_activity "Read": the whole store, not a recency page. */
export const WHOLE_STORE_LIMIT = 1_000_000;
const READ_CAP_MS = 30_000;

export interface GapReadFailure {
  cause: string;
  line: string;
}

export type GapRead = { ok: true; snapshot: GapSnapshot; readAt: number; stale: boolean } | { ok: false; failure: GapReadFailure };

function storeError(status: number, body: any): GapReadFailure {
  const said =
    typeof body?.error === 'string'
      ? body.error
      : typeof body?.body?.detail === 'string'
        ? body.body.detail
        : typeof body?.shape === 'string'
          ? body.shape
          : '';
  return {
    cause: 'gap_store_error',
    line: `gap_store_error: the gap store answered the substrateGap read with HTTP ${status}${said ? ` (${said.slice(0, 200)})` : ''}; nothing was listed`,
  };
}

async function readWholeStore(
  services: Services,
  status: 'open' | 'closed',
): Promise<{ ok: true; value: GapSnapshot } | { ok: false; failure: GapReadFailure }> {
  const attachment = services.attachment;
  if (!attachment) return { ok: false, failure: { cause: 'not_configured', line: 'not_configured: this process has no substrate attachment' } };
  const pointer = { type: 'substrateGap', status, limit: WHOLE_STORE_LIMIT, include_held: true };
  const answer = await attachment.resolve(pointer, { family: 'other', timeoutMs: READ_CAP_MS });
  if (!answer.ok) return { ok: false, failure: { cause: answer.cause, line: answer.line } };
  const body = answer.body as any;
  const gaps = body?.body?.gaps ?? body?.gaps;
  if (answer.status !== 200 || !Array.isArray(gaps)) return { ok: false, failure: storeError(answer.status, body) };
  return { ok: true, value: snapshotOf(gaps, WHOLE_STORE_LIMIT) };
}

/** The cache key: the attachment (its discovery anchor, org and key) and the status read. */
async function cacheKey(services: Services, status: 'open' | 'closed'): Promise<string> {
  const state = services.attachment ? await services.attachment.current() : undefined;
  return [state?.anchor.discovery ?? '', state?.auth.orgId ?? '', state?.auth.keyId ?? '', status].join('|');
}

// @anchor readGaps
/** The store's open (or closed) gaps: cached per attachment, one read shared by concurrent callers. */
export async function readGaps(services: Services, status: 'open' | 'closed'): Promise<GapRead> {
  const got = await services.gapReads.get(await cacheKey(services, status), () => readWholeStore(services, status));
  if (!got.ok) return { ok: false, failure: got.failure as GapReadFailure };
  return { ok: true, snapshot: got.value, readAt: got.readAt ?? services.clock.now(), stale: got.stale ?? false };
}

/** `2026-12-01 12:40 UTC (8 min ago)`: a date with how long ago or ahead it is. */
export function whenText(ms: number, now: number): string {
  const iso = new Date(ms).toISOString();
  const stamp = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  const delta = ms - now;
  const abs = Math.abs(delta);
  const span =
    abs < 60_000
      ? `${Math.round(abs / 1000)} s`
      : abs < 3_600_000
        ? `${Math.round(abs / 60_000)} min`
        : abs < 172_800_000
          ? `${Math.round(abs / 3_600_000)} h`
          : `${Math.round(abs / 86_400_000)} days`;
  return `${stamp} (${delta >= 0 ? `in ${span}` : `${span} ago`})`;
}

function dateText(value: string | undefined, now: number): string | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isFinite(t) ? whenText(t, now) : value;
}

/** One gap's state as the output prints it (SPEC §path_activity: held, being landed, queued). */
export function stateText(state: GapState, now: number): string {
  if (state.kind === 'landing') {
    return (
      `being landed: lease held by "${state.holder}" (the holder's own claim; holders are caller-supplied), attempt ${String(state.attempt ?? 'not recorded')}, ` +
      `until ${whenText(state.until, now)}. An edit before the lease ends is lost or conflicts when the change lands; whether to edit now is your user's decision`
    );
  }
  if (state.kind === 'held') {
    const review = dateText(state.reviewBy, now);
    return `held by operator ruling: ${state.reason}${review ? `, review by ${review}` : ', no review date recorded'}${state.lift ? `, lift: ${state.lift}` : ''}`;
  }
  if (state.lapsed) return `queued for the system (a landing lease by "${state.lapsed.holder}" lapsed ${whenText(state.lapsed.until, now)})`;
  if (state.staleLease) {
    return `queued for the system (a landing lease by "${state.staleLease.holder}", attempt ${String(state.staleLease.attempt ?? 'not recorded')}, has no until: possibly stale)`;
  }
  return 'queued for the system';
}

export interface GapCounts {
  open: number;
  landing: number;
  held: number;
  queued: number;
}

export function countStates(gaps: Gap[], now: number): GapCounts {
  const counts: GapCounts = { open: 0, landing: 0, held: 0, queued: 0 };
  for (const gap of gaps) {
    if (gap.status !== 'open') continue;
    counts.open++;
    const kind = gapState(gap, now).kind;
    counts[kind === 'landing' ? 'landing' : kind === 'held' ? 'held' : 'queued']++;
  }
  return counts;
}

type CachedGaps = { kind: 'cached'; snapshot: GapSnapshot; readAt: number; checkout: GapCheckout } | { kind: 'not_loaded' } | { kind: 'skip' };

/** The cached open read when attached and the workspace maps to the gap store; never starts a read. */
async function cachedGaps(ctx: ToolContext, root: string): Promise<CachedGaps> {
  const attachment = ctx.services.attachment;
  if (!attachment) return { kind: 'skip' };
  // The settled state without waiting or loading anything new (a process with none loads no attachment module).
  const state = await attachment.current();
  // Still attaching (no attempt has settled): the gaps are not loaded yet, which is no "detached".
  const attaching = state.auth.status === 'pending' && !state.message;
  if (state.auth.status !== 'authenticated' && !attaching) return { kind: 'skip' };
  const checkout = await gapCheckoutOf(root);
  if (checkout.kind === 'other') return { kind: 'skip' };
  if (attaching) return { kind: 'not_loaded' };
  const cached = ctx.services.gapReads.peek(await cacheKey(ctx.services, 'open'));
  if (!cached) return { kind: 'not_loaded' };
  return { kind: 'cached', snapshot: cached.value, readAt: cached.readAt, checkout };
}

function pathActivityCall(files: string[]): string {
  return `path_activity ${JSON.stringify({ paths: files.slice(0, 50) })}`;
}

// @anchor gapSummaryLines
/** One line per changed file: its open gaps, how many the system is landing now and how many are held. */
export async function gapSummaryLines(ctx: ToolContext, root: string, files: string[], options: { leases?: boolean } = {}): Promise<string[]> {
  const cached = await cachedGaps(ctx, root);
  if (cached.kind === 'skip') return [];
  if (cached.kind === 'not_loaded') return [`Open gaps on the changed files: not loaded; ${pathActivityCall(files)} shows them.`];
  const now = ctx.services.clock.now();
  const lines = [`Open gaps on the changed files (path_activity's read of ${whenText(cached.readAt, now)}):`];
  for (const file of files) {
    const mapped = pathMapper(cached.checkout, root, file);
    if (mapped.kind !== 'vessel') {
      lines.push(`  ${file}: no gap names this path`);
      continue;
    }
    const onPath = gapsOnPath(cached.snapshot, mapped.storePath).map((m) => m.gap);
    const counts = countStates(onPath, now);
    lines.push(`  ${file}: ${counts.open} open gap(s), ${counts.landing} being landed by the system now, ${counts.held} held`);
    if (!options.leases) continue;
    for (const gap of onPath) {
      const state = gapState(gap, now);
      if (state.kind === 'landing') lines.push(`    ${gap.id}: landing lease held by "${state.holder}" (its own claim), until ${whenText(state.until, now)}`);
    }
  }
  return lines;
}

// @anchor openGapsOnFilesLines
/** Up to three open gaps whose edit site is each file, from path_activity's cached read only. */
export async function openGapsOnFilesLines(ctx: ToolContext, root: string, files: string[]): Promise<string[]> {
  const cached = await cachedGaps(ctx, root);
  if (cached.kind !== 'cached') return [];
  const now = ctx.services.clock.now();
  const lines: string[] = [];
  for (const file of files) {
    const mapped = pathMapper(cached.checkout, root, file);
    if (mapped.kind !== 'vessel') continue;
    const onSite = (cached.snapshot.bySite.get(mapped.storePath) ?? []).filter((g) => g.status === 'open');
    if (onSite.length === 0) continue;
    lines.push(`Open gaps with their edit site in ${file} (${onSite.length}${onSite.length > 3 ? ', 3 shown' : ''}):`);
    for (const gap of onSite.slice(0, 3))
      lines.push(`  ${gap.id} [${gap.category}, ${gap.route}] ${stateText(gapState(gap, now), now)}: ${gap.text.split('\n').pop()?.slice(0, 160) ?? ''}`);
  }
  if (lines.length) lines.push('If a finding here is the same issue as one of these gaps, mark_complete it with action "discard": the system already has it.');
  return lines;
}
