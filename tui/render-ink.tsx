// Mounts the Ink view of a report run on the terminal and resolves once the summary is on
// screen and Ink has let go of stdout. Loaded only by a dynamic import() from core/cli, so a
// server start never loads ink or react.
import { render } from 'ink';
import { ReportView } from './report-view.tsx';
import type { ReportRun } from '../core/report/model.ts';

export async function renderInk(run: ReportRun, title: string): Promise<void> {
  const instance = render(<ReportView run={run} title={title} />, { exitOnCtrlC: true, patchConsole: false });
  await instance.waitUntilExit();
}
