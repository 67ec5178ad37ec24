// What reading a function's own statements for a type may cost in one file (the returns of
// python-returns.ts and typescript-returns.ts, the assignments of typescript-assigned.ts). A
// function's body holds the bodies of the functions nested in it, so reading each body in full
// would cost a file nested n deep n² (SPEC §init_workspace: a file up to the size cap indexes
// in time linear in it). Each file gets one budget, a fixed part plus a part per character; when
// it is spent the rest of the file's functions are typed by their annotations only, the same way
// on every run.
import type { ExtractionBuilder } from '../extraction-builder.ts';
import { anyWithin, within } from '../sorted-positions.ts';

const FIXED_NODES = 50_000;
const FIXED_CHARS = 1 << 20;

interface Budget {
  nodes: number;
  chars: number;
  /** Offsets of each pattern's matches in the file, ascending, by the pattern's source. */
  matches?: Map<string, number[]>;
}

const budgets = new WeakMap<ExtractionBuilder, Budget>();

function budgetOf(b: ExtractionBuilder, source: string): Budget {
  let budget = budgets.get(b);
  if (!budget) budgets.set(b, (budget = { nodes: FIXED_NODES + source.length / 8, chars: FIXED_CHARS + 4 * source.length }));
  return budget;
}

const NEW = /new/g;

/** Whether `new` is written between two offsets: one scan of the file, then a binary search per question. */
export function constructsWithin(b: ExtractionBuilder, source: string, from: number, to: number): boolean {
  return matchesWithin(b, source, NEW, from, to);
}

/**
 * Whether the file has a match of `pattern` (a global regex, linear on any input) between two
 * offsets: one scan of the file per pattern, then a binary search per question.
 */
export function matchesWithin(b: ExtractionBuilder, source: string, pattern: RegExp, from: number, to: number): boolean {
  return anyWithin(matchesOf(b, source, pattern), from, to);
}

/** Where `pattern` matches between two offsets, at most `max` places (undefined past that); as matchesWithin, one scan per file. */
export function matchesBetween(b: ExtractionBuilder, source: string, pattern: RegExp, from: number, to: number, max: number): number[] | undefined {
  return within(matchesOf(b, source, pattern), from, to, max);
}

function matchesOf(b: ExtractionBuilder, source: string, pattern: RegExp): number[] {
  const budget = budgetOf(b, source);
  budget.matches ??= new Map();
  let offsets = budget.matches.get(pattern.source);
  if (!offsets) {
    offsets = [];
    pattern.lastIndex = 0;
    for (let m = pattern.exec(source); m; m = pattern.exec(source)) offsets.push(m.index);
    budget.matches.set(pattern.source, offsets);
  }
  return offsets;
}

/** Takes `nodes` node reads (or `chars` characters) from the file's budget; false, taking nothing, when it has not that much left. */
export function spend(b: ExtractionBuilder, source: string, cost: { nodes?: number; chars?: number }): boolean {
  const budget = budgetOf(b, source);
  const nodes = cost.nodes ?? 0;
  const chars = cost.chars ?? 0;
  if (budget.nodes < nodes || budget.chars < chars) return false;
  budget.nodes -= nodes;
  budget.chars -= chars;
  return true;
}
