import { z } from "zod";
import { ASSISTANT_PATHS } from "../assistant-paths";

// spec 000 §7: a lazily loaded web-vitals reporter. What it sends is the page and the metric,
// nothing else (no user, no address, no query); the server keeps aggregates only.

export const WEB_VITAL_METRICS = ["CLS", "FCP", "INP", "LCP", "TTFB"] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** The product's pages (DESIGN.md §2); any other address is reported as "altro". */
export const WEB_VITAL_PAGES = [
  "/",
  "/oystar",
  "/oystar-ai",
  "/login",
  "/subscription",
  "/enterprise-contact",
  "/contact",
  "/business-index-request",
  "/success",
  ASSISTANT_PATHS.chat,
  ASSISTANT_PATHS.debate,
  ASSISTANT_PATHS.rag,
  "altro",
] as const;
export type WebVitalPage = (typeof WEB_VITAL_PAGES)[number];

/** The page a path counts as: one of the product's, or "altro" (an address never leaves as typed). */
export function webVitalPage(pathname: string): WebVitalPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (WEB_VITAL_PAGES as readonly string[]).includes(path) ? (path as WebVitalPage) : "altro";
}

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
