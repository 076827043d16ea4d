import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { webMessages } from "./messages";

/**
 * At most `perMinute` requests a minute from one address, counted in this process (public forms,
 * the built-in provider's login). Behind a reverse proxy every visitor shares the proxy's
 * address: such deployments rate-limit at the proxy. `whenLimited` answers instead of the 429.
 */
export function perAddressLimit({ perMinute, whenLimited }: { perMinute: number; whenLimited?: (c: Context) => Response }): MiddlewareHandler {
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
    handler: whenLimited ?? ((c) => c.json({ error: webMessages.tooManyRequests }, 429)),
  });
}
