// SPEC §get_metrics
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'get_metrics',
  title: "This workspace's local analysis state",
  tier: 'local',
  complexity: 'lite',
  baseline: null,
  idempotent: true,
  pending: 'the findings ledger issue (#4)',
  description: `Open findings in the local store by severity, agent-recorded versus other, top categories, and the local code-graph size. Makes no request.`,
  inputSchema: z.object({

  }),
  handle: pendingHandler,
});
