// SPEC §init_workspace
import { z } from 'zod';
import { defineTool, pendingHandler } from '../server/define-tool.ts';

export default defineTool({
  name: 'init_workspace',
  title: 'Index the workspace into the local code graph',
  tier: 'local',
  complexity: 'heavy',
  baseline: null,
  idempotent: true,
  pending: 'the local code intelligence issue (#3)',
  description: `Index the workspace into the local code graph (tree-sitter; nothing leaves the machine). Call once per session before analyze_impact, search_codebase and assign_git_changes; a later call re-parses changed files.`,
  inputSchema: z.object({
    workspace_path: z.string().optional().describe('Absolute path to the workspace root; an existing directory'),
    recently_changed_files: z.array(z.string()).default([]).describe('Changed files; the output counts their git co-change neighbours'),
    batch_size: z.number().int().min(1).max(20).default(20).describe('Accepted (1-20) and ignored'),
    include: z.array(z.string()).optional().describe('Extensions to index, with or without the dot (default ts,tsx,js,jsx,mjs,cjs,py)'),
    exclude: z.array(z.string()).optional().describe('Directory names to skip; dot-directories are always skipped'),
    sync_api: z.boolean().default(true).describe('Accepted and ignored'),
  }),
  handle: pendingHandler,
});
