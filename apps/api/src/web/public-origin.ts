import type { MiddlewareHandler } from "hono";
import { webMessages } from "./messages";
import { destinationOf } from "./one-origin";

/**
 * The server answers only under its public origin (PUBLIC_URL, DESIGN.md §10). A request naming
 * another Host — a spoofed header, or a DNS-rebinding page aimed at a local server — is refused,
 * so nothing the server writes (issuer, redirects, config.json, checkout URLs) can point
 * elsewhere. A page opened under another name (127.0.0.1 for localhost) is sent to the public one.
 */
export function onlyPublicHost(publicOrigin: string): MiddlewareHandler {
  const publicUrl = new URL(publicOrigin);
  return async (c, next) => {
    if (c.req.header("host")?.toLowerCase() === publicUrl.host) return next();
    const url = new URL(c.req.url);
    const page = (c.req.method === "GET" || c.req.method === "HEAD") && destinationOf(url.pathname) !== "api";
    if (page) return c.redirect(new URL(`${url.pathname}${url.search}`, publicUrl).href, 308);
    return c.json({ error: webMessages.hostNotAllowed }, 421);
  };
}
