// SPEC §resolve_impulse
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'resolve_impulse',
  title: 'Escape hatch: resolve an allowed plain read',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Resolve one of the substrate allowlisted plain reads (or memoryNote_write). Prefer a dedicated tool when one fits.`,
  inputSchema: z.object({
    shape: z.string().min(1).describe('pointer.type to resolve'),
    pointer: z.record(z.unknown()).optional().describe('Extra pointer fields, merged after type'),
  }),
  handle: pendingHandler,
});
