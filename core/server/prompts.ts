// The `metabob-start` MCP prompt (capability `mcp_prompts`): the slash-command twin of the
// skill's first steps. tests/unit/skill.test.ts holds these steps to skills/metabob/SKILL.md.

export const FIRST_STEPS = [
  "Call init_workspace with the project's absolute workspace_path and the files you changed recently.",
  'Call get_analysis_context to see the attachment, the index, open findings and co-change hints.',
  'Before editing a file, call get_problems with its file_path, and path_activity on it when attached.',
  'Use analyze_impact and predict_cochanges on the files you plan to change.',
  'Call record_finding for every problem you notice and do not fix.',
  'After fixing a recorded finding and committing the fix, call mark_complete on its id.',
];

export const START_PROMPT = {
  name: 'metabob-start',
  title: 'Start a metabob session',
  description: 'The first steps of the metabob skill: index, read the context, check files before editing.',
};

export function startPromptText(): string {
  return [
    'Use the metabob MCP server for this session. First steps:',
    ...FIRST_STEPS.map((step, i) => `${i + 1}. ${step}`),
    'Branch on _meta.empty_reason and _meta.next_steps instead of repeating a call that came back empty.',
  ].join('\n');
}
