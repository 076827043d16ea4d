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
