// Subcommands the spec names whose capability lands in a later issue (their help lines are in
// main.ts). Each moves to its own file when it is built.
import { pendingCommand, type CliCommand } from './command.ts';

const LATER = 'a later issue: the substrate tools on the attachment';

export const pendingCommands: Record<string, CliCommand> = {
  task: pendingCommand('task', LATER),
  finding: pendingCommand('finding', LATER),
};
