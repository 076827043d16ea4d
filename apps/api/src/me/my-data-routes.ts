import { API_PATHS, accountDeletionSchema } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { jsonBody } from "../web/json-body";
import { bodyCeiling, jsonOnly } from "../web/request-body";
import { accountDataJson } from "../accounts/account-data";
import { deleteAccount, SubscriptionNotCancelledError, type AccountDeletionSides } from "./account-deletion";
import { accountMessages } from "./messages";

/** The confirmation is one short phrase. */
const DELETION_BODY = { maxBytes: 1024 };

/** Pieces of text as a byte stream, each read when the connection asks for more (its backpressure). */
function textStream(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/**
 * Issue 36 §8, both signed-in and about the caller only:
 *  - GET /api/me/data — 'I miei dati': everything the server holds about the account, as a JSON
 *    file to download (never kept by a browser or a proxy: web/personal-answers.ts);
 *  - DELETE /api/me — 'Elimina account', with `{ confirmation: "ELIMINA IL MIO ACCOUNT" }`.
 */
export function myDataRoutes(access: Access, db: Database, sides: AccountDeletionSides) {
  return (
    new Hono()
      .get(API_PATHS.myData, access.signedIn, async (c) => {
        const day = new Date().toISOString().slice(0, 10);
        c.header("Content-Disposition", `attachment; filename="oystar-i-miei-dati-${day}.json"`);
        c.header("Content-Type", "application/json; charset=UTF-8");
        // Issue 47 §5: written as it is read, a page of rows at a time, whatever the account holds.
        return c.body(textStream(accountDataJson(db, c.get("user"))));
      })
      // The body is the confirmation itself: without it, nothing is deleted.
      .delete(
        API_PATHS.me,
        access.signedIn,
        jsonOnly,
        bodyCeiling(DELETION_BODY),
        jsonBody(accountDeletionSchema, accountMessages.confirmationMissing),
        async (c) => {
          try {
            return c.json(await deleteAccount(db, c.get("user"), sides));
          } catch (error) {
            if (error instanceof SubscriptionNotCancelledError) return c.json({ error: accountMessages.subscriptionNotCancelled }, 502);
            throw error;
          }
        },
      )
  );
}
