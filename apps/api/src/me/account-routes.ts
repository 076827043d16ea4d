import { API_PATHS } from "@oystar/api-client";
import type { Me } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";

/** GET /api/me (signed-in): the profile the apps show, with the server's verdict on admin. */
export function accountRoutes(access: Access) {
  return new Hono().get(API_PATHS.me, access.signedIn, (c) => {
    const user = c.get("user");
    const me: Me = {
      username: user.name ?? user.email ?? user.sub,
      email: user.email,
      name: user.name,
      picture: user.picture,
      isAdmin: user.isAdmin,
    };
    return c.json(me);
  });
}
