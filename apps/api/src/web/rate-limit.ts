import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { webMessages } from "./messages";

/**
 * At most `perMinute` requests a minute from one address, counted in this process (public forms,
 * the built-in provider's login). Behind a reverse proxy every visitor shares the proxy's
 * address: such deployments rate-limit at the proxy.
 */
export function perAddressLimit({ perMinute }: { perMinute: number }): MiddlewareHandler {
  return rateLimiter({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-7",
    keyGenerator: (c) => {
      try {
        return getConnInfo(c).remote.address ?? "sconosciuto";
      } catch {
        return "sconosciuto";
      }
    },
    handler: (c) => c.json({ error: webMessages.tooManyRequests }, 429),
  });
}
