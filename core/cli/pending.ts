// Subcommands the spec names whose capability lands in a later issue. Each moves to its own
// file, with its options declared by defineCommand, when it is built; until then its usage is
// the spec's, and it reads no argument.
import { pendingCommand, type CliCommand } from './command.ts';

const LATER = 'a later issue: the substrate tools on the attachment';

export const pendingCommands: CliCommand[] = [
  pendingCommand(
    'task',
    'pull --origin <git url> [--task-dir DIR] [--work-dir DIR] [--minutes N] [--trust IDS] [--json]',
    'take a task from the ledger, claim it and clone its work directory',
    LATER,
  ),
  pendingCommand(
    'finding',
    'close (--commits-from FILE | --commits RANGE) [--target BRANCH] [--json]',
    'close findings by the Fixes-Finding trailers of pushed commits',
    LATER,
  ),
];
