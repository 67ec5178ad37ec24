// The `metabob-start` MCP prompt (capability `mcp_prompts`): the slash-command twin of the
// skill's first steps. tests/unit/skill.test.ts holds these steps to skills/metabob/SKILL.md.

/** The skill's setup step, the first sentence of its "## Setup". */
export const SETUP_STEP =
  "Call `init_workspace` once per session, first, with the project's absolute `workspace_path` and the files you changed recently (`recently_changed_files`).";

/** The skill's "## First calls", in order: the instructions' fallback set (SPEC §Agent instructions). */
export const FIRST_STEPS = [
  '`get_analysis_context` with `recently_changed_files`: the attachment, the index, open findings and co-change hints in one answer.',
  '`get_problems` with `file_path` for each file before you edit it (`severity: ["HIGH", "CRITICAL"]` for triage); when attached, `path_activity` on those `paths` too, for the system\'s own open gaps, which are not findings.',
  '`record_finding` for every problem you notice and do not fix.',
  '`mark_complete` on a recorded finding once its fix is committed.',
];

export const START_PROMPT = {
  name: 'metabob-start',
  title: 'Start a metabob session',
  description: 'The first steps of the metabob skill: index, read the context, check files before editing.',
};

export function startPromptText(): string {
  return [
    `Use the metabob MCP server for this session. ${SETUP_STEP}`,
    'Then, in this order:',
    ...FIRST_STEPS.map((step, i) => `${i + 1}. ${step}`),
    'An answer with a next step ends with a Next line (also _meta.next_steps and _meta.empty_reason): follow it instead of repeating a call that came back empty.',
  ].join('\n');
}
