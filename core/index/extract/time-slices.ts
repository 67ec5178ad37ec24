// Long work on the server's one thread, cut into slices with a turn of the event loop between
// them (SPEC §init_workspace: the server keeps answering, `ping` included, while it indexes).
// The index's main-thread work (parsing a lane's files, resolving the graph, reading the warm
// start's files) checks `due()` between small steps and awaits `pause()` when a slice has run
// its time, so no request waits behind more than a slice of it. The CLI runs the same code.

/** How long a slice may run before it lets the event loop turn. */
export const SLICE_MS = 12;

/** Thrown by a slicer's pause once its signal is aborted: the work stops at the next slice boundary. */
export class SlicesAborted extends Error {
  constructor() {
    super('cancelled');
    this.name = 'SlicesAborted';
  }
}

export class TimeSlicer {
  private sliceStart = performance.now();
  /** The longest slice so far, from its start to the check that ended it (ms): what a request could wait behind. */
  longestSliceMs = 0;
  /** Slices ended by a pause so far. */
  pauses = 0;

  /**
   * `signal`: once aborted, the next pause throws SlicesAborted, so work cut into slices stops
   * within one slice of a cancel (SPEC §init_workspace: a cancelled index stops its work).
   */
  constructor(
    readonly sliceMs = SLICE_MS,
    private readonly signal?: AbortSignal,
  ) {}

  /** Whether the current slice has run its time. */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Ends the slice: lets the event loop run what waits (I/O, timers, requests), then starts the next. */
  async pause(): Promise<void> {
    const ran = performance.now() - this.sliceStart;
    if (ran > this.longestSliceMs) this.longestSliceMs = ran;
    this.pauses++;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.signal?.aborted) throw new SlicesAborted();
    this.sliceStart = performance.now();
  }

  /** Pauses when the slice has run its time. */
  async maybePause(): Promise<void> {
    if (this.due()) await this.pause();
  }
}
