// Temp folders for tests, removed when the test file's process exits: `npm test` leaves the
// machine's temp directory as it found it (each test file runs in a process of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** Best effort: a folder a test made unreadable, or a server still writing into one, is left as it is. */
function removeMade(): void {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Left for the system's temp cleaner; an exit hook has no one to report to.
    }
  }
}

/** A new folder under the temp directory whose name starts with `prefix`, removed at exit. */
export function tempDir(prefix = 'metabob-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (made.length === 0) process.once('exit', removeMade);
  made.push(dir);
  return dir;
}
