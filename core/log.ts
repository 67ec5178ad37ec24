// The one logger. stderr is the log channel; stdout belongs to the MCP transport
// (SPEC §architecture). Lines may also be mirrored to MCP `notifications/message`
// once a client is connected (capability `mcp_logging`). Every line passes redactUrl first
// (SPEC §Proxy `redact-credentials`): a URL's user info is never logged, whoever wrote the line.
import { redactUrl } from './redact-url.ts';

export type LogLevel = 'debug' | 'info' | 'warning' | 'error';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warning: 30, error: 40 };

// Process-wide by design: one stderr, and one MCP client to mirror log lines to.
type Mirror = (level: LogLevel, line: string) => void;
let mirror: Mirror | undefined;
let threshold: LogLevel = (process.env.METABOB_LOG_LEVEL as LogLevel) in order ? (process.env.METABOB_LOG_LEVEL as LogLevel) : 'info';

/** Installs the MCP notification lane; pass undefined to remove it. */
export function setLogMirror(fn: Mirror | undefined): void {
  mirror = fn;
}

export function setLogThreshold(level: LogLevel): void {
  threshold = level;
}

function write(level: LogLevel, parts: unknown[]): void {
  const line = redactUrl(parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : safeJson(p))).join(' '));
  if (order[level] >= order[threshold]) {
    try {
      process.stderr.write(`[metabob-mcp] ${level.toUpperCase()} ${line}\n`);
    } catch {
      // stderr gone: nothing left to tell.
    }
  }
  try {
    mirror?.(level, line);
  } catch {
    // A mirror failure must never break the caller.
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export const log = {
  debug: (...parts: unknown[]) => write('debug', parts),
  info: (...parts: unknown[]) => write('info', parts),
  warn: (...parts: unknown[]) => write('warning', parts),
  error: (...parts: unknown[]) => write('error', parts),
};
export type Logger = typeof log;

// @anchor stdout-is-transport
/**
 * Routes console.log / info / debug to stderr so library logging cannot corrupt the
 * JSON-RPC stream (SPEC §architecture). Called first thing by every entry point that
 * serves MCP.
 */
export function routeConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => {
    try {
      process.stderr.write(redactUrl(args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' ')) + '\n');
    } catch {
      // ignore
    }
  };
  /* eslint-disable no-console -- this is the one place that replaces console's stdout methods, with stderr writers */
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  /* eslint-enable no-console */
}
