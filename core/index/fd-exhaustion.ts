// File-descriptor exhaustion while indexing (SPEC §init_workspace). EMFILE (this process is at
// its limit) and ENFILE (the system is) say nothing about the file that was being opened: a
// directory that cannot be listed, or a file that cannot be read, only because no descriptor
// was free would otherwise be indexed as empty, and init_workspace would report a smaller (or
// an empty, "0 files parsed") workspace as a success. So an index run that meets either stops
// and answers this cause instead, and nothing about the failure is remembered: once the
// descriptors are free again the next init_workspace indexes as usual.
import { closeSync, openSync } from 'node:fs';
import { cause, type Cause } from '../process/cause.ts';

export const FD_EXHAUSTED = 'fd_exhausted';

const CODES = ['EMFILE', 'ENFILE'] as const;
export type FdCode = (typeof CODES)[number];

/** EMFILE or ENFILE, from an error's code, or from its text when it crossed a thread or a loader as a message. */
export function fdExhaustionCode(err: unknown): FdCode | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (CODES as readonly string[]).includes(code)) return code as FdCode;
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return CODES.find((c) => new RegExp(`\\b${c}\\b`).test(text));
}

/**
 * The cause an index run answers with: `fd_exhausted(EMFILE): ...`, naming what it was doing
 * (`where`, e.g. "listing the workspace's directories") and the fix.
 */
export function fdExhaustedCause(code: FdCode, where: string): Cause {
  const whose = code === 'EMFILE' ? 'this process has no file descriptor free (its limit, ulimit -n, is reached)' : "the system's file table is full (ENFILE)";
  const fix =
    code === 'EMFILE'
      ? "close what holds them (connections to this server's loopback port, other files it has open) or raise ulimit -n and restart the server"
      : "close programs or files on this machine, or raise the system's limit (fs.file-max)";
  const line = `${FD_EXHAUSTED}(${code}): ${whose} while ${where}; the index run stopped rather than take files it could not open as empty or missing. Fix: ${fix}, then index again (init_workspace).`;
  return cause(FD_EXHAUSTED, line, { errno: code });
}

/**
 * Whether opening `dir` fails for want of a descriptor: for readers that take an unreadable
 * file as absent and cannot tell why. Any other failure (a platform that does not open
 * directories) is no answer, and undefined.
 */
export function descriptorsExhausted(dir: string): FdCode | undefined {
  try {
    closeSync(openSync(dir, 'r'));
    return undefined;
  } catch (err) {
    return fdExhaustionCode(err);
  }
}
