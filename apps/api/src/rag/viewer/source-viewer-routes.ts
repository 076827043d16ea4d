import { API_PATHS } from "@oystar/api-client";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { declarePolicy, type Access, type SignedInVariables } from "../../auth/access";
import type { Database } from "../../db/database";
import { ragMessages } from "../messages";
import { findOriginal, findPassage, type StoredPassage } from "./passage-store";

// The source viewer's API (issue 25): a passage of an answer's sources in its surroundings, and a
// PDF's original, under the policy of asking the index (DESIGN.md §4): RAG plans only, and the
// index must be shared (the demo) or the caller's own. Another customer's passage or document is
// answered exactly like a missing one — 404, the same words — so nothing about it leaks, not even
// whether it exists. Nothing of the conversation reaches these routes: a passage is named by its id.

type Original = NonNullable<Awaited<ReturnType<typeof findOriginal>>>;
type ViewerVariables = SignedInVariables & { passage: StoredPassage["passage"]; original: Original };

const mayRead = (ownerId: string | null, userId: string) => ownerId === null || ownerId === userId;

/** GET /api/rag/passages/:chunkId and GET /api/rag/documents/:documentId/original (Business, Enterprise; owner of the index). */
export function sourceViewerRoutes(access: Access, deps: { db: Database }) {
  const { db } = deps;
  const app = new Hono();
  const ragPlans = access.plan("business", ragMessages.planOnly);

  const passageOwner = declarePolicy(
    "owner of the index",
    createMiddleware<{ Variables: ViewerVariables }>(async (c, next) => {
      const found = await findPassage(db, c.req.param("chunkId") ?? "");
      if (!found || !mayRead(found.ownerId, c.get("user").id)) return c.json({ error: ragMessages.passageNotFound }, 404);
      c.set("passage", found.passage);
      await next();
    }),
  );

  const originalOwner = declarePolicy(
    "owner of the index",
    createMiddleware<{ Variables: ViewerVariables }>(async (c, next) => {
      const found = await findOriginal(db, c.req.param("documentId") ?? "");
      if (!found || !mayRead(found.ownerId, c.get("user").id)) return c.json({ error: ragMessages.originalNotFound }, 404);
      c.set("original", found);
      await next();
    }),
  );

  app.get(API_PATHS.ragPassage, ragPlans, passageOwner, (c) => c.json(c.get("passage")));

  app.get(API_PATHS.ragOriginal, ragPlans, originalOwner, (c) => {
    const { mediaType, bytes } = c.get("original");
    // A customer's file, hostile or not: never rendered by the browser on our origin (the viewer
    // fetches it and draws it with pdf.js), never sniffed; the name is ours, not the file's.
    c.header("Content-Type", mediaType);
    c.header("Content-Disposition", 'attachment; filename="documento.pdf"');
    c.header("Content-Security-Policy", "sandbox; default-src 'none'");
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  });

  return app;
}
