// development-vessel's gap store (substrate-contract §7), in memory: the substrateGap read as
// the seen resolver answers it (filters id, category, source, status, exclude_categories; newest
// by updated_at || created_at || detected_at; cut to limit, default 50; total counts the page;
// falsifier_coverage over every open gap), with include_held, operator_hold and the landing
// lease where §7.3 guesses them. Faults come from the switches (gapStoreAnswer, and the
// latency / noProducer / producerBody every producer honours).
import type { EmulatedService } from './http-kit.ts';
import { json } from './http-kit.ts';
import type { IdentityEmulator } from './identity.ts';
import { producer } from './producer-kit.ts';
import type { Switches } from './switches.ts';

const PARKING = new Set(['needs_information', 'needs_info', 'awaiting_operator_review']);

function held(g: any): boolean {
  const m = g.classification_metadata ?? {};
  return Boolean(g.operator_hold || m.operator_hold || PARKING.has(m.disposition ?? g.disposition));
}

function stamp(g: any): string {
  return String(g.updated_at || g.created_at || g.detected_at || '');
}

function coverage(gaps: any[]): Record<string, number> {
  const counts: Record<string, number> = { class1: 0, class2: 0, unresolvable: 0, none: 0, unstamped: 0 };
  for (const g of gaps) {
    if (g.status !== 'open') continue;
    const f = g.classification_metadata?.falsifier;
    counts[f in counts ? f : 'unstamped']++;
  }
  return counts;
}

/** The store's page for one substrateGap pointer; its body is serialized once per answer. */
export function readGapPage(gaps: any[], p: any): any {
  let rows = gaps;
  if (p.id) rows = rows.filter((g) => g.id === p.id);
  if (p.category) rows = rows.filter((g) => g.category === p.category);
  if (p.source) rows = rows.filter((g) => g.source === p.source);
  if (p.status) rows = rows.filter((g) => g.status === p.status);
  if (Array.isArray(p.exclude_categories)) rows = rows.filter((g) => !p.exclude_categories.includes(g.category));
  if (!p.include_held) rows = rows.filter((g) => !held(g));
  rows = [...rows].sort((a, b) => (stamp(a) < stamp(b) ? 1 : stamp(a) > stamp(b) ? -1 : 0)).slice(0, Number(p.limit ?? 50));
  return { gaps: rows, total: rows.length, falsifier_coverage: coverage(gaps) };
}

export function gapStore(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const gaps: any[] = switches.gaps;
  return producer('development-vessel', identity, switches, (p) => {
    if (p.type === 'substrateGap') {
      if (switches.gapStoreAnswer === 'error500') return json(500, { success: false, error: 'gaps.json could not be read' });
      if (switches.gapStoreAnswer === 'structuredError') {
        return json(200, { success: true, shape: 'structuredError', body: { failure_mode: 'validation_rejected', detail: 'store locked' } });
      }
      return json(200, { success: true, shape: 'substrateGap', body: readGapPage(gaps, p) });
    }
    if (p.type === 'substrateGap_write') {
      if (!p.gap?.id) return json(200, { success: true, shape: 'structuredError', body: { error: 'missing_required_field', field: p.gap ? 'gap.id' : 'gap' } });
      const existing = gaps.findIndex((g) => g.id === p.gap.id);
      if (existing >= 0) gaps[existing] = { ...gaps[existing], ...p.gap };
      else gaps.push(p.gap);
      return json(200, { success: true, shape: 'substrateGapWriteResult', body: { id: p.gap.id, action: existing >= 0 ? 'updated' : 'created' } });
    }
    return json(400, { success: false, error: `Unknown shape ${p.type}` });
  });
}

const CATEGORIES = ['missing_concept', 'missing_idiom', 'systematic_failure', 'performance_inefficiency', 'documentation_drift', 'other'];

/**
 * A busy node's open store (SPEC §path_activity "about 13 MB"): rows across `vessels`, most with
 * an edit site, some held, a few with a landing lease, until the JSON reaches `bytes`.
 */
export function syntheticGapStore(bytes: number, options: { vessels?: string[]; now?: number } = {}): any[] {
  const vessels = options.vessels ?? ['concept-db', 'goal-host', 'activity-api', 'development-vessel'];
  const now = options.now ?? Date.now();
  const rows: any[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const vessel = vessels[i % vessels.length];
    const site = `repos/${vessel}/src/module-${i % 400}/file-${i % 37}.ts`;
    const at = new Date(now - i * 60_000).toISOString();
    const row: any = {
      id: `gap_synthetic_${i}`,
      category: CATEGORIES[i % CATEGORIES.length],
      source: i % 3 ? 'substrate_detected' : 'goal_host_auto_draft',
      summary: `Synthetic gap ${i}: ${'the walk found no template for this step; '.repeat(4)}see ${i % 5 ? site : 'the vessel docs'}`,
      detected_at: at,
      status: 'open',
      route: i % 4 ? 'dispatchable' : 'human_required',
      remedy: i % 7 ? { vessel, impulse_type: 'goalDispatchAsync', goal: `Fix ${site}` } : { goal: 'Triage the node' },
      classification_metadata: {
        ...(i % 9 ? { edit_site: site } : {}),
        falsifier: i % 2 ? 'class1' : 'none',
        falsifier_classified_at: at,
        ...(i % 50 === 0
          ? { operator_hold: { reason: 'needs a design ruling', review_by: new Date(now + 86_400_000).toISOString(), lift: 'operator signs off' } }
          : {}),
        ...(i % 97 === 0 ? { landing_lease: { holder: 'goal-host-lander', attempt: 1, until: new Date(now + 600_000).toISOString() } } : {}),
      },
      created_at: at,
      updated_at: at,
    };
    size += JSON.stringify(row).length + 1;
    rows.push(row);
  }
  return rows;
}
