import { z } from "./zod";
import { WEB_VITAL_METRICS, WEB_VITAL_PAGES } from "../web-vital-pages";

// The pages and metrics live in a module of their own, without zod: the reporter that loads with
// every page needs them, the schema does not belong on that path (issue 15).
export { WEB_VITAL_METRICS, WEB_VITAL_PAGES, webVitalPage } from "../web-vital-pages";
export type { WebVitalMetric, WebVitalPage } from "../web-vital-pages";

/** POST /api/web-vitals. Times in milliseconds (up to 10 minutes); CLS is a score (up to 100). */
export const webVitalSchema = z
  .strictObject({
    page: z.enum(WEB_VITAL_PAGES, { error: "Pagina non riconosciuta" }),
    name: z.enum(WEB_VITAL_METRICS, { error: "Metrica non riconosciuta" }),
    value: z.number({ error: "Valore non valido" }).finite().min(0, "Valore non valido"),
  })
  .refine((vital) => vital.value <= (vital.name === "CLS" ? 100 : 600_000), { message: "Valore fuori scala", path: ["value"] });
export type WebVital = z.infer<typeof webVitalSchema>;

/** GET /api/admin/web-vitals: the 75th percentile per page and metric, and how many samples. */
export const webVitalsReportSchema = z.object({
  vitals: z.array(z.object({ page: z.string(), metric: z.enum(WEB_VITAL_METRICS), p75: z.number(), samples: z.number().int() })),
});
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
