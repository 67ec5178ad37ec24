// Subcommands the spec names whose capability lands in a later issue. Each moves to its own
// file when it is built.
import { pendingCommand, type CliCommand } from './command.ts';

export const taskCommand = pendingCommand(
  'task',
  'pull --origin <git url> [--task-dir DIR] [--work-dir DIR] [--minutes N] [--trust IDS] [--json]',
  'take a task from the ledger, claim it and clone its work directory',
  'a later issue: the substrate tools on the attachment',
);
export const findingCommand = pendingCommand(
  'finding',
  'close (--commits-from FILE | --commits RANGE) [--target BRANCH] [--json]',
  'close findings by the Fixes-Finding trailers of pushed commits',
  'a later issue: the substrate tools on the attachment',
);

export const pendingCommands: Record<string, CliCommand> = {
  task: taskCommand,
  finding: findingCommand,
};
