// Whether a sorted list of source offsets holds one inside a range: the one binary search the
// extractor's position questions share (a call inside a class body, `new` inside a function).

/** Whether a sorted list of positions holds one in [from, to): one binary search. */
export function anyWithin(sorted: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]! < to;
}
