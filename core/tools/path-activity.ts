// SPEC §path_activity
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'path_activity',
  title: 'What the substrate has in flight on files',
  tier: 'substrate',
  complexity: 'standard',
  baseline: null,
  idempotent: true,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Before editing shared files: the open gaps the substrate has on them, which are being landed, held or queued.`,
  inputSchema: z.object({
    paths: z.array(z.string()).min(1).max(50).describe('Files or directories, workspace-relative or repos/<vessel>/<path>'),
    limit: z.number().int().min(1).max(100).default(10).describe('Most gaps listed per path besides those being landed'),
    include_closed: z.boolean().default(false).describe('Also list closed gaps that named the paths'),
  }),
  handle: pendingHandler,
});
