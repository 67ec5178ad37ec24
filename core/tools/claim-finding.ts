// SPEC §claim_finding
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { defineTool, type ToolAnswer, type ToolContext } from './define-tool.ts';
import { ledgerScope, ledgerStore } from './ledger-scope.ts';
import { sharedLedgerOf } from './substrate-access.ts';
import { storeErrorLine } from '../ledger/local-store.ts';
import {
  CLAIM_MINUTES_DEFAULT,
  CLAIM_MINUTES_MAX,
  claimHolder,
  claimLines,
  claimStep,
  claimTime,
  settleClaim,
  withdrawalLines,
  type Holding,
} from '../ledger/claims.ts';
import { readBack, readClaims, writeClaimVerdict, type ClaimedFinding } from '../ledger/claims-ledger.ts';
import type { SharedLedger } from '../ledger/shared-ledger.ts';
import { cause, causeNotice } from '../process/cause.ts';

// @anchor READ_BACK_PAUSES_MS
/** A read can miss a concept written moments before: the read-back is retried after these pauses. */
export const READ_BACK_PAUSES_MS = [150, 500, 1500] as const;

// @anchor claimWarning
/** The line an endorse adds when another vessel holds a live claim on the finding it closes (SPEC §mark_complete "Claims"). */
export function claimWarning(holder: Holding): string {
  return `claim: claimed by ${holder.claimer} until ${claimTime(holder.end)}; this endorse closes it anyway, which ends their claim`;
}

/** claimWarning for the finding when a vessel other than this one holds a live claim on it; a failed read warns of nothing. */
export async function othersClaimWarning(ctx: ToolContext, ledger: SharedLedger, finding: ClaimedFinding): Promise<string | undefined> {
  const read = await readClaims(ledger, finding);
  if (!read.ok) return undefined;
  const holder = claimHolder(read.value.rows, ctx.services.clock.now());
  const self = ctx.workspace.decided ? ctx.services.author.of(ctx.workspace.path).vesselId : undefined;
  return holder && holder.claimer !== self ? claimWarning(holder) : undefined;
}

type ClaimResult = 'claimed' | 'renewed' | 'released' | 'held' | 'lost' | 'unsettled' | 'closed' | 'refused' | 'error';

function answer(text: string, result: ClaimResult, code?: string, data: Record<string, unknown> = {}): ToolAnswer {
  const failed = result === 'closed' || result === 'refused' || result === 'error';
  return {
    text,
    result,
    ...(failed ? { isError: true, diagnosis: [causeNotice(cause(code ?? result, text.split('\n')[0]!, data))] } : {}),
    ...(result === 'refused' || result === 'closed' ? { outcome: 'refused' as const } : {}),
  };
}

const holderText = (h: Holding) => `${h.claimer} until ${claimTime(h.end)}`;

/** Step 1: the local seed and its siblings, else the recalled concept and every agf_* id it carries. */
async function resolveFinding(ctx: ToolContext, ledger: SharedLedger, id: string): Promise<{ finding: ClaimedFinding; closedHere: boolean } | ToolAnswer> {
  const opened = await ledgerStore(ctx);
  if (opened.ok) {
    try {
      const seed = id.startsWith('agf_') ? opened.store.seedById(id) : opened.store.getSeedByConceptRef(id);
      if (seed) {
        const siblings = opened.store.siblings(seed);
        const conceptId = seed.concept_ref ?? (id.startsWith('concept_') ? id : undefined);
        return { finding: { findingIds: siblings.map((s) => s.id), ...(conceptId ? { conceptId } : {}) }, closedHere: siblings.every((s) => s.stale !== 0) };
      }
    } catch (err) {
      ctx.log.warn(`claim_finding: the local store could not be read (${storeErrorLine(err)}); resolving ${id} from the shared ledger`);
    }
  }
  if (id.startsWith('concept_')) {
    const fetched = await ledger.fetchConceptById(id);
    if (!fetched.ok) return answer(`${fetched.cause.line}; ${id} could not be read, nothing was written`, 'error', fetched.cause.code, { problem_id: id });
    if (fetched.value?.findingIds.length) return { finding: { findingIds: fetched.value.findingIds, conceptId: fetched.value.conceptId }, closedHere: false };
  } else {
    const scope = await ledgerScope(ctx);
    const recalled = await ledger.recall({ root: scope.root, vesselId: ctx.services.author.of(scope.root).vesselId });
    if (!recalled.ok)
      return answer(`${recalled.cause.line}; ${id} could not be looked up, nothing was written`, 'error', recalled.cause.code, { problem_id: id });
    const { open, closed, openTasks, closedTasks } = recalled.value;
    const row = [...open, ...openTasks, ...closed, ...closedTasks].find((r) => r.findingIds.includes(id));
    if (row) return { finding: { findingIds: row.findingIds, conceptId: row.conceptId }, closedHere: false };
  }
  return answer(
    `finding_not_found: ${id} is neither in the local store nor a finding concept the shared ledger recalls for this repository; nothing was written`,
    'refused',
    'finding_not_found',
    { problem_id: id },
  );
}

const TRUNCATED_NOTE =
  "The verdict read reached its limit, so this finding's linked claims were read too; a claim written before claims were linked may have been missed.";

export default defineTool({
  name: 'claim_finding',
  title: 'Claim a finding before working on it',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  description: `Say you are starting work on a finding (claim), renew while working, release on stopping, so another agent does not start the same work.`,
  inputSchema: z.object({
    problem_id: cappedString(INPUT_CAPS.id).min(1).describe('agf_* finding id or concept_* id'),
    action: z.enum(['claim', 'renew', 'release']).default('claim').describe('claim, renew or release'),
    minutes: z.number().int().min(1).max(CLAIM_MINUTES_MAX).default(CLAIM_MINUTES_DEFAULT).describe('How long the claim lasts from now (max 240)'),
  }),
  // @anchor handle
  async handle(args, ctx): Promise<ToolAnswer> {
    const id = args.problem_id.trim();
    if (!/^(agf|concept)_[A-Za-z0-9_-]+$/.test(id)) {
      return answer(`not_a_finding: ${id} is neither an agf_* finding nor a concept_* id; nothing was written`, 'refused', 'not_a_finding', { problem_id: id });
    }
    const scope = await ledgerScope(ctx);
    const self = ctx.services.author.of(scope.root).vesselId;
    if (!self) {
      return answer(
        'no_vessel_identity: a claim must name its holder, and no vessel identity resolves (set VESSEL_ID or METABOB_API_KEY); nothing was written',
        'refused',
        'no_vessel_identity',
        { problem_id: id },
      );
    }
    const shared = await sharedLedgerOf(ctx);
    if ('cause' in shared) return answer(`${shared.cause.line}; nothing was written`, 'refused', shared.cause.code, { problem_id: id });
    const ledger = shared.ledger;
    const resolved = await resolveFinding(ctx, ledger, id);
    if ('text' in resolved) return resolved;
    const { finding } = resolved;
    const name = finding.findingIds[0] ?? id;

    const before = await readClaims(ledger, finding);
    if (!before.ok) return answer(`${before.cause.line}; the claims on ${name} could not be read, nothing was written`, 'error', before.cause.code);
    const notes = before.value.truncated ? [TRUNCATED_NOTE] : [];
    const closed = resolved.closedHere || !!before.value.closing;
    const step = claimStep(args.action, closed, claimHolder(before.value.rows, ctx.services.clock.now()), self);
    const session = ctx.sessionId;

    switch (step.kind) {
      case 'closed': {
        const why = before.value.closing ? `verdict: ${before.value.closing.verdict}` : 'closed in the local store';
        return answer(`already_closed: ${name} is closed (${why}); a closed finding shows no claim, nothing was written`, 'closed', 'already_closed', {
          finding_id: name,
        });
      }
      case 'held_by_other':
        return {
          text: [`held: ${name} is claimed by ${holderText(step.holder)}: someone is working on it. It was not claimed; pick another finding.`, ...notes].join(
            '\n',
          ),
          result: 'held',
        };
      case 'not_held': {
        const by = step.holder ? `it is claimed by ${holderText(step.holder)}` : 'no claim on it is live';
        return answer(`not_held: ${args.action} refused: this checkout does not hold a claim on ${name} (${by}); nothing was written`, 'refused', 'not_held', {
          finding_id: name,
          action: args.action,
        });
      }
      case 'write_withdrawal': {
        const w = withdrawalLines({ vesselId: self, sessionId: session });
        const written = await writeClaimVerdict(ledger, { finding, ...w, link: true });
        if (!written.ok) return writeFailure(written.cause, `the release of ${name} was not written`);
        return { text: [`Released the claim on ${name}: verdict: claim withdrawn (${written.value.conceptId}).`, ...notes].join('\n'), result: 'released' };
      }
      case 'write_claim':
        return claimAndSettle(ctx, ledger, finding, name, self, args.minutes, step.renewing, notes);
    }
  },
});

function writeFailure(c: { code: string; line: string }, what: string): ToolAnswer {
  const result = c.code === 'key_read_only' ? 'refused' : 'error';
  return answer(`${c.line}; ${what}`, result, c.code);
}

/** Step 3: write the claim, read it back, apply the rule; a lost race writes a withdrawal. */
async function claimAndSettle(
  ctx: ToolContext,
  ledger: SharedLedger,
  finding: ClaimedFinding,
  name: string,
  self: string,
  minutes: number,
  renewing: boolean,
  notes: string[],
): Promise<ToolAnswer> {
  const lines = claimLines({ minutes, now: ctx.services.clock.now(), vesselId: self, sessionId: ctx.sessionId });
  const written = await writeClaimVerdict(ledger, { finding, ...lines, link: false });
  if (!written.ok) return writeFailure(written.cause, `the claim on ${name} was not written`);
  const claimId = written.value.conceptId;
  const back = await readBack(ledger, finding, claimId, READ_BACK_PAUSES_MS);
  if (!back.ok) return unsettled(name, claimId, `the read-back failed (${back.cause.line})`, notes);
  if (back.value.truncated && !notes.length) notes.push(TRUNCATED_NOTE);
  if (!back.value.shown) return unsettled(name, claimId, `${back.value.reads} reads did not show it`, notes);
  const settled = settleClaim(back.value.rows, ctx.services.clock.now(), self, claimId);
  if (settled.kind === 'unsettled') return unsettled(name, claimId, 'no claim on it reads as live', notes);
  if (settled.kind === 'lost') {
    const w = withdrawalLines({ vesselId: self, sessionId: ctx.sessionId });
    // A lost claim and its withdrawal are not linked: the link would double a race's writes and settle nothing.
    const withdrawn = await writeClaimVerdict(ledger, { finding, ...w, link: false });
    const after = withdrawn.ok ? `this claim was withdrawn (${withdrawn.value.conceptId})` : `its withdrawal was not written (${withdrawn.cause.line})`;
    return {
      text: [`lost: ${settled.holder.claimer} claimed ${name} first (until ${claimTime(settled.holder.end)}); ${after}. Pick another finding.`, ...notes].join(
        '\n',
      ),
      result: 'lost',
    };
  }
  // Settled as held: linked to the finding so a later reader past the window still finds it.
  const linked = finding.conceptId ? await ledger.linkVerdict(claimId, finding.conceptId) : undefined;
  const until = claimTime(settled.holding.end);
  return {
    text: [
      renewing
        ? `Renewed the claim on ${name} until ${until}.`
        : `Claimed ${name} until ${until} (${minutes} min): other agents' recall shows it claimed by ${self}.`,
      `claim: ${claimId}${linked && !linked.ok ? ` (not linked to the finding: ${linked.cause.line})` : ''}`,
      `Renew while working (claim_finding {"problem_id": "${name}", "action": "renew"}), release on stopping without closing; mark_complete endorse closes it.`,
      ...notes,
    ].join('\n'),
    result: renewing ? 'renewed' : 'claimed',
  };
}

function unsettled(name: string, claimId: string, why: string, notes: string[]): ToolAnswer {
  return {
    text: [
      `unsettled: the claim on ${name} is written (${claimId}) but not settled: ${why}. Run claim_finding again before starting; nothing is reported as held.`,
      ...notes,
    ].join('\n'),
    result: 'unsettled',
  };
}
