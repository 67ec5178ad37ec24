// `metabob-mcp attach --check [--json]` (SPEC §attach --check): the attachment run once as
// the server runs it, then one vesselRegistry read, every hop shown. Exit 0 only when attached
// and the read resolved. It writes nothing.
import { homedir } from 'node:os';
import { routeConsoleToStderr } from '../log.ts';
import { VERSION } from '../version.ts';
import { defineCommand, type ExitCode } from './command.ts';
import { configFlags, REPORT_CONFIG_OPTIONS } from './config-options.ts';

export async function runAttachCheckCli(opts: { json: boolean; flags: Record<string, string>; command: string }): Promise<ExitCode> {
  routeConsoleToStderr();
  const { attachCheck } = await import('../report/attach-check.ts');
  const { ReportRun } = await import('../report/model.ts');
  const { presentRun } = await import('../report/present.ts');
  const { chooseRendering } = await import('../report/render-text.ts');
  const { substrateDeps } = await import('../report/substrate-deps.ts');
  const run = new ReportRun();
  return presentRun({
    run,
    command: opts.command,
    title: `metabob-mcp ${opts.command} (${VERSION})`,
    rendering: chooseRendering({ json: opts.json, isTTY: Boolean(process.stdout.isTTY), env: process.env }),
    loadInk: () => import('../../tui/render-ink.tsx'),
    work: async () => (await attachCheck(run, substrateDeps, { env: process.env, cwd: process.cwd(), home: homedir(), flags: opts.flags })).summary,
  });
}

export const attachCommand = defineCommand({
  name: 'attach',
  summary: 'run the attachment once and show every hop (exit 0 only when attached)',
  options: {
    check: { type: 'boolean', required: true, description: 'run the attachment once and show every hop' },
    json: { type: 'boolean', description: 'print the report as one JSON object (docs/doctor.md)' },
    ...REPORT_CONFIG_OPTIONS,
  },
  async run({ flags }) {
    return runAttachCheckCli({ json: flags.json, flags: configFlags(flags), command: 'attach --check' });
  },
});
