// SPEC §call-log: with METABOB_CALL_LOG=<path>, one JSON line per tool call, arguments by
// name and size only, file mode 0600; a failed write never fails the call.
import { accessSync, appendFileSync, chmodSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeArgsForLog } from '../outgoing-guard.ts';
import { log } from '../log.ts';
import type { Plane } from '../tools/define-tool.ts';
import { unknownToolLogName } from './unknown-tool-name.ts';

export type CallOutcome = 'ok' | 'refused' | 'not_attached' | 'error';

export interface CallRecord {
  session: string;
  tool: string;
  plane: Plane;
  args: unknown;
  outcome: CallOutcome;
  result?: string;
  ms: number;
}

// Every tool's name is far shorter; a longer one is a caller's text and is logged by length
// (the boundary already names an unknown tool so; this holds for any caller of logCall).
const MAX_LOGGED_TOOL_CHARS = 64;

/** Whether a line could be appended at `path` now: the file is writable, or its directory is. */
export function callLogWritable(path: string): boolean {
  try {
    accessSync(existsSync(path) ? path : dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

// @anchor logCall
/** `warned` holds the paths this session already said it cannot write, so it says so once. */
export function logCall(record: CallRecord, path: string | undefined, warned: Set<string>): void {
  if (!path) return;
  const line = {
    ts: new Date().toISOString(),
    session: record.session,
    tool: record.tool.length <= MAX_LOGGED_TOOL_CHARS ? record.tool : unknownToolLogName(record.tool),
    // The spec names two entry points; a headless `call` is logged as what it is.
    via: record.plane,
    args: describeArgsForLog(record.args),
    outcome: record.outcome,
    // @anchor reportResult
    ...(record.result !== undefined ? { result: record.result } : {}),
    ms: record.ms,
  };
  try {
    const existed = existsSync(path);
    appendFileSync(path, JSON.stringify(line) + '\n', { mode: 0o600 });
    if (!existed) chmodSync(path, 0o600);
  } catch (err) {
    if (!warned.has(path)) {
      warned.add(path);
      log.warn(`call log ${path} could not be written (${(err as Error).message}); calls go on unlogged`);
    }
  }
}
