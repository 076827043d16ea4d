import { ASSISTANT_PATHS } from "./assistant-paths";

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
