// One process is one session (SPEC §client-claim `session`): SESSION_ID when set,
// otherwise one UUID per launch. Fixed at start, so it is a constant, not state.
import { randomUUID } from 'node:crypto';

export const sessionId: string = process.env.SESSION_ID || randomUUID();
export const sessionStartedAt = Date.now();

/** What the session has been charged for: a file counts in a tokens_saved baseline once (READING-NOTES §_meta). */
export class BaselineCharges {
  private readonly charged = new Set<string>();

  /** Returns the files not yet counted in a baseline this session, and marks them counted. */
  takeUncounted(files: string[]): string[] {
    const fresh: string[] = [];
    for (const file of files) {
      if (this.charged.has(file)) continue;
      this.charged.add(file);
      fresh.push(file);
    }
    return fresh;
  }
}
