// SPEC §concept_create
import { z } from 'zod';
import { defineTool, pendingHandler } from './define-tool.ts';

export default defineTool({
  name: 'concept_create',
  title: 'Create a concept',
  tier: 'substrate',
  complexity: 'lite',
  baseline: null,
  idempotent: false,
  pending: 'a later issue: the substrate tools on the attachment',
  description: `Create a concept in concept-db, stamped with its author.`,
  inputSchema: z.object({
    content: z.string().min(1).describe('The concept body'),
    summary: z.string().optional().describe('One-line gist'),
    shape: z.string().min(1).describe('The impulse shape this concept represents'),
    source_type: z
      .enum([
        'goal',
        'memo',
        'human_input',
        'search',
        'llm',
        'metabob_annotation',
        'write',
        'read',
        'cpg_embedding',
        'extracted',
        'impulse_signature',
        'vessel_construction_pattern',
        'impulse_activity_pattern',
      ])
      .describe('Substrate category'),
    pointer: z.record(z.unknown()).optional().describe('Pointer envelope'),
    budget: z.number().optional().describe('Token budget for resolution snapshots'),
    priority: z.number().min(0).max(1).optional().describe('Initial priority, 0..1'),
  }),
  handle: pendingHandler,
});
