// SPEC §registry_query: discovery's own shapes through the attachment. The vocabulary is the
// anchor node's (discovery answers vesselRegistry itself), so it can differ from who serves a
// shape on a peer node; both readings are named when they disagree.
import { z } from 'zod';
import { INPUT_CAPS, cappedString } from './input-caps.ts';
import { failureAnswer, defineTool, type ToolContext } from './define-tool.ts';
import { resolveShape } from './substrate-access.ts';
import { cause, type Cause } from '../process/cause.ts';

interface RegistryVessel {
  vesselId?: string;
  shapes?: string[];
}
interface CapabilityRow {
  vesselId?: string;
  vesselName?: string;
  endpoint?: string;
  public_endpoint?: string;
  protocol?: string;
  resolve_endpoint?: string;
  discoveredVia?: string;
}

// @anchor fetchShapeVocabulary
/** The advertised vocabulary: the union of vesselRegistry's vessels' shapes, sorted. */
async function fetchShapeVocabulary(ctx: ToolContext): Promise<{ ok: true; shapes: string[] } | { ok: false; cause: Cause }> {
  const result = await resolveShape(ctx, { type: 'vesselRegistry' }, { family: 'discovery' });
  if (!result.ok) return { ok: false, cause: cause(result.cause, result.line) };
  const vessels = ((result.body as { content?: { vessels?: RegistryVessel[] } })?.content?.vessels ?? []) as RegistryVessel[];
  if (result.status !== 200)
    return { ok: false, cause: cause('registry_failed', `registry_failed: discovery answered vesselRegistry with HTTP ${result.status}`) };
  const shapes = new Set<string>();
  for (const vessel of vessels) for (const shape of vessel.shapes ?? []) if (typeof shape === 'string') shapes.add(shape);
  return { ok: true, shapes: [...shapes].sort() };
}

const NODE_NOTE =
  "This is the anchor node's vocabulary: discovery answers vesselRegistry itself, while resolves also reach peer nodes; " +
  'ask for a peer-served shape by name with mode "vessels".';

// @anchor handle
export default defineTool({
  name: 'registry_query',
  title: 'The substrate vocabulary and who serves a shape',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  description: `shapes mode lists the advertised vocabulary; vessels mode lists who serves a shape.`,
  inputSchema: z.object({
    mode: z.enum(['shapes', 'vessels']).describe('shapes or vessels'),
    shape: cappedString(INPUT_CAPS.shape).optional().describe('Required in vessels mode; a substring filter in shapes mode'),
  }),
  async handle({ mode, shape }, ctx) {
    if (mode === 'shapes') {
      const vocabulary = await fetchShapeVocabulary(ctx);
      if (!vocabulary.ok) return failureAnswer(vocabulary.cause);
      const filter = shape?.toLowerCase();
      const shapes = filter ? vocabulary.shapes.filter((s) => s.toLowerCase().includes(filter)) : vocabulary.shapes;
      if (shapes.length === 0) {
        return {
          text: `No advertised shape${filter ? ` contains "${shape}"` : ''} (${vocabulary.shapes.length} in the vocabulary).\n${NODE_NOTE}`,
          emptyReason: 'no_results_in_corpus',
        };
      }
      return `${shapes.length} shape${shapes.length === 1 ? '' : 's'}${filter ? ` matching "${shape}"` : ''}:\n${shapes.map((s) => `- ${s}`).join('\n')}\n\n${NODE_NOTE}`;
    }

    if (!shape) return failureAnswer(cause('invalid_arguments', 'invalid_arguments: registry_query: shape is required in vessels mode'));
    const result = await resolveShape(ctx, { type: 'vesselCapability', shape }, { family: 'discovery' });
    if (!result.ok) return failureAnswer(cause(result.cause, result.line));
    if (result.status !== 200)
      return failureAnswer(cause('registry_failed', `registry_failed: discovery answered vesselCapability with HTTP ${result.status}`));
    const rows = ((result.body as { content?: { vessels?: CapabilityRow[] } })?.content?.vessels ?? []) as CapabilityRow[];
    const vocabulary = await fetchShapeVocabulary(ctx);
    const inVocabulary = vocabulary.ok ? vocabulary.shapes.includes(shape) : undefined;
    const lines = rows.map((row) => {
      const endpoint = row.public_endpoint ?? row.endpoint ?? '?';
      const via = row.discoveredVia === 'peer' ? ' (peer)' : '';
      return `- ${row.vesselId ?? row.vesselName ?? '?'}${via}: ${endpoint} protocol ${row.protocol ?? '?'}, resolve ${row.resolve_endpoint ?? '/v2/impulses/resolve'}`;
    });
    const notes: string[] = [];
    if (rows.length > 0 && inVocabulary === false) {
      notes.push(`Note: ${shape} has producers but is not in the anchor's vocabulary: the producers are on a peer node, or one view is stale.`);
    }
    if (rows.length === 0 && inVocabulary === true) {
      notes.push(`Note: ${shape} is in the anchor's vocabulary but vesselCapability lists no producer: one view is stale.`);
    }
    if (rows.length === 0) {
      const warnings = notes.map((message) => ({ code: 'vocabulary_disagrees', severity: 'warning' as const, message, data: { shape } }));
      return { text: [`No vessel serves ${shape}.`, ...notes].join('\n'), emptyReason: 'no_results_in_corpus', ...(warnings.length ? { warnings } : {}) };
    }
    const text = [`${rows.length} vessel${rows.length === 1 ? ' serves' : 's serve'} ${shape}:`, ...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
    // The disagreement is also a warning an agent loop can branch on (META-ENVELOPE warnings_v2).
    return notes.length
      ? { text, warnings: notes.map((message) => ({ code: 'vocabulary_disagrees', severity: 'warning' as const, message, data: { shape } })) }
      : text;
  },
});
