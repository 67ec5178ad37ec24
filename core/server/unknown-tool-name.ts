// A tool name the server does not know is the caller's text, of any size and content (a
// pasted secret, 5 KB of noise): logs, metrics and events carry it by its length only, under
// one label (SPEC §call-log: sizes, never values), and an answer echoes it only when it is
// short and plain.

/** The one metrics label of every call to a name no tool has. */
export const UNKNOWN_TOOL_LABEL = 'unknown_tool';

const ECHOED_MAX_CHARS = 64;
const PLAIN_NAME = /^[A-Za-z0-9_.:/-]+$/;

/** How the call log, the debug line and call events name the call: `unknown_tool(4838)`. */
export function unknownToolLogName(name: string): string {
  return `${UNKNOWN_TOOL_LABEL}(${name.length})`;
}

/** Whether an answer may echo the name: short, and only the characters a tool name has. */
export function echoableToolName(name: string): boolean {
  return name.length <= ECHOED_MAX_CHARS && PLAIN_NAME.test(name);
}

/** The name as an answer gives it: `"no_such_tool"`, or `the name given (4838 characters)`. */
export function quotedToolName(name: string): string {
  return echoableToolName(name) ? `"${name}"` : `the name given (${name.length} characters)`;
}

/** The answer's one line. */
export function unknownToolLine(name: string, toolCount: number): string {
  return `unknown_tool: ${quotedToolName(name)} is not a tool of this server; tools/list names its ${toolCount} tools`;
}
