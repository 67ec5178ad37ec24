// The process exit codes every subcommand returns (STYLE habit 7): 0 done, 1 failed, 2 bad
// command-line input. A report's summary (core/report/model.ts) carries one of the first two.
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a report run ends with: attached (or no failing check), or not. */
export type ReportExitCode = typeof EXIT.ok | typeof EXIT.failed;
