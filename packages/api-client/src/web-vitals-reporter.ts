import { API_PATHS } from "./api-paths";
import type { WebVital } from "./schemas/web-vitals";
import { webVitalPage, type WebVitalMetric } from "./web-vital-pages";

/** The part of the web-vitals package the reporter uses. */
type Metric = { name: string; value: number };
export type WebVitalsLibrary = Record<`on${WebVitalMetric}`, (report: (metric: Metric) => void) => void>;

export type WebVitalsReporterOptions = {
  /** The page's path when a metric is ready (reported as one of the product's pages, or "altro"). */
  pathname: () => string;
  /** Sends one metric; by default a beacon to /api/web-vitals on this origin. */
  send?: (vital: WebVital) => void;
  /** Loads the measuring library; by default the web-vitals package, in a chunk of its own. */
  load?: () => Promise<WebVitalsLibrary>;
};

/** A beacon survives the page being closed, which is when CLS and INP are final. */
function beacon(vital: WebVital): void {
  const body = JSON.stringify(vital);
  const sent =
    typeof navigator !== "undefined" && navigator.sendBeacon?.(API_PATHS.webVitals, new Blob([body], { type: "application/json" }));
  if (!sent)
    void fetch(API_PATHS.webVitals, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(
      () => {},
    );
}

/**
 * spec 000 §7: the lazily loaded web-vitals reporter. The library loads after the page (never on
 * the first paint's path) and each metric goes to this origin as the page and the metric alone.
 * A failed download only means nothing is measured.
 */
export async function startWebVitalsReporter({ pathname, send = beacon, load }: WebVitalsReporterOptions): Promise<void> {
  let library: WebVitalsLibrary;
  try {
    library = load ? await load() : await import("web-vitals");
  } catch {
    return;
  }
  const report = (metric: Metric) => {
    const name = metric.name as WebVitalMetric;
    // Milliseconds need no decimals; CLS is a small score and keeps four.
    const value = name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    send({ page: webVitalPage(pathname()), name, value });
  };
  library.onCLS(report);
  library.onFCP(report);
  library.onINP(report);
  library.onLCP(report);
  library.onTTFB(report);
}
