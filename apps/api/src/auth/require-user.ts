import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/database";
import { ensureUser, type User } from "../accounts/accounts";
import type { TokenVerifier } from "./token-verifier";

export type SignedInVariables = { user: User };

export const UNAUTHENTICATED_MESSAGE = "Accesso richiesto: effettua il login.";

/** The signed-in policy: a valid bearer access token, and the account it belongs to. */
export function requireUser(db: Database, verify: TokenVerifier): MiddlewareHandler<{ Variables: SignedInVariables }> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header);
    if (!match?.[1]) return unauthenticated(c);
    let token;
    try {
      token = await verify(match[1], new URL(c.req.url).origin);
    } catch {
      return unauthenticated(c);
    }
    c.set("user", await ensureUser(db, token));
    await next();
  };
}

function unauthenticated(c: Parameters<MiddlewareHandler>[0]) {
  c.header("WWW-Authenticate", 'Bearer realm="oystar"');
  return c.json({ error: UNAUTHENTICATED_MESSAGE }, 401);
}
