// The landing's weight and load in Chromium, measured against the real built product (DESIGN.md
// §11). It starts `apps/api/dist/main.js` on a free port with an empty data directory, loads
// /oystar in fresh browser contexts and reports Lighthouse-style figures: first and largest
// contentful paint, total blocking time (long tasks after the first paint), DOM content loaded,
// load, and the compressed JavaScript transferred. Run after `pnpm build`. Not a test: it prints.
import { launchChromium, quantile, startProduct } from "./support/product.mjs";

const RUNS = 5;
const product = await startProduct();
const base = product.base;
const browser = await launchChromium();
const runs = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let jsBytes = 0;
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      jsBytes += sizes ? sizes.responseBodySize : 0;
    });
    await page.addInitScript(() => {
      window.__lcp = 0;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({
        type: "longtask",
        buffered: true,
      });
    });
    await page.goto(`${base}/oystar`, { waitUntil: "load" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    const figures = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tbt = window.__longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { fcp, lcp: window.__lcp, tbt, domContentLoaded: navigation.domContentLoadedEventEnd, load: navigation.loadEventEnd };
    });
    runs.push({ ...figures, jsBytes });
    await context.close();
  }
} finally {
  await browser.close();
  product.stop();
}

const median = (key) =>
  Math.round(
    quantile(
      runs.map((run) => run[key]),
      0.5,
    ),
  );
const result = {
  bench: "landing-load",
  runs: RUNS,
  fcp_ms: median("fcp"),
  lcp_ms: median("lcp"),
  tbt_ms: median("tbt"),
  dom_content_loaded_ms: median("domContentLoaded"),
  load_ms: median("load"),
  js_transferred_bytes: median("jsBytes"),
};
console.info(`/oystar in Chromium, median of ${RUNS} cold loads on this machine:`);
console.info(`  first contentful paint ${result.fcp_ms} ms, largest contentful paint ${result.lcp_ms} ms`);
console.info(`  total blocking time ${result.tbt_ms} ms, DOMContentLoaded ${result.dom_content_loaded_ms} ms, load ${result.load_ms} ms`);
console.info(`  JavaScript transferred (compressed): ${(result.js_transferred_bytes / 1024).toFixed(1)} KiB`);
console.info(JSON.stringify(result));
