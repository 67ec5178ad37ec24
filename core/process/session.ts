// One process is one session (SPEC §client-claim `session`): SESSION_ID when set,
// otherwise one UUID per launch. Also holds what the session has already been charged for,
// so a file counts in a tokens_saved baseline once per session (READING-NOTES §_meta).
import { randomUUID } from 'node:crypto';

export const sessionId: string = process.env.SESSION_ID || randomUUID();
export const sessionStartedAt = Date.now();

const filesCharged = new Set<string>();

/** Returns the files not yet counted in a baseline this session, and marks them counted. */
export function takeUncountedFiles(files: string[]): string[] {
  const fresh: string[] = [];
  for (const file of files) {
    if (filesCharged.has(file)) continue;
    filesCharged.add(file);
    fresh.push(file);
  }
  return fresh;
}
