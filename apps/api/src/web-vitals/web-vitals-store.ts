import type { WebVital, WebVitalMetric, WebVitalsReport } from "@oystar/api-client";
import type { Database } from "../db/database";
import { bucketOf, p75 } from "./vital-buckets";

/** The web-vitals aggregates (migration 0009): counts per page, metric and value bucket. */
export function createWebVitalsStore(db: Database) {
  return {
    async record(vital: WebVital): Promise<void> {
      await db.query(
        `INSERT INTO web_vital_buckets (page, metric, bucket, samples) VALUES ($1, $2, $3, 1)
         ON CONFLICT (page, metric, bucket) DO UPDATE SET samples = web_vital_buckets.samples + 1`,
        [vital.page, vital.name, bucketOf(vital.name, vital.value)],
      );
    },

    /** The 75th percentile per page and metric, pages and metrics in alphabetical order. */
    async report(): Promise<WebVitalsReport> {
      const rows = await db.query<{ page: string; metric: WebVitalMetric; bucket: number; samples: string | number }>(
        "SELECT page, metric, bucket, samples FROM web_vital_buckets ORDER BY page, metric, bucket",
      );
      const groups = new Map<string, { page: string; metric: WebVitalMetric; buckets: Array<{ bucket: number; samples: number }> }>();
      for (const row of rows) {
        const key = `${row.page} ${row.metric}`;
        const group = groups.get(key) ?? { page: row.page, metric: row.metric, buckets: [] };
        group.buckets.push({ bucket: row.bucket, samples: Number(row.samples) });
        groups.set(key, group);
      }
      return {
        vitals: [...groups.values()].map(({ page, metric, buckets }) => ({
          page,
          metric,
          p75: p75(metric, buckets),
          samples: buckets.reduce((sum, entry) => sum + entry.samples, 0),
        })),
      };
    },
  };
}
