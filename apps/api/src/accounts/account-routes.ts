import type { Me } from "@oystar/api-client";
import { Hono } from "hono";
import type { SignedInVariables } from "../auth/require-user";
import { isAdmin } from "./accounts";

/** GET /api/me (signed-in): the profile the apps show, with the server's verdict on admin. */
export function accountRoutes(adminEmails: readonly string[]) {
  return new Hono<{ Variables: SignedInVariables }>().get("/api/me", (c) => {
    const user = c.get("user");
    c.header("Cache-Control", "no-store");
    const me: Me = {
      username: user.name ?? user.email ?? user.sub,
      email: user.email,
      name: user.name,
      picture: user.picture,
      isAdmin: isAdmin(user, adminEmails),
    };
    return c.json(me);
  });
}
