import { WEB_VITAL_METRICS, type WebVitalMetric, type WebVitalsReport } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import { messages } from "../messages";
import { SectionReadOnOpen } from "./section-read-on-open";

const text = messages.webVitals;

const shown = (metric: WebVitalMetric, p75: number) => (metric === "CLS" ? p75.toFixed(3).replace(".", ",") : `${p75} ms`);

/** One row per page, a column per metric: "p75 (samples)". */
function byPage(report: WebVitalsReport) {
  const pages = new Map<string, Partial<Record<WebVitalMetric, { p75: number; samples: number }>>>();
  for (const vital of report.vitals)
    pages.set(vital.page, { ...pages.get(vital.page), [vital.metric]: { p75: vital.p75, samples: vital.samples } });
  return [...pages.entries()];
}

/**
 * spec 000 §7: what the web-vitals reporter measured, as the server keeps it — the 75th
 * percentile per page, no user, no address. Read only when the admin opens it.
 */
export function WebVitalsSection({ id }: { id?: string } = {}) {
  const api = useApiClient();
  return (
    <SectionReadOnOpen id={id} words={text} read={() => api.call("webVitalsReport")} isEmpty={(report) => report.vitals.length === 0}>
      {(report) => (
        <table className="vitals-table">
          <caption className="oy-visually-hidden">{text.title}</caption>
          <thead>
            <tr>
              <th scope="col">{text.page}</th>
              {WEB_VITAL_METRICS.map((metric) => (
                <th key={metric} scope="col">
                  {metric}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {byPage(report).map(([page, metrics]) => (
              <tr key={page}>
                <th scope="row">{page}</th>
                {WEB_VITAL_METRICS.map((metric) => {
                  const vital = metrics[metric];
                  return <td key={metric}>{vital ? `${shown(metric, vital.p75)} (${text.samples(vital.samples)})` : "—"}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionReadOnOpen>
  );
}
