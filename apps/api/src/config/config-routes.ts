import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { RuntimeAuth } from "../services";

/**
 * GET /config.json (public): the apps' runtime configuration, so one build serves every
 * environment (DESIGN.md §2). The sign-in settings come from services.ts: a real tenant, or the
 * built-in provider under the public origin — never from the request's Host.
 */
export function configRoutes(access: Access, config: { version: string; auth: RuntimeAuth }) {
  const body = { version: config.version, provider: "cloud" as const, auth: config.auth };
  return new Hono().get("/config.json", access.public, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
}
