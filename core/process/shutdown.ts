// Clean shutdown: a client that closes stdin, or whose end of stdout is gone (EPIPE), ends
// the server (SPEC §runtime). Modules register what must be undone (the attached marker,
// the store) here instead of each listening for signals.
import { log } from '../log.ts';

type Cleanup = () => void | Promise<void>;
const cleanups: Cleanup[] = [];
let shuttingDown = false;

export function onShutdown(fn: Cleanup): void {
  cleanups.push(fn);
}

export async function shutdown(reason: string, code = 0): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    log.debug(`shutting down: ${reason}`);
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log.warn('cleanup failed:', err);
      }
    }
  }
  process.exit(code);
}
