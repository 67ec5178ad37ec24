// SPEC §registry_query
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'registry_query',
  title: 'The substrate vocabulary and who serves a shape',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'the substrate tools, which build on the attachment (#5)',
  description: `shapes mode lists the advertised vocabulary; vessels mode lists who serves a shape.`,
  inputSchema: z.object({
    mode: z.enum(['shapes', 'vessels']).describe('shapes or vessels'),
    shape: z.string().optional().describe('Required in vessels mode; a substring filter in shapes mode'),
  }),
  handle: pendingHandler,
});
