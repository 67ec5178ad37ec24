// The longest the server's thread was held during an index, whatever held it (SPEC
// §init_workspace: every `ping` within 100 ms while the index runs): a timer every INTERVAL_MS,
// and the longest time between two of its turns, the most a request that came just after one
// turn waited (INTERVAL_MS when nothing held the thread). The start and the stop count as turns,
// so a stall before the timer's first turn or after its last one is measured too
// (node:perf_hooks' monitorEventLoopDelay records neither).

const INTERVAL_MS = 10;

export class StallMonitor {
  private last = 0;
  private longest = 0;
  private timer: NodeJS.Timeout | undefined;

  start(): void {
    this.last = performance.now();
    this.timer = setInterval(() => this.turn(), INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer; the longest stall seen, in milliseconds. */
  stop(): number {
    clearInterval(this.timer);
    this.turn();
    return this.longest;
  }

  private turn(): void {
    const now = performance.now();
    this.longest = Math.max(this.longest, now - this.last);
    this.last = now;
  }
}
