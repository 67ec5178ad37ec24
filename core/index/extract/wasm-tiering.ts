// Parser WebAssembly runs on V8's baseline compiler (Liftoff) only, never tiered up to TurboFan.
// An index is one pass over each file, usually in a fresh process (SPEC §init_workspace,
// `index-not-persisted`), and tier-up is paid per process: measured on Django (4.8 MB, two
// cores), TurboFan compiled 86 functions of the runtime and grammars for ~780 ms of CPU on
// V8's background threads, competing with both extraction lanes, to make parsing ~15% faster
// once warm (parse-only 862 against 1006 ms). The break-even is near 25 MB of source parsed in
// one process, beyond what the 2000-file cap lets an index reach. Measured through the bin
// (`metabob-mcp index`, interleaved, medians of 5): Django 2039 -> 1936 ms, zod/src 1375 -> 1216 ms.
//
// V8 flags are process-wide and read when a module compiles, so this runs first thing in the
// bin, before any WebAssembly is compiled and before the code cache is checked (the cache
// records the flags it was made under; the build makes it through this same bin).
import { setFlagsFromString } from 'node:v8';

export function parseWithBaselineWasmOnly(): void {
  setFlagsFromString('--liftoff-only');
}
