import { serve } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "./app";
import type { Env } from "./env";
import { setLogLevel } from "./observe/log";
import { watchPool, workersUp } from "./observe/metrics";
import { startMetricsListener, type MetricsListener } from "./observe/metrics-listener";
import { openServices, type Services } from "./services";
import { drainingOf } from "./web/draining";
import { sendingNodeStreams } from "./web/node-stream-answer";

export type RunningServer = {
  url: string;
  port: number;
  /** The operator's metrics (METRICS_PORT), when asked for. */
  metricsUrl: string | null;
  /** Stops the way SIGTERM asks (web/draining.ts): answers in progress finish, within the env's bounds. */
  drain: () => Promise<void>;
  close: () => Promise<void>;
};

/** PUBLIC_URL, or by default http://localhost:<the port actually listened on> (PORT=0 in tests). */
export const withPublicUrl = (env: Env, port: number): Env & { publicUrl: string } => ({
  ...env,
  publicUrl: env.publicUrl ?? `http://localhost:${port}`,
});

export type StartOptions = AppOptions &
  Parameters<typeof openServices>[1] & {
    /**
     * Open the database and services before taking connections (a server process among several on
     * one port: node:cluster hands connections to whoever listens, so one still starting must not).
     */
    readyBeforeListening?: boolean;
  };

/** Starts the real HTTP server (port 0 picks a free port, as the tests do). */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  setLogLevel(env.logLevel);
  // Alone, listen first: with PORT=0 the public origin is known only once the port is, and a
  // browser opened early reads 'Avvio in corso' rather than a refused connection.
  const early =
    options.readyBeforeListening && env.port !== 0
      ? await openServices(withPublicUrl(env, env.port), { db: options.db, fetchPage: options.fetchPage, stripe: options.stripe })
      : null;
  let app: ReturnType<typeof createApp> | null = null;
  const server = serve({
    fetch: sendingNodeStreams((request, bindings) =>
      app ? app.fetch(request, bindings) : new Response("Avvio in corso", { status: 503 }),
    ),
    port: env.port,
    hostname: env.host,
  });
  // Slow or stalled request heads are cut (bodies have their own deadlines: web/request-body.ts).
  (server as HttpServer).headersTimeout = 20_000;
  const port = await new Promise<number>((resolvePort, reject) => {
    server.once("listening", () => resolvePort((server.address() as AddressInfo).port));
    server.once("error", reject);
  });
  const configured = withPublicUrl(env, port);
  const draining = drainingOf(server as HttpServer);
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      // Idle keep-alive sockets would hold close() open.
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
  let services: Services;
  try {
    services = early ?? (await openServices(configured, { db: options.db, fetchPage: options.fetchPage, stripe: options.stripe }));
  } catch (error) {
    await close();
    throw error;
  }
  app = createApp(configured, services, { ...options, draining: () => draining.started });
  const metrics: MetricsListener | null = env.metrics ? await startMetricsListener(env.metrics) : null;
  const unwatchPool = watchPool(() => services.db.poolUse());
  workersUp.inc();
  return {
    url: configured.publicUrl,
    port,
    metricsUrl: metrics?.url ?? null,
    drain: async () => {
      // Past its bounds, the answers still running end with their reason (streams/server-stopping.ts).
      await draining.drain({ ...env.draining, onOverdue: () => services.serverStop.stop() });
      await release();
    },
    close: async () => {
      await close();
      await release();
    },
  };
  /**
   * What the server holds besides its connections: its metrics, its database. (Its reading
   * processes are the process's own, shared with ingestion; idle, they keep nothing alive.)
   */
  async function release() {
    workersUp.dec();
    unwatchPool();
    services.admission.close();
    await metrics?.close();
    await services.library.close();
    await services.answerRelay?.close();
    // A database the caller passed in is the caller's to close.
    if (!options.db) await services.db.close();
  }
}
