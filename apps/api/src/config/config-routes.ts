import type { ModelProvider } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { RuntimeAuth } from "../services";

/**
 * GET /config.json (public): the apps' runtime configuration, so one build serves every
 * environment (DESIGN.md §2). The sign-in settings come from services.ts: a real tenant, or the
 * built-in provider under the public origin — never from the request's Host.
 */
export function configRoutes(access: Access, config: { version: string; auth: RuntimeAuth; provider: () => Promise<ModelProvider> }) {
  return new Hono().get("/config.json", access.public, async (c) => {
    c.header("Cache-Control", "no-store");
    // spec 001 §4: the provider the admin chose.
    return c.json({ version: config.version, provider: await config.provider(), auth: config.auth });
  });
}
