// `metabob-mcp task pull --origin <git url> [...]` (SPEC §task pull): a cell's first step. It
// prints what each candidate's claim did; --json prints one object with retry_after.
import { routeConsoleToStderr } from '../log.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { defineCommand, EXIT, UsageError, type ExitCode } from './command.ts';
import { configFlags, REPORT_CONFIG_OPTIONS } from './config-options.ts';

const MINUTES_MAX = 240;

export const taskCommand = defineCommand({
  name: 'task',
  summary: 'take a task from the ledger, claim it and clone its work directory',
  args: 'pull',
  options: {
    origin: { type: 'string', value: 'URL', required: true, description: "the repository's git origin" },
    'task-dir': { type: 'string', value: 'DIR', description: 'where task.json and context.md go (default /task); empty or missing' },
    'work-dir': { type: 'string', value: 'DIR', description: 'where the origin is cloned (default /work); empty or missing' },
    minutes: { type: 'string', value: 'N', description: `how long the claim lasts (default 60, at most ${MINUTES_MAX})` },
    trust: {
      type: 'string',
      value: 'IDS',
      description: 'comma-separated vessel ids whose project conventions count (default: METABOB_TASK_TRUST, else the task recorder)',
    },
    json: { type: 'boolean', description: 'print one JSON object (with retry_after on exit 4)' },
    ...REPORT_CONFIG_OPTIONS,
  },
  async run({ flags, positionals }): Promise<ExitCode> {
    routeConsoleToStderr();
    if (positionals[0] !== 'pull' || positionals.length > 1) throw new UsageError(`task takes one action, pull; got "${positionals.join(' ')}"`);
    const minutes = flags.minutes === undefined ? 60 : Number(flags.minutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MINUTES_MAX) throw new UsageError(`--minutes must be a whole number from 1 to ${MINUTES_MAX}`);
    const trust = (flags.trust ?? process.env.METABOB_TASK_TRUST ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 50);
    const taskDir = flags['task-dir'] ?? '/task';
    const workDir = flags['work-dir'] ?? '/work';
    const { cellSession, originShapedFolder } = await import('../cells/cell-session.ts');
    const { openCellLedger } = await import('../cells/shared-cell-ledger.ts');
    const { runTaskPull } = await import('../cells/task-pull.ts');
    const write = pipeWriter();
    const print = async (lines: string[], json: Record<string, unknown>) => write((flags.json ? JSON.stringify(json) : lines.join('\n')) + '\n');

    const shaped = await originShapedFolder(flags.origin);
    if (!shaped.ok) {
      await print([shaped.line], { exit: 1, error: shaped.line });
      return EXIT.failed;
    }
    const session = cellSession(shaped.dir, workDir, configFlags(flags));
    try {
      const opened = await openCellLedger(session.services);
      if (!opened.ok) {
        await print([opened.line], { exit: 2, error: opened.line });
        return EXIT.usage;
      }
      const result = await runTaskPull(
        {
          origin: flags.origin,
          taskDir,
          workDir,
          minutes,
          trust,
          sessionId: session.services.sessionId,
          now: () => session.services.clock.now(),
          warn: (line) => session.services.log.warn(line),
        },
        opened.ledger,
      );
      await print(result.lines, result.json);
      return result.exit as ExitCode;
    } finally {
      session.close();
      shaped.remove();
    }
  },
});
