import type { WebVitalMetric } from "@oystar/api-client";

/** Each bucket's upper bound is 5 % above the previous one: the percentile is exact to 5 %. */
const GROWTH = 1.05;
/** CLS is a score below 1 where it matters; counted in thousandths, like milliseconds. */
const scale = (metric: WebVitalMetric) => (metric === "CLS" ? 1000 : 1);

/** The bucket a value falls in: 0 holds everything up to 1 (ms, or thousandths of CLS). */
export function bucketOf(metric: WebVitalMetric, value: number): number {
  const scaled = value * scale(metric);
  return scaled <= 1 ? 0 : Math.ceil(Math.log(scaled) / Math.log(GROWTH));
}

/** What a bucket stands for when a percentile lands in it: its upper bound. */
export function bucketValue(metric: WebVitalMetric, bucket: number): number {
  if (bucket === 0) return 0;
  const value = GROWTH ** bucket / scale(metric);
  return metric === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
}

/** The 75th percentile of counted buckets (sorted by bucket): the first bucket reaching 75 %. */
export function p75(metric: WebVitalMetric, buckets: ReadonlyArray<{ bucket: number; samples: number }>): number {
  const total = buckets.reduce((sum, entry) => sum + entry.samples, 0);
  let seen = 0;
  for (const entry of buckets) {
    seen += entry.samples;
    if (seen >= 0.75 * total) return bucketValue(metric, entry.bucket);
  }
  return 0;
}
