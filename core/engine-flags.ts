// V8 settings for what this process mostly does: one pass over a workspace, usually in a fresh
// process (SPEC §init_workspace, `index-not-persisted`: the index is rebuilt on every launch),
// on as few as two cores. V8 tunes for long-running pages, and its optimizing compilers run on
// background threads that compete with both extraction lanes.
//
// - Parser WebAssembly keeps V8's own tiering (Liftoff first, TurboFan for what runs hot). Held
//   on Liftoff it saved a few percent on small trees, but it cost more on every tree of size:
//   7,519 files (this repository's node_modules, one index each, same minutes) took 47.6 s
//   against 39.3 s with tiering under Node 20, 36.0 against 29.6 s under Node 22 and 45.4 against
//   32.3 s under Node 24, at 319/320, 336/324 and 356/373 MB; `npm run bench -- index-cold`, 5
//   rotated rounds, Liftoff against tiering: Django 5431 against 4671 ms, effect+rxjs 12130
//   against 9710 ms. TurboFan's compiles of the grammars' hot functions cost memory while they
//   run, within the index's bound: Node 24.22 (V8 13.6.233) peaked at 148 MB on Django and
//   373 MB on the 7,519 files.
// - Under V8 11 (Node 20), JavaScript gets 16 times V8's interrupt budget (67584 bytes of
//   bytecode) before a function is considered for optimization: a single pass optimized many
//   functions it was about to stop calling (the resolution pass, cold, took 426 ms against
//   145 ms warm). Four times: Django 1951 -> 1768 ms, zod/src 1028 -> 964 ms (9 runs each); 16
//   against four times (whole `index` processes, 4 alternating runs each, medians, with the two
//   extraction lanes each a fresh isolate): effect+rxjs 3,350 -> 3,056 ms, Django 1,473 ->
//   1,415 ms, peak RSS unchanged; 32 times measured the same. V8 12 renamed the flag and retuned
//   its tiering, so it is set only where it was measured.
// - Under V8 12 and 13 (Node 22, 24) the same holds of TurboFan, whose threshold is a count of
//   calls: each extraction lane is a fresh isolate that optimizes the extractor's functions anew
//   (a first pass over effect's and rxjs's sources costs ~1 s of CPU more than the next one in the
//   same isolate), and on two cores those compiles take time from the lanes. At 8 times V8's
//   3,000 calls (whole `index` processes, 4 alternating runs each, medians): Node 22.23 (V8 12.4)
//   effect+rxjs 3,547 -> 2,869 ms (user CPU 6,531 -> 5,125 ms), Django 1,494 -> 1,349 ms; Node
//   24.22 (V8 13.6) effect+rxjs 3,121 -> 2,997 ms, Django 1,380 -> 1,330 ms; peak RSS unchanged.
//   16 times measured about the same under Node 22 (2,812 ms, 1,319 ms), so the smaller factor
//   is kept. A long-running server still optimizes what stays hot: `npm run bench`'s queries on
//   Django (p50/p95 of search and impact) moved within run-to-run noise under both lines (and
//   under V8 11 at its budget above, p50 within 0.1-0.4 ms).
// - Under V8 13 (Node 24) the young generation keeps doubling its semi-spaces while an index
//   allocates its short-lived parse results, and the pages stay committed: an index of Django
//   peaked at 175-181 MB against 129 MB under Node 20. With the semi-spaces not grown past their
//   start size (`--semi-space-growth-factor=1`, read by the heap whenever it resizes, so it
//   applies though set after start) the same index peaks at 120 MB in the same time (1.23 s both;
//   zod/src 137 -> 117 MB). Under V8 11 (Node 20) it bounds the server's pauses instead: the
//   index's results survive in the young generation, and a scavenge copies what survives, so at
//   its full 16 MB semi-spaces one scavenge took 35-70 ms on the server's thread while the
//   workers parsed a 7,000-file tree, against at most ~15 ms at the start size, for the same
//   total (SPEC §init_workspace: every `ping` within 100 ms while the index runs). Under V8 12 it
//   was measured to change nothing (memory) and was not measured for pauses, so it is not set there.
//   Each new isolate (every worker the index starts) puts the flag back to 2 as its heap is
//   configured, so it is set again once a worker has started (keepEngineFlags).
//
// A flag V8 does not know is printed to the user's terminal (`Error: unrecognized flag`), so a
// flag is set only under the V8 majors it was checked on (tests/unit/engine-flags.test.ts
// checks each against `node --v8-options` under every Node line CI runs); under another V8 the
// process runs on V8's own settings. Flags are process-wide and read as code compiles, so the
// bin sets them first thing, before any WebAssembly is compiled or any worker started.
import { setFlagsFromString } from 'node:v8';

interface EngineSetting {
  /** Set together, in one call. */
  flags: string[];
  /** V8 major versions the flags exist in and were measured under. */
  v8Majors: number[];
}

const SETTINGS: EngineSetting[] = [
  { flags: ['--interrupt-budget=1081344'], v8Majors: [11] },
  { flags: ['--semi-space-growth-factor=1'], v8Majors: [11, 13] },
  { flags: ['--invocation-count-for-turbofan=24000'], v8Majors: [12, 13] },
];

/** The flags the bin sets under V8 `v8Version` (`process.versions.v8` by default). */
export function engineFlagsFor(v8Version: string = process.versions.v8): string[] {
  const major = Number(v8Version.split('.')[0]);
  return SETTINGS.filter((s) => s.v8Majors.includes(major)).flatMap((s) => s.flags);
}

/**
 * Marks that the bin set the flags in this process (tests and benches running core/ from source
 * do not). Kept on the global object, as the flags themselves are process-wide: the bin and the
 * server's bundle each carry a copy of this module.
 */
const APPLIED = Symbol.for('metabob.engineFlagsApplied');

export function applyEngineFlags(): void {
  const flags = engineFlagsFor();
  if (flags.length > 0) setFlagsFromString(flags.join(' '));
  (globalThis as Record<symbol, unknown>)[APPLIED] = true;
}

/**
 * Sets the flags again: V8 configures each new isolate's heap with a semi-space growth factor of
 * at least 2 and writes that back to the process-wide flag, so a worker's start undoes
 * `--semi-space-growth-factor=1` for this thread's heap too. Called as a worker comes online and
 * on its first message; a process whose bin did not set them is left as it is.
 */
export function keepEngineFlags(): void {
  if ((globalThis as Record<symbol, unknown>)[APPLIED] === true) applyEngineFlags();
}
