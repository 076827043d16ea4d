import { expect, test, vi } from "vitest";
import { webVitalPage, webVitalSchema } from "./schemas/web-vitals";
import { startWebVitalsReporter, type WebVitalsLibrary } from "./web-vitals-reporter";

/** The measuring library, scripted: each metric reports once when the test says. */
function scriptedLibrary() {
  const listeners: Record<string, (metric: { name: string; value: number }) => void> = {};
  const on = (name: string) => (report: (metric: { name: string; value: number }) => void) => void (listeners[name] = report);
  const library: WebVitalsLibrary = { onCLS: on("CLS"), onFCP: on("FCP"), onINP: on("INP"), onLCP: on("LCP"), onTTFB: on("TTFB") };
  return { library, fire: (name: string, value: number) => listeners[name]?.({ name, value }) };
}

test("each metric goes out as the page and the metric alone", async () => {
  const { library, fire } = scriptedLibrary();
  const send = vi.fn();
  let path = "/chat";
  await startWebVitalsReporter({ pathname: () => path, send, load: async () => library });
  fire("LCP", 1234.56);
  path = "/subscription/";
  fire("CLS", 0.123456);
  path = "/utente/mario.rossi@esempio.it";
  fire("INP", 80.4);
  expect(send.mock.calls.map(([vital]) => vital)).toEqual([
    { page: "/chat", name: "LCP", value: 1235 },
    { page: "/subscription", name: "CLS", value: 0.1235 },
    // An address that is not one of the product's pages never leaves as typed.
    { page: "altro", name: "INP", value: 80 },
  ]);
  for (const [vital] of send.mock.calls) expect(webVitalSchema.safeParse(vital).success).toBe(true);
});

test("a library that fails to load measures nothing and breaks nothing", async () => {
  const send = vi.fn();
  await expect(
    startWebVitalsReporter({ pathname: () => "/", send, load: () => Promise.reject(new Error("offline")) }),
  ).resolves.toBeUndefined();
  expect(send).not.toHaveBeenCalled();
});

test("the contract: known pages and metrics, bounded values, nothing more", () => {
  expect(webVitalPage("/")).toBe("/");
  expect(webVitalPage("/rag")).toBe("/rag");
  expect(webVitalSchema.safeParse({ page: "/chat", name: "LCP", value: 900, user: "x" }).success).toBe(false);
  expect(webVitalSchema.safeParse({ page: "/chat", name: "FID", value: 9 }).success).toBe(false);
  expect(webVitalSchema.safeParse({ page: "/chat", name: "CLS", value: 500 }).success).toBe(false);
  expect(webVitalSchema.safeParse({ page: "/chat", name: "LCP", value: -1 }).success).toBe(false);
});
