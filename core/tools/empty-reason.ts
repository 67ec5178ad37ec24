// The `empty_reason` enum (META-ENVELOPE §empty_reason): why an answer is empty. Stable once
// published: values may be added, never renamed or removed. docs/meta-envelope.md is
// generated from this table (`npm run docs`).

export const EMPTY_REASONS = {
  workspace_undetermined: {
    meaning: 'The server was launched in its plugin folder and no workspace was named (SPEC §workspace).',
    response: "Call init_workspace with the project's absolute workspace_path.",
  },
  no_workspace_indexed: {
    meaning: 'The tool needs the local code graph and init_workspace has not run in this process.',
    response: 'Call init_workspace, then retry.',
  },
  local_index_unavailable: {
    meaning: 'The parser (web-tree-sitter or a grammar) could not load on this machine.',
    response: 'Do not retry; ledger and substrate tools still work. metabob-mcp doctor names the cause.',
  },
  not_in_index: {
    meaning: 'A file named in the call is not in the local index (not found, excluded, over a cap, skipped as generated or minified, or failed to parse).',
    response: 'Check the path; re-run init_workspace if the file is new; its dependents are unknown, not none.',
  },
  index_pending: {
    meaning:
      "The answer is empty, or names a file not in the graph, while init_workspace's 20 s budget, or a cancel of init_workspace, left files unparsed: what they hold is not seen yet.",
    response: 'Call init_workspace again to resume (it parses only what is left), then retry.',
  },
  index_stale: {
    meaning: 'The answer is empty, or names a file not in the graph, and files changed or were added on disk after init_workspace indexed them.',
    response: 'Call init_workspace to re-index what changed, then retry.',
  },
  files_not_indexed: {
    meaning:
      'Nothing in the index matched, and some files are not in it (past the file cap, over the size bound, or skipped as generated or minified): a match may be in them.',
    response: 'Read the folders the answer names directly, or init_workspace with a narrower include or exclude, then retry.',
  },
  partially_parsed: {
    meaning: 'Nothing in the index matched, and some files were parsed only in part: definitions in their unread lines are not in the graph.',
    response: 'Read the line ranges the answer names directly.',
  },
  no_dependents: {
    meaning: 'The files are indexed and nothing in the graph reaches them in the requested direction.',
    response: 'Not an error; resolution gaps named in the diagnosis may still hide callers.',
  },
  no_proven_dependents: {
    meaning: 'No edge in the graph reaches the files, but call sites the resolver could not prove name one of their symbols (listed as possible dependents).',
    response: 'Read the possible dependents before treating the change as safe; they are unproven, not absent.',
  },
  no_results_in_corpus: {
    meaning: 'The query was valid but matched nothing in the index or store.',
    response: 'Do not retry the same query; widen or pivot.',
  },
  unsupported_language: {
    meaning: 'The files named are in a language this server does not extract.',
    response: 'Do not retry; include the extension in init_workspace if the language is supported.',
  },
  extractor_emitted_nothing: {
    meaning: 'Parsing ran but produced no components for the files.',
    response: 'Check the files for syntax errors; metabob-mcp index shows parse failures.',
  },
  incremental_no_change: {
    meaning: 'init_workspace ran and no file changed since the last index.',
    response: 'Not an error; the index is current.',
  },
  all_files_excluded: {
    meaning: 'The workspace holds no file with an included extension outside the excluded directories.',
    response: 'Pass include / exclude to init_workspace, or point it at the source directory.',
  },
  not_a_git_repository: {
    meaning: 'The workspace is not inside a git checkout, or git is not installed.',
    response: 'Do not retry; co-change needs git history.',
  },
  no_git_history: {
    meaning: 'The files have no commits in the mined history window.',
    response: 'Not an error; new files have no co-change history yet.',
  },
  no_cochanges: {
    meaning:
      'The files have commits in the mined history window, but never changed with another predictable file (alone, only with each other, with lockfiles or generated files, or in commits of more than 30 files).',
    response: 'Not an error; history has nothing to suggest. analyze_impact finds code dependents.',
  },
  below_threshold: {
    meaning: 'Co-changing files exist but none reaches confidence_threshold.',
    response: 'Retry with a lower confidence_threshold if weaker hints are useful.',
  },
  no_findings: {
    meaning: 'The local store holds no open finding matching the call.',
    response: "Not an error; path_activity shows the system's own gaps, which are not findings.",
  },
  recall_not_run: {
    meaning:
      'The local store holds no open finding matching the call, and the recall of findings other agents recorded did not run (no attachment, or concept-db refused or did not answer): those are unknown, not none.',
    response: 'Surface the cause the warning names; retry once the attachment or concept-db answers (metabob-mcp attach --check diagnoses the attachment).',
  },
  paths_not_checked: {
    meaning:
      'No gap was found on the paths that were checked, and some paths could not be checked (outside the workspace, in a repository the gap store does not name, or in a vessel no open gap names): what is in flight there is unknown, not none.',
    response: "Give those paths in the gap store's repos/<vessel>/<path> form and retry; do not read the answer as nothing in flight.",
  },
  finding_not_found: {
    meaning: 'The finding id is not in the local store (never recorded on this machine, discarded, or not a finding id).',
    response: 'Take ids from get_problems; there is no server-side analysis, so only recorded findings have ids.',
  },
  store_unavailable: {
    meaning: 'The local SQLite store could not be opened.',
    response: 'Surface the cause; metabob-mcp doctor checks the store.',
  },
  not_attached: {
    meaning: 'The substrate half did not run because the attachment is not authenticated.',
    response: 'Surface the cause line; metabob-mcp attach --check diagnoses it.',
  },
  queue_empty: {
    meaning: 'No solicitation is queued for this session.',
    response: 'Do not poll; nothing can arrive unless a local caller enqueues one.',
  },
  not_implemented: {
    meaning: 'The tool is registered but its capability has not been built in this release.',
    response: 'Do not retry; use the tools the instructions name.',
  },
} as const satisfies Record<string, { meaning: string; response: string }>;

export type EmptyReason = keyof typeof EMPTY_REASONS;
