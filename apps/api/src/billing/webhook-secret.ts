import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/database";
import { sharedSecret } from "../db/shared-secret";

/**
 * The built-in checkout's signing secret: made once and kept in the database, so an event one
 * server signs is accepted by every other (DESIGN.md §9).
 */
export const devWebhookSecret = (db: Queryable): Promise<string> =>
  sharedSecret(db, "dev-webhook-secret", async () => `whsec_${randomBytes(24).toString("base64url")}`);
