// The nearest-rank percentile every bench reports (p50, p95): the smallest sample that at least
// p% of the samples are at or below.
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
