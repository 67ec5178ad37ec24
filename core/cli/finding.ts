// `metabob-mcp finding close (--commits-from FILE | --commits RANGE) [...]` (SPEC §finding
// close): close by commit. Each finding's outcome is printed; --json prints one object.
import { routeConsoleToStderr } from '../log.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { defineCommand, EXIT, UsageError, type ExitCode } from './command.ts';
import { configFlags, REPORT_CONFIG_OPTIONS } from './config-options.ts';

export const findingCommand = defineCommand({
  name: 'finding',
  summary: 'close findings by the Fixes-Finding trailers of pushed commits',
  args: 'close',
  options: {
    'commits-from': { type: 'string', value: 'FILE', group: 'commits', description: 'the commits, one sha a line (git rev-list origin/<target>..HEAD)' },
    commits: { type: 'string', value: 'RANGE', group: 'commits', description: 'a commit range, after your own push' },
    target: { type: 'string', value: 'BRANCH', description: "the branch the fix must be merged into (default: the task's policy, else main)" },
    'work-dir': { type: 'string', value: 'DIR', description: 'the checkout (default: the current directory)' },
    task: { type: 'string', value: 'FILE', description: 'the task.json task pull wrote (its policy names the target)' },
    json: { type: 'boolean', description: 'print one JSON object' },
    ...REPORT_CONFIG_OPTIONS,
  },
  async run({ flags, positionals }): Promise<ExitCode> {
    routeConsoleToStderr();
    if (positionals[0] !== 'close' || positionals.length > 1) throw new UsageError(`finding takes one action, close; got "${positionals.join(' ')}"`);
    if ((flags['commits-from'] === undefined) === (flags.commits === undefined))
      throw new UsageError('finding close needs exactly one of --commits-from FILE or --commits RANGE');
    const workDir = flags['work-dir'] ?? process.cwd();
    const { cellSession } = await import('../cells/cell-session.ts');
    const { openCellLedger } = await import('../cells/shared-cell-ledger.ts');
    const { runFindingClose } = await import('../cells/finding-close.ts');
    const write = pipeWriter();
    const session = cellSession(workDir, workDir, configFlags(flags));
    try {
      const opened = await openCellLedger(session.services);
      if (!opened.ok) {
        await write((flags.json ? JSON.stringify({ exit: 2, error: opened.line }) : opened.line) + '\n');
        return EXIT.usage;
      }
      const result = await runFindingClose(
        { commitsFrom: flags['commits-from'], commits: flags.commits, target: flags.target, workDir, task: flags.task },
        opened.ledger,
      );
      await write((flags.json ? JSON.stringify(result.json) : result.lines.join('\n')) + '\n');
      return result.exit as ExitCode;
    } finally {
      session.close();
    }
  },
});
