// `metabob-mcp doctor [--json] [--attach]`: every check attach --check makes (SPEC §attach --check),
// plus the runtime, configuration sources, network, store, parser, workspace, plugin
// environment, call log and loopback servers; `--attach` is attach --check itself.
import { homedir } from 'node:os';
import { routeConsoleToStderr } from '../log.ts';
import { VERSION } from '../version.ts';
import { runDoctor } from '../report/doctor-run.ts';
import { ReportRun } from '../report/model.ts';
import { presentRun } from '../report/present.ts';
import { chooseRendering } from '../report/render-text.ts';
import { substrateDeps } from '../report/substrate-deps.ts';
import { parseFlags, UsageError, type CliCommand } from './command.ts';
import { CONFIG_FLAGS, configFlags, runAttachCheckCli } from './attach.ts';

export const doctorCommand: CliCommand = {
  name: 'doctor',
  async run(argv) {
    const { flags, positionals } = parseFlags(argv, ['json', 'attach']);
    if (positionals.length > 0) throw new UsageError(`doctor takes no arguments; got "${positionals[0]}"`);
    const unknown = Object.keys(flags).filter((f) => !['json', 'attach', ...CONFIG_FLAGS].includes(f));
    if (unknown.length > 0) throw new UsageError(`unknown flag --${unknown[0]}`);
    const json = Boolean(flags.json);
    if (flags.attach) return runAttachCheckCli({ json, flags: configFlags(flags), command: 'doctor --attach' });
    routeConsoleToStderr();
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
};
