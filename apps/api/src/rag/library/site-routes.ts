import { API_PATHS, librarySiteCreateSchema } from "@oystar/api-client";
import { Hono, type MiddlewareHandler } from "hono";
import type { Database } from "../../db/database";
import { firstIssue, jsonBody } from "../../web/json-body";
import { bodyCeiling, jsonOnly, noBody } from "../../web/request-body";
import { ragMessages } from "../messages";
import type { LibraryVariables } from "./library-policy";
import { libraryMessages } from "./messages";
import type { SiteReading } from "./site-reading";
import { addLibrarySite, findLibrarySite } from "./site-store";

// Issue 48 §4–§5: POST /api/rag/indexes/:name/sites `{url}` — a website read into the index in
// the background — and POST …/sites/:id/sync, 'Aggiorna ora'. The policies are the library's
// (plan ≥ business, owner of the index), passed in from library-routes.ts where they are made.

type Policies = { ragPlans: MiddlewareHandler; indexOwner: MiddlewareHandler<{ Variables: LibraryVariables }> };

export function librarySiteRoutes({ ragPlans, indexOwner }: Policies, deps: { db: Database; sites: SiteReading }) {
  const { db, sites } = deps;
  const app = new Hono<{ Variables: LibraryVariables }>();

  const siteBody = jsonBody(librarySiteCreateSchema, firstIssue(ragMessages.invalidRequest));
  app.post(API_PATHS.librarySites, ragPlans, indexOwner, jsonOnly, bodyCeiling({ maxBytes: 4096 }), siteBody, async (c) => {
    const url = new URL(c.req.valid("json").url);
    url.hash = "";
    const index = c.get("index");
    const added = await addLibrarySite(db, index.id, url.toString());
    if (!added.ok) return c.json({ error: added.error }, added.status);
    const claimed = await sites.claim(added.id);
    if (claimed) sites.readLater(claimed);
    return c.json(await findLibrarySite(db, index.id, added.id), 202);
  });

  app.post(API_PATHS.librarySiteSync, ragPlans, indexOwner, noBody(), async (c) => {
    const index = c.get("index");
    const site = await findLibrarySite(db, index.id, c.req.param("id"));
    if (!site) return c.json({ error: libraryMessages.siteNotFound }, 404);
    const claimed = await sites.claim(site.id);
    if (!claimed) return c.json({ error: libraryMessages.siteReading }, 409);
    sites.readLater(claimed);
    return c.json(await findLibrarySite(db, index.id, site.id), 202);
  });

  return app;
}
