import { Hono } from "hono";
import { DEV_AUDIENCE, DEV_CLIENT_ID } from "../dev-idp/dev-client";
import type { Env } from "../env";

/**
 * GET /config.json: the apps' runtime configuration, so one build serves every environment
 * (DESIGN.md §2). In dev mode the identity provider is this origin's /idp.
 */
export function configRoutes(env: Env) {
  return new Hono().get("/config.json", (c) => {
    c.header("Cache-Control", "no-store");
    const auth =
      env.authMode === "dev"
        ? { domain: `${new URL(c.req.url).origin}/idp`, clientId: DEV_CLIENT_ID, audience: DEV_AUDIENCE }
        : env.auth0;
    return c.json({ version: env.version, provider: "cloud" as const, auth });
  });
}
