import { createHmac, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/database";
import { sharedSecret } from "../db/shared-secret";
import { countInWindow } from "./attempt-window";
import { webMessages } from "./messages";

// issue 37 §4: at most so many requests a minute from one client address (public forms, the
// built-in provider's sign-in, web-vitals reports). The address is the one the trusted proxies
// vouch for (web/client-address.ts), so one office behind the balancer does not lock out another,
// and a header a caller writes buys no tries. The count is kept in the database: it holds once
// across every server on it.

export type AddressLimit = {
  /** What is counted, e.g. "public-form". */
  action: string;
  perMinute: number;
  /** Answers instead of the 429 (a web-vitals report is dropped quietly). */
  whenLimited?: (c: Context) => Response;
};

export type AddressLimits = {
  /** A route middleware: past the limit, a 429 with Retry-After and an Italian message. */
  perMinute: (limit: AddressLimit) => MiddlewareHandler;
};

const WINDOW_SECONDS = 60;
/** Ended windows are deleted by the next count after this long (at most once a minute per server). */
const SWEEP_EVERY_MS = 60_000;

export async function openAddressLimits(db: Database): Promise<AddressLimits> {
  // The address is not kept: a keyed hash of it, the key shared by the deployment's servers so
  // that they count the same client under the same key.
  const key = await sharedSecret(db, "address-limit-key", async () => randomBytes(32).toString("base64url"));
  const addressKey = (address: string) => createHmac("sha256", key).update(address).digest("base64url");
  let sweptAt = 0;
  const sweep = async () => {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    await db.query(`DELETE FROM address_action_windows WHERE window_start < now() - make_interval(secs => $1)`, [2 * WINDOW_SECONDS]);
  };

  return {
    perMinute:
      ({ action, perMinute, whenLimited }) =>
      async (c, next) => {
        await sweep();
        const { attempts, retryAfterSeconds } = await countInWindow(
          db,
          "address",
          addressKey(c.get("clientAddress")),
          action,
          WINDOW_SECONDS,
        );
        if (attempts > perMinute) {
          if (whenLimited) return whenLimited(c);
          c.header("Retry-After", String(retryAfterSeconds));
          return c.json({ error: webMessages.tooManyRequests }, 429);
        }
        await next();
      },
  };
}
