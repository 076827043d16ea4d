// What the RAG benchmarks share (`pnpm bench rag`): a corpus that is the same on every run, and
// the quantiles they report.

/** A deterministic generator (mulberry32): the same corpus on every run. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The q-quantile of some timings (0 when there are none). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
