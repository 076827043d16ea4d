// `pnpm bench sse-load` (issue 28 §3): 1,000 chat streams started at once against the built
// product's offline model, on loopback only, held for 30 s, then the clients leave. Figures: time
// to the first byte of each answer (p50/p99), errors, the server's memory before, while the
// streams are open (per stream) and after they are gone. Targets on a 2-core machine: 0 errors,
// first byte p99 ≤ 150 ms, memory back within 10 % once the clients leave.
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { accessTokenFor, quantile, startProduct } from "./support/product.mjs";

const STREAMS = Number(process.env.SSE_LOAD_STREAMS ?? 1000);
const HOLD_MS = Number(process.env.SSE_LOAD_HOLD_MS ?? 30_000);

/** The server process's resident memory, in MiB (Linux). */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A slow offline model: each answer (a few hundred characters) takes longer than the hold.
const product = await startProduct({ OFFLINE_MODEL_CHARS_PER_SECOND: "5" });
try {
  const token = await accessTokenFor(product.base, "business@oystar.test");
  const { port } = new URL(product.base);
  const body = JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Raccontami una storia lunga." }], stream: true });

  // Warm up: the first question opens what every later one reuses.
  await fetch(`${product.base}/groq/chat/completions`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body.replace("true", "false") });
  await settle(1000);
  const before = rssOf(product.pid);

  /** One stream: resolves with its time to first byte; it stays open until `leave` is called. */
  const open = () =>
    new Promise((resolve) => {
      const started = performance.now();
      let firstByte = null;
      const outgoing = request(
        { host: "127.0.0.1", port, path: "/groq/chat/completions", method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
        (incoming) => {
          if (incoming.statusCode !== 200) {
            incoming.resume();
            return resolve({ error: `HTTP ${incoming.statusCode}`, leave: () => {} });
          }
          incoming.once("data", () => {
            firstByte = performance.now() - started;
            resolve({ firstByte, leave: () => outgoing.destroy() });
          });
          incoming.on("error", () => {});
        },
      );
      outgoing.on("error", (error) => {
        if (firstByte === null) resolve({ error: error.code ?? error.message, leave: () => {} });
      });
      outgoing.end(body);
    });

  const streams = await Promise.all(Array.from({ length: STREAMS }, open));
  const firstBytes = streams.filter((stream) => stream.firstByte !== undefined).map((stream) => stream.firstByte);
  const errors = streams.filter((stream) => stream.error);
  await settle(HOLD_MS);
  const during = rssOf(product.pid);
  for (const stream of streams) stream.leave();
  // The server lets each model stream go as its client leaves; give the collector a moment.
  await settle(5000);
  const after = rssOf(product.pid);

  const figures = {
    streams: STREAMS,
    held_ms: HOLD_MS,
    errors: errors.length,
    first_byte_p50_ms: Math.round(quantile(firstBytes, 0.5)),
    first_byte_p99_ms: Math.round(quantile(firstBytes, 0.99)),
    rss_before_mib: Math.round(before),
    rss_during_mib: Math.round(during),
    kib_per_stream: Math.round(((during - before) * 1024) / STREAMS),
    rss_after_mib: Math.round(after),
    rss_after_vs_before: Number((after / before).toFixed(2)),
  };
  console.log(`${STREAMS} flussi aperti insieme, tenuti ${HOLD_MS / 1000} s:`);
  console.log(`  errori: ${figures.errors}${errors.length ? ` (${[...new Set(errors.map((stream) => stream.error))].join(", ")})` : ""}`);
  console.log(`  primo byte: p50 ${figures.first_byte_p50_ms} ms, p99 ${figures.first_byte_p99_ms} ms (obiettivo p99 ≤ 150 ms)`);
  console.log(`  memoria del server: ${figures.rss_before_mib} MiB prima, ${figures.rss_during_mib} MiB con i flussi aperti (${figures.kib_per_stream} KiB per flusso), ${figures.rss_after_mib} MiB dopo (${figures.rss_after_vs_before}× di prima; obiettivo ≤ 1.10×)`);
  console.log(JSON.stringify(figures));
} finally {
  product.stop();
}
