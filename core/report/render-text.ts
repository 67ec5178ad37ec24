// The two renderings that need no terminal: plain stable lines (not a TTY, NO_COLOR or CI set)
// and the one JSON object (--json). Both read the same ReportRun as the Ink view in tui/.
import { VERSION } from '../version.ts';
import { countByStatus, type CheckState, type ReportEvent, type ReportModel, type ReportRun } from './model.ts';

export type Rendering = 'ink' | 'plain' | 'json';

/** SPEC-free rule from the issue: Ink only on a TTY without NO_COLOR / CI; --json wins. */
export function chooseRendering(opts: { json: boolean; isTTY: boolean; env: NodeJS.ProcessEnv }): Rendering {
  if (opts.json) return 'json';
  if (!opts.isTTY) return 'plain';
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return 'plain';
  if (opts.env.CI !== undefined && opts.env.CI !== '' && opts.env.CI !== 'false') return 'plain';
  return 'ink';
}

const LABEL_WIDTH = 12;

/** One stable line per finished check: `fail bootstrap    <detail> (12 ms) | cause: ... | fix: ...`. */
export function plainLine(check: CheckState): string {
  const status = check.state === 'running' ? '....' : check.state;
  let line = `${status.padEnd(4)} ${check.label.padEnd(LABEL_WIDTH)} ${check.detail ?? ''}`;
  if (check.ms !== undefined && check.state !== 'skip') line += ` (${check.ms} ms)`;
  if (check.cause && check.cause !== check.detail) line += ` | cause: ${check.cause}`;
  if (check.remedy && (check.state === 'fail' || check.state === 'warn')) line += ` | fix: ${check.remedy}`;
  return line;
}

export function summaryLine(model: ReportModel): string {
  const counts = countByStatus(model);
  const tally = `${counts.ok} ok, ${counts.warn} warn, ${counts.fail} fail${counts.skip ? `, ${counts.skip} skipped` : ''}`;
  return `${model.summary?.exitCode === 0 ? 'ok' : 'FAILED'}: ${model.summary?.headline ?? ''} [${tally}; exit ${model.summary?.exitCode ?? 1}]`;
}

/** Writes a line per check as each finishes, then the summary line. */
export function renderPlain(run: ReportRun, write: (text: string) => void): Promise<ReportModel> {
  run.subscribe((event: ReportEvent) => {
    if (event.type === 'finish') write(plainLine({ ...event, state: event.status }) + '\n');
    if (event.type === 'end') write(summaryLine(run.model()) + '\n');
  });
  return run.done;
}

export interface ReportJson {
  schema: 'metabob-report/1';
  command: string;
  version: string;
  ok: boolean;
  exitCode: number;
  attached: boolean;
  resolved: boolean;
  cause: string | null;
  networkCause: string | null;
  message: string;
  headline: string;
  runtime: { node: string; platform: string; arch: string; inProcess: true };
  counts: Record<string, number>;
  checks: Array<{
    id: string;
    label: string;
    status: string;
    detail: string;
    ms: number | null;
    cause: string | null;
    remedy: string | null;
    data: Record<string, unknown>;
  }>;
}

/** The whole report as one object with stable keys (documented in docs/doctor.md). */
export function reportJson(command: string, model: ReportModel): ReportJson {
  const summary = model.summary;
  return {
    schema: 'metabob-report/1',
    command,
    version: VERSION,
    ok: summary?.exitCode === 0,
    exitCode: summary?.exitCode ?? 1,
    attached: summary?.attached ?? false,
    resolved: summary?.resolved ?? false,
    cause: summary?.cause ?? null,
    networkCause: summary?.networkCause ?? null,
    message: summary?.line ?? '',
    headline: summary?.headline ?? '',
    runtime: { node: process.versions.node, platform: process.platform, arch: process.arch, inProcess: true },
    counts: countByStatus(model),
    checks: model.checks.map((c) => ({
      id: c.id,
      label: c.label,
      status: c.state === 'running' ? 'fail' : c.state,
      detail: c.detail ?? (c.state === 'running' ? 'did not finish' : ''),
      ms: c.ms ?? null,
      cause: c.cause ?? null,
      remedy: c.remedy ?? null,
      data: c.data ?? {},
    })),
  };
}
