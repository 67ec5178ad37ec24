// Whether a sorted list of source offsets holds one inside a range: the one binary search the
// extractor's position questions share (a call inside a class body, `new` inside a function).

/** Whether a sorted list of positions holds one in [from, to): one binary search. */
export function anyWithin(sorted: readonly number[], from: number, to: number): boolean {
  const lo = firstAtOrAfter(sorted, from);
  return lo < sorted.length && sorted[lo]! < to;
}

/** The positions of a sorted list in [from, to), at most `max` of them (undefined past that). */
export function within(sorted: readonly number[], from: number, to: number, max: number): number[] | undefined {
  const out: number[] = [];
  for (let i = firstAtOrAfter(sorted, from); i < sorted.length && sorted[i]! < to; i++) {
    if (out.length === max) return undefined;
    out.push(sorted[i]!);
  }
  return out;
}

function firstAtOrAfter(sorted: readonly number[], from: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
