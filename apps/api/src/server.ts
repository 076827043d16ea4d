import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "./app";
import type { Env } from "./env";
import { openServices } from "./services";

export type RunningServer = { url: string; port: number; close: () => Promise<void> };

/** Starts the real HTTP server (port 0 picks a free port, as the tests do). */
export async function startServer(env: Env, options: AppOptions & Parameters<typeof openServices>[1] = {}): Promise<RunningServer> {
  const services = await openServices(env, { db: options.db, fetchPage: options.fetchPage });
  const app = createApp(env, services, options);
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info: AddressInfo) => {
      const host = env.host === "0.0.0.0" || env.host === "::" ? "localhost" : env.host;
      resolvePromise({
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: async () => {
          await new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive sockets would hold close() open.
            if ("closeAllConnections" in server) server.closeAllConnections();
          });
          await services.ocr.close();
          // A database the caller passed in is the caller's to close.
          if (!options.db) await services.db.close();
        },
      });
    });
    server.once("error", reject);
  });
}
