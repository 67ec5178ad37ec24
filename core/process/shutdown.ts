// Clean shutdown: a client that closes stdin, or whose end of stdout is gone (EPIPE), ends
// the server (SPEC §runtime). Modules register what must be undone (the attached marker,
// the store) here instead of each listening for signals.
import { log } from '../log.ts';

type Cleanup = () => void | Promise<void>;
// Process-wide by design: a process exits once, whichever part asks first.
const cleanups: Cleanup[] = [];
let shuttingDown: Promise<never> | undefined;

/** A cleanup that hangs does not keep the process alive past this. */
const CLEANUP_BUDGET_MS = 5000;

export function onShutdown(fn: Cleanup): void {
  cleanups.push(fn);
}

/**
 * Runs the cleanups once, newest first, then exits. Every later call (stdin's `end` and
 * `close`, the transport's close, a signal) waits for that one run, so none exits while a
 * cleanup is still undoing something.
 */
export function shutdown(reason: string, code = 0): Promise<never> {
  shuttingDown ??= (async () => {
    log.debug(`shutting down: ${reason}`);
    setTimeout(() => {
      log.warn(`shutdown: cleanups still running after ${CLEANUP_BUDGET_MS} ms; exiting anyway`);
      process.exit(code);
    }, CLEANUP_BUDGET_MS).unref();
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log.warn('cleanup failed:', err);
      }
    }
    process.exit(code);
  })();
  return shuttingDown;
}
