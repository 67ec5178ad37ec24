// The process exit codes every subcommand returns (STYLE habit 7): 0 done, 1 failed, 2 bad
// command-line input. task pull adds 3 (no open task) and 4 (tasks held; retry later), and
// says 2 for not attached (SPEC §task pull "Exit codes"). A report's summary (core/report/model.ts) carries one of the first two.
export const EXIT = { ok: 0, failed: 1, usage: 2, noTask: 3, retryLater: 4 } as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a report run ends with: attached (or no failing check), or not. */
export type ReportExitCode = typeof EXIT.ok | typeof EXIT.failed;
