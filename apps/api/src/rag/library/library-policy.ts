import { createMiddleware } from "hono/factory";
import { declarePolicy, type SignedInVariables } from "../../auth/access";
import type { Database } from "../../db/database";
import { findIndex, type RagIndex } from "../rag-store";
import { libraryMessages } from "./messages";

// Issue 48 §5: every route under an index is for its owner. Another customer's index — or the
// shared demo, nobody's to change — is answered exactly as a missing one: 404, the same words.

export type LibraryVariables = SignedInVariables & { index: RagIndex };

/** The policy «owner of the index»: the index named by `:name`, the caller's own, handed to the route. */
export const indexOwnerPolicy = (db: Database) =>
  declarePolicy(
    "owner of the index",
    createMiddleware<{ Variables: LibraryVariables }>(async (c, next) => {
      const index = await findIndex(db, c.req.param("name") ?? "");
      if (!index || index.ownerId !== c.get("user").id) return c.json({ error: libraryMessages.indexNotFound }, 404);
      c.set("index", index);
      await next();
    }),
  );
