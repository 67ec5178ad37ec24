// `metabob-mcp attach --check [--json]` (SPEC §attach --check): the attachment run once as
// the server runs it, then one vesselRegistry read, every hop shown. Exit 0 only when attached
// and the read resolved. It writes nothing.
import { homedir } from 'node:os';
import { routeConsoleToStderr } from '../log.ts';
import { VERSION } from '../version.ts';
import { attachCheck } from '../report/attach-check.ts';
import { ReportRun } from '../report/model.ts';
import { presentRun } from '../report/present.ts';
import { chooseRendering } from '../report/render-text.ts';
import { substrateDeps } from '../report/substrate-deps.ts';
import { parseFlags, UsageError, type CliCommand } from './command.ts';

export const CONFIG_FLAGS = ['api-key', 'endpoint'];

/** The configuration flags a report accepts, as the server does (`--api-key`, `--endpoint`). */
export function configFlags(flags: Record<string, string | true>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of CONFIG_FLAGS) if (typeof flags[name] === 'string') out[name] = flags[name] as string;
  return out;
}

export async function runAttachCheckCli(opts: { json: boolean; flags: Record<string, string>; command: string }): Promise<number> {
  routeConsoleToStderr();
  const run = new ReportRun();
  return presentRun({
    run,
    command: opts.command,
    title: `metabob-mcp ${opts.command} (${VERSION})`,
    rendering: chooseRendering({ json: opts.json, isTTY: Boolean(process.stdout.isTTY), env: process.env }),
    loadInk: () => import('../../tui/render-ink.tsx'),
    work: async () =>
      (await attachCheck(run, substrateDeps, { env: process.env, cwd: process.cwd(), home: homedir(), flags: opts.flags })).summary,
  });
}

export const attachCommand: CliCommand = {
  name: 'attach',
  async run(argv) {
    const { flags, positionals } = parseFlags(argv, ['check', 'json']);
    if (!flags.check) throw new UsageError('attach needs --check: metabob-mcp attach --check [--json]');
    if (positionals.length > 0) throw new UsageError(`attach --check takes no arguments; got "${positionals[0]}"`);
    const unknown = Object.keys(flags).filter((f) => !['check', 'json', ...CONFIG_FLAGS].includes(f));
    if (unknown.length > 0) throw new UsageError(`unknown flag --${unknown[0]}`);
    return runAttachCheckCli({ json: Boolean(flags.json), flags: configFlags(flags), command: 'attach --check' });
  },
};
