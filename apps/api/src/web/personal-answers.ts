import type { MiddlewareHandler } from "hono";

// issue 22 item 8: an answer of the API is personal unless its route says otherwise — a quota, a
// refusal naming the caller's plan, a RAG answer, the built-in card page whose address is the
// session's capability. None may be kept by a browser or a proxy. One rule for the whole API,
// applied after the route has answered, rather than a header each route must remember: Hono's
// streamSSE sets `no-cache` itself, and a policy that refuses returns before any route code runs.

const API_PREFIXES = ["/api/", "/groq/"];

/** Said by a route whose answer is the same for everyone and may be kept (a stylesheet). */
const DECLARED_PUBLIC = /(^|,)\s*public\s*(,|$)/i;

/**
 * Every answer under /api/ and /groq/ says `Cache-Control: no-store`, streams included, unless
 * its route declared it `public`. The apps' pages and files, /robots.txt, the identity provider's
 * avatars keep their own caching.
 */
export const personalAnswersNotStored: MiddlewareHandler = async (c, next) => {
  await next();
  if (!API_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return;
  if (DECLARED_PUBLIC.test(c.res.headers.get("Cache-Control") ?? "")) return;
  // In place: the gateway's relayed answers are known by their Response object (node-stream-answer.ts).
  c.res.headers.set("Cache-Control", "no-store");
};
