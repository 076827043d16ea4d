import { z } from "./zod";

/** GET /api/me: the signed-in user's profile, with the server's verdict on admin (DESIGN.md §3). */
export const meSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * GET /api/me/device-key (issue 35 §1): the key this account's conversations are encrypted with in
 * the browser — 32 random bytes, base64url. Only that account signed in is given it; the browser
 * keeps it in memory only.
 */
export const deviceKeySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type DeviceKey = z.infer<typeof deviceKeySchema>;
