// The index's caps (READING-NOTES "Where this project goes past the spec's numbers": caps).
// SPEC §init_workspace says at most 2000 files of at most 200 KB; those numbers came from a
// slower index and cost answers here (a library's 877 KB hand-written main module, every file
// after the 2000th in path order). These bounds come from this index's own speed and memory,
// measured in docs/index-caps.md; the 20 s budget with resume still bounds one call.

/**
 * A hand-written file up to this size is parsed (docs/index-caps.md: effect's 936 KB Effect.ts
 * took 3.7 s and 121 MB on a busy 2-core machine; a 1.9 MB file took 16 s, most of one call's
 * 20 s budget, so the bound stays at 1 MB).
 */
export const MAX_FILE_BYTES = 1024 * 1024;

/**
 * At most this many files are indexed (docs/index-caps.md: 10,025 files took 44.5 s of CPU and
 * 477 MB peak RSS, about 48 KB a file; 20,000 is about 950 MB and four or five 20 s calls).
 */
export const MAX_FILES = 20_000;

/**
 * The file cap in effect: METABOB_MAX_FILES (a positive integer) lowers it, so tests and
 * machines short of memory can see the cap bind without building 20,000 files; it never raises it.
 */
export function maxFiles(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.METABOB_MAX_FILES?.trim();
  if (!raw || !/^\d+$/.test(raw)) return MAX_FILES;
  const n = Number(raw);
  return n >= 1 && n < MAX_FILES ? n : MAX_FILES;
}

/** `2 MB`, `200 KB`: the size bound as answers name it. */
export function bytesText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** `20,000`: the file cap as answers name it. */
export function countText(n: number): string {
  return n.toLocaleString('en-US');
}
