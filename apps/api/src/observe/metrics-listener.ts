import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AggregatorRegistry } from "prom-client";
import { registry } from "./metrics";

// issue 37 §5: the metrics on a listener of their own (METRICS_PORT, on loopback unless
// METRICS_HOST says otherwise), never on the public origin: what they tell (routes' traffic,
// model failures, plans' usage) is for the operator's Prometheus, not for visitors.

export type MetricsListener = { url: string; close: () => Promise<void> };

/** What a scrape reads: this process's registry, or — in the primary of several processes — all of theirs, summed. */
type MetricsSource = () => Promise<{ text: string; contentType: string }>;

export const ownMetrics: MetricsSource = async () => ({ text: await registry.metrics(), contentType: registry.contentType });

/** In the primary process of WORKERS (server-processes.ts): every worker's registry, asked over IPC. */
export function clusterMetrics(): MetricsSource {
  const aggregated = new AggregatorRegistry();
  return async () => ({ text: await aggregated.clusterMetrics(), contentType: aggregated.contentType });
}

/** In a worker: the registry the primary's scrape asks for (constructing one is what makes prom-client listen for the primary's requests). */
export function answerClusterScrapes(): void {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

export async function startMetricsListener(
  { port, host }: { port: number; host: string },
  read: MetricsSource = ownMetrics,
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Solo GET /metrics\n");
      return;
    }
    read().then(
      ({ text, contentType }) => response.writeHead(200, { "Content-Type": contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${listening}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
