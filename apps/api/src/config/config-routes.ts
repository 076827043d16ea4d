import { Hono } from "hono";
import type { Env } from "../env";

/**
 * GET /config.json: the apps' runtime configuration, so one build serves every environment
 * (DESIGN.md §2). `auth` stays null until an identity provider is configured.
 */
export function configRoutes(env: Env) {
  return new Hono().get("/config.json", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ version: env.version, provider: "cloud" as const, auth: env.auth0 });
  });
}
