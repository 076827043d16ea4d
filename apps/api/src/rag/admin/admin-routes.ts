import { API_PATHS, indexRequestListQuerySchema } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../../auth/access";
import type { Database } from "../../db/database";
import { ragMessages } from "../messages";
import type { RagEngine } from "../rag-engine";
import { IndexBuilds } from "./index-builds";
import { pendingIndexRequests, type IndexRequestDependencies } from "./index-request";

export type RagAdminRouteDependencies = { db: Database; engine: RagEngine } & IndexRequestDependencies;

/**
 * The administrator's RAG routes (spec 000 §5): GET /api/admin/index-requests, and POST and GET
 * /api/admin/index-requests/:id/index — a customer's indexing request turned into their index.
 */
export function ragAdminRoutes(access: Access, deps: RagAdminRouteDependencies) {
  const { db, engine } = deps;
  const app = new Hono();

  // The indexing requests still waiting for the administrator, for the global settings panel.
  app.get(API_PATHS.indexRequests, access.admin(), async (c) => {
    const page = indexRequestListQuerySchema.safeParse(c.req.query());
    if (!page.success) return c.json({ error: page.error.issues[0]?.message ?? ragMessages.invalidRequest }, 400);
    const list = await pendingIndexRequests(db, page.data);
    return list ? c.json(list) : c.json({ error: ragMessages.unknownCursor }, 400);
  });

  // The build runs in the background (issue 34 §2), the admin's panel follows it with GET.
  const builds = new IndexBuilds({ db, engine, fetchPage: deps.fetchPage });
  app.post(
    API_PATHS.indexRequestIndexing,
    access.admin(() => ragMessages.adminOnly),
    async (c) => {
      const started = await builds.start(c.req.param("id"));
      if (!started.ok) return c.json({ error: started.error }, started.status);
      return c.json(started.build, 202);
    },
  );
  app.get(
    API_PATHS.indexRequestIndexing,
    access.admin(() => ragMessages.adminOnly),
    async (c) => {
      const build = await builds.status(c.req.param("id"));
      return build ? c.json(build) : c.json({ error: ragMessages.buildNotFound }, 404);
    },
  );

  return app;
}
