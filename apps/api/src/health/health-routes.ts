import { Hono } from "hono";
import type { RagHealth } from "../rag/rag-engine";

/** GET /api/health: public liveness and version; later issues add database and model state. */
export function healthRoutes(options: { version: string; startedAt: number; offlineModel: boolean; rag?: () => RagHealth }) {
  return new Hono().get("/api/health", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({
      status: "ok" as const,
      version: options.version,
      uptime_seconds: Math.round((Date.now() - options.startedAt) / 1000),
      // DESIGN.md §6: the product says plainly when its model is the offline one.
      model: options.offlineModel
        ? { provider: "offline" as const, offline: true, name: "oystar-offline" }
        : { provider: "openai-compatible" as const, offline: false },
      // Which retrieval legs run and with what (the vector leg is off without pgvector).
      ...(options.rag ? { rag: options.rag() } : {}),
    });
  });
}
