// development-vessel's gap store (substrate-contract §7), in memory.
import type { EmulatedService } from './http-kit.ts';
import { json } from './http-kit.ts';
import type { IdentityEmulator } from './identity.ts';
import { producer } from './producer-kit.ts';
import type { Switches } from './switches.ts';

export function gapStore(identity: IdentityEmulator, switches: Switches): EmulatedService {
  const gaps: any[] = switches.gaps;
  return producer('development-vessel', identity, switches, (p) => {
    if (p.type === 'substrateGap') {
      let rows = gaps.filter((g) => (!p.id || g.id === p.id) && (!p.category || g.category === p.category) && (!p.status || g.status === p.status));
      if (!p.include_held) rows = rows.filter((g) => !g.operator_hold && !g.classification_metadata?.operator_hold);
      rows = rows.slice(0, p.limit ?? 50);
      return json(200, {
        success: true,
        shape: 'substrateGap',
        body: { gaps: rows, total: rows.length, falsifier_coverage: { class1: 0, class2: 0, unresolvable: 0, none: 0, unstamped: 0 } },
      });
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
