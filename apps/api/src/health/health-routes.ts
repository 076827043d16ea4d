import { Hono } from "hono";
import type { Access } from "../auth/access";

/** GET /api/health (public): liveness, version, and whether the model is the offline one. */
export function healthRoutes(access: Access, options: { version: string; startedAt: number; offlineModel: boolean }) {
  return new Hono().get("/api/health", access.public, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({
      status: "ok" as const,
      version: options.version,
      uptime_seconds: Math.round((Date.now() - options.startedAt) / 1000),
      // DESIGN.md §6: the product says plainly when its model is the offline one.
      model: options.offlineModel
        ? { provider: "offline" as const, offline: true, name: "oystar-offline" }
        : { provider: "openai-compatible" as const, offline: false },
    });
  });
}
