import type { Access } from "../auth/access";
import type { TokenIssuer } from "../auth/token-verifier";
import type { Database, Queryable } from "../db/database";
import { migrate } from "../db/migrate";
import type { AddressLimits } from "../web/address-limit";
import { DEV_AUDIENCE, DEV_CLIENT_ID, devIssuer, SEEDED_ACCOUNTS } from "./dev-client";
import { devIdpRoutes } from "./idp-routes";
import { createIdpStore } from "./idp-store";
import { devIdpMigrations } from "./migrations";
import { loadSigningKeys } from "./signing-keys";

/** What the built-in identity provider gives the server in dev mode (services.ts). */
export type DevIdp = {
  /** Whose tokens the API accepts: this provider's, signed with its local keys. */
  issuer: TokenIssuer;
  /** What the apps read from /config.json to sign in here. */
  auth: { domain: string; clientId: string; audience: string };
  /** The seeded admin, when ADMIN_EMAILS is not set. */
  adminEmails: string[];
  routes(access: Access): ReturnType<typeof devIdpRoutes>;
  /** Forgets a deleted account (issue 36 §8), in the deletion's transaction. */
  forgetAccount(tx: Queryable, sub: string): Promise<void>;
};

/**
 * Starts the built-in provider (DESIGN.md §3): its own tables, its persisted keys, its seeded
 * accounts on their plans. Loaded only with AUTH_MODE=dev (services.ts imports it on demand).
 */
export async function openDevIdp(db: Database, options: { origin: string; addressLimits: AddressLimits }): Promise<DevIdp> {
  await migrate(db, devIdpMigrations);
  const store = createIdpStore(db);
  await store.seed();
  const keys = await loadSigningKeys(db);
  return {
    issuer: { issuer: devIssuer(options.origin), audience: DEV_AUDIENCE, publicJwk: keys.publicJwk },
    auth: { domain: `${options.origin}/idp`, clientId: DEV_CLIENT_ID, audience: DEV_AUDIENCE },
    adminEmails: SEEDED_ACCOUNTS.filter((account) => account.admin).map((account) => account.email),
    routes: (access) => devIdpRoutes(store, keys, access, options.origin, options.addressLimits),
    forgetAccount: (tx, sub) => store.forgetAccount(tx, sub),
  };
}
