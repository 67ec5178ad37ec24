// `metabob-mcp doctor [--json] [--attach]`: every check attach --check makes (SPEC §attach --check),
// plus the runtime, configuration sources, network, store, parser, workspace, plugin
// environment, call log and loopback servers; `--attach` is attach --check itself.
import { homedir } from 'node:os';
import { routeConsoleToStderr } from '../log.ts';
import { VERSION } from '../version.ts';
import { defineCommand } from './command.ts';
import { configFlags, REPORT_CONFIG_OPTIONS } from './config-options.ts';
import { runAttachCheckCli } from './attach.ts';

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'check the runtime, configuration, attachment, network, store, parser and workspace',
  options: {
    json: { type: 'boolean', description: 'print the report as one JSON object (docs/doctor.md)' },
    attach: { type: 'boolean', description: 'run attach --check instead: the attachment hops only' },
    ...REPORT_CONFIG_OPTIONS,
  },
  async run({ flags }) {
    const json = flags.json;
    if (flags.attach) return runAttachCheckCli({ json, flags: configFlags(flags), command: 'doctor --attach' });
    routeConsoleToStderr();
    const { runDoctor } = await import('../report/doctor-run.ts');
    const { ReportRun } = await import('../report/model.ts');
    const { presentRun } = await import('../report/present.ts');
    const { chooseRendering } = await import('../report/render-text.ts');
    const { substrateDeps } = await import('../report/substrate-deps.ts');
    const run = new ReportRun();
    return presentRun({
      run,
      command: 'doctor',
      title: `metabob-mcp doctor (${VERSION})`,
      rendering: chooseRendering({ json, isTTY: Boolean(process.stdout.isTTY), env: process.env }),
      loadInk: () => import('../../tui/render-ink.tsx'),
      work: () => runDoctor(run, substrateDeps, { env: process.env, cwd: process.cwd(), home: homedir(), flags: configFlags(flags) }),
    });
  },
});
