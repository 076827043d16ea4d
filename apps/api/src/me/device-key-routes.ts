import { API_PATHS, type DeviceKey } from "@oystar/api-client";
import { Hono } from "hono";
import { randomBytes } from "node:crypto";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { required } from "../required";

/**
 * GET /api/me/device-key (signed-in; issue 35 §1, DESIGN.md §7): the key the browser encrypts this
 * account's conversations with. Made on the first request (32 random bytes), the same ever after,
 * given only to that account signed in. The server keeps the key and never any conversation.
 */
export function deviceKeyRoutes(access: Access, db: Database) {
  return new Hono().get(API_PATHS.deviceKey, access.signedIn, async (c) => {
    const user = c.get("user");
    // Two first requests at once (two tabs) keep one key: the second insert does nothing.
    await db.query("INSERT INTO account_device_keys (user_id, key) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING", [
      user.id,
      randomBytes(32),
    ]);
    const [row] = await db.query<{ key: Uint8Array }>("SELECT key FROM account_device_keys WHERE user_id = $1", [user.id]);
    c.header("Cache-Control", "no-store");
    const answer: DeviceKey = { key: Buffer.from(required(row, "the device key just stored").key).toString("base64url") };
    return c.json(answer);
  });
}
