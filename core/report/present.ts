// Runs one report and shows it in the chosen rendering: the Ink view (loaded by the caller's
// dynamic import, so core never imports ink), plain lines, or the one JSON object. All three
// consume the same ReportRun.
import type { ReportExitCode } from '../process/exit-code.ts';
import { log } from '../log.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { redactUrl } from '../redact-url.ts';
import type { ReportRun, RunSummary } from './model.ts';
import { missingPackages, optionalInstallLine } from '../process/optional-install.ts';
import { renderPlain, reportJson, type Rendering } from './render-text.ts';

/** What the live view loads; optional installs, so `npx -y @metabob/mcp` serves without them. */
const TUI_PACKAGES = ['ink', 'react'];

export type InkRenderer = () => Promise<{ renderInk(run: ReportRun, title: string): Promise<void> }>;

export interface PresentOptions {
  run: ReportRun;
  /** The command as typed, for the JSON object (`attach --check`, `doctor`). */
  command: string;
  title: string;
  rendering: Rendering;
  loadInk: InkRenderer;
  work: () => Promise<RunSummary>;
  stdout?: NodeJS.WritableStream;
}

/** Shows the run while `work` fills it; returns the exit code. */
export async function presentRun(options: PresentOptions): Promise<ReportExitCode> {
  const { run, rendering } = options;
  // The title may name the endpoint being checked (configure); it is shown like every check line.
  const title = redactUrl(options.title);
  const write = pipeWriter(options.stdout ?? process.stdout);
  let view: Promise<unknown> | undefined;
  let mode = rendering;
  if (mode === 'ink') {
    // Ink and React are optional installs (core/process/optional-install.ts): without them the plain lines stand in.
    const missing = missingPackages(TUI_PACKAGES);
    if (missing.length > 0) {
      log.warn(optionalInstallLine('the live view', 'a terminal', missing, 'showing plain lines'));
      mode = 'plain';
    }
  }
  if (mode === 'ink') {
    try {
      const { renderInk } = await options.loadInk();
      view = renderInk(run, title);
    } catch (err) {
      log.warn(`tui_unavailable(ink: ${(err as Error).message.split('\n')[0]}): showing plain lines`);
      mode = 'plain';
    }
  }
  if (mode === 'plain') {
    await write(`${title}\n`);
    view = renderPlain(run, (text) => void write(text));
  }
  let summary: RunSummary;
  try {
    summary = await options.work();
  } catch (err) {
    const line = `report_failed: ${(err as Error).message.split('\n')[0]}`;
    summary = { exitCode: 1, attached: false, resolved: false, cause: 'report_failed', line, headline: line, networkCause: null };
  }
  run.end(summary);
  await view;
  if (mode === 'json') await write(JSON.stringify(reportJson(options.command, run.model()), null, 2) + '\n');
  else await write('');
  return summary.exitCode;
}
