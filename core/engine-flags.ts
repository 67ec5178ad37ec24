// V8 settings for what this process mostly does: one pass over a workspace, usually in a fresh
// process (SPEC §init_workspace, `index-not-persisted`: the index is rebuilt on every launch),
// on as few as two cores. V8 tunes for long-running pages, and its optimizing compilers run on
// background threads that compete with both extraction lanes. Measured through the bin
// (`metabob-mcp index`, interleaved runs, medians):
//
// - Parser WebAssembly is never compiled by TurboFan in this process: its optimized code
//   comes from the build's cache (core/index/extract/parser-code-cache.ts, which needs
//   --allow-natives-syntax), and when that cache cannot be used the parser stays on the
//   baseline compiler (Liftoff; the cache module sets --liftoff-only then). Tiering up here
//   cost ~780 ms of background CPU on Django (4.8 MB) to parse ~15% faster once warm; the
//   break-even is near 25 MB parsed in one process, beyond what the 2000-file cap reaches.
//   Django 2039 -> 1936 ms, zod/src 1375 -> 1216 ms, Liftoff-only against tier-up.
// - JavaScript gets four times V8's interrupt budget (67584 bytes of bytecode) before a
//   function is considered for optimization: a single pass optimized many functions it was
//   about to stop calling (the resolution pass, cold, took 426 ms against 145 ms warm).
//   Django 1951 -> 1768 ms, zod/src 1028 -> 964 ms (9 runs each). Hot code is still
//   optimized, a little later, so a long-running server's queries are not held back.
//
// Flags are process-wide and read as code compiles and warms, so the bin sets them first thing,
// before any WebAssembly is compiled and before the code cache is checked (the cache records
// the flags it was made under; the build makes it through this same bin).
import { setFlagsFromString } from 'node:v8';

export const ENGINE_FLAGS = ['--allow-natives-syntax', '--interrupt-budget=270336'];

export function applyEngineFlags(): void {
  for (const flag of ENGINE_FLAGS) setFlagsFromString(flag);
}
