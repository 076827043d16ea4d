import { seedAccount } from "../accounts/accounts";
import type { Database, Queryable } from "../db/database";
import { SEEDED_ACCOUNTS } from "./dev-client";
import { hashSecret, newSecret } from "./secrets";

export type IdpAccount = { sub: string; email: string; name: string; plan: string };
export type AuthorizationGrant = {
  sub: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  scope: string;
  audience: string;
};

const SESSION_TTL_HOURS = 24;
const CODE_TTL_SECONDS = 60;
const REFRESH_TTL_DAYS = 30;

const subFor = (email: string) => `oystar-dev|${email.toLowerCase()}`;

/** The built-in provider's state, all in Postgres so the server stays stateless (DESIGN.md §9). */
export function createIdpStore(db: Database) {
  return {
    /** The seeded test accounts, in the provider and as product accounts on their plans. */
    async seed(): Promise<void> {
      for (const account of SEEDED_ACCOUNTS) {
        const sub = subFor(account.email);
        await db.query(`INSERT INTO idp_accounts (sub, email, name, plan) VALUES ($1, $2, $3, $4) ON CONFLICT (sub) DO NOTHING`, [
          sub,
          account.email,
          account.name,
          account.plan,
        ]);
        await seedAccount(db, { sub, email: account.email, name: account.name, plan: account.plan });
      }
    },

    /** Finds or registers (plan free) the account of an email typed on the login page. */
    async accountFor(email: string): Promise<IdpAccount> {
      const normalized = email.trim().toLowerCase();
      const name = normalized.split("@")[0] ?? normalized;
      const [account] = await db.query<IdpAccount>(
        `INSERT INTO idp_accounts (sub, email, name) VALUES ($1, $2, $3)
         ON CONFLICT (sub) DO UPDATE SET email = EXCLUDED.email
         RETURNING sub, email, name, plan`,
        [subFor(normalized), normalized, name],
      );
      if (!account) throw new Error("account not stored");
      return account;
    },

    /**
     * Issue 36 §8: the product account was deleted — the provider forgets it too, with its
     * sessions, codes and refresh tokens (they cascade), so nothing signs it in silently again.
     */
    async forgetAccount(db: Queryable, sub: string): Promise<void> {
      await db.query("DELETE FROM idp_accounts WHERE sub = $1", [sub]);
    },

    async account(sub: string): Promise<IdpAccount | null> {
      const [account] = await db.query<IdpAccount>("SELECT sub, email, name, plan FROM idp_accounts WHERE sub = $1", [sub]);
      return account ?? null;
    },

    async openSession(sub: string): Promise<string> {
      const session = newSecret();
      await db.query(`INSERT INTO idp_sessions (id_hash, sub, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
        hashSecret(session),
        sub,
        SESSION_TTL_HOURS,
      ]);
      return session;
    },

    async sessionAccount(session: string | undefined): Promise<IdpAccount | null> {
      if (!session) return null;
      const [account] = await db.query<IdpAccount>(
        `SELECT a.sub, a.email, a.name, a.plan FROM idp_sessions s JOIN idp_accounts a ON a.sub = s.sub
         WHERE s.id_hash = $1 AND s.expires_at > now()`,
        [hashSecret(session)],
      );
      return account ?? null;
    },

    async closeSession(session: string | undefined): Promise<void> {
      if (session) await db.query("DELETE FROM idp_sessions WHERE id_hash = $1", [hashSecret(session)]);
    },

    async issueCode(grant: AuthorizationGrant): Promise<string> {
      const code = newSecret();
      await db.query(
        `INSERT INTO idp_codes (code_hash, sub, client_id, redirect_uri, code_challenge, nonce, scope, audience, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
        [
          hashSecret(code),
          grant.sub,
          grant.clientId,
          grant.redirectUri,
          grant.codeChallenge,
          grant.nonce,
          grant.scope,
          grant.audience,
          CODE_TTL_SECONDS,
        ],
      );
      return code;
    },

    /** A code works once: it is deleted as it is read. */
    async redeemCode(code: string): Promise<AuthorizationGrant | null> {
      const [row] = await db.query<{
        sub: string;
        client_id: string;
        redirect_uri: string;
        code_challenge: string;
        nonce: string | null;
        scope: string;
        audience: string;
      }>(
        `DELETE FROM idp_codes WHERE code_hash = $1 AND expires_at > now()
         RETURNING sub, client_id, redirect_uri, code_challenge, nonce, scope, audience`,
        [hashSecret(code)],
      );
      if (!row) return null;
      return {
        sub: row.sub,
        clientId: row.client_id,
        redirectUri: row.redirect_uri,
        codeChallenge: row.code_challenge,
        nonce: row.nonce,
        scope: row.scope,
        audience: row.audience,
      };
    },

    async issueRefreshToken(grant: { sub: string; clientId: string; scope: string; audience: string }, family = newSecret()) {
      return storeRefreshToken(db, grant, family);
    },

    /**
     * Rotation: each refresh token works once and is replaced. Presenting a used one means it
     * leaked, so its whole family is revoked — unless it was used a moment ago: two tabs
     * refreshing together get a new token each (the reuse grace).
     */
    async rotateRefreshToken(token: string, clientId: string, graceSeconds: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{
          family: string;
          sub: string;
          scope: string;
          audience: string;
          used: boolean;
          in_grace: boolean;
          client_id: string;
        }>(
          `SELECT family, sub, scope, audience, client_id, used_at IS NOT NULL AS used,
                  used_at > now() - make_interval(secs => $2) AS in_grace
           FROM idp_refresh_tokens WHERE token_hash = $1 AND expires_at > now() FOR UPDATE`,
          [hashSecret(token), graceSeconds],
        );
        if (!row || row.client_id !== clientId) return null;
        if (row.used && !row.in_grace) {
          await tx.query("DELETE FROM idp_refresh_tokens WHERE family = $1", [row.family]);
          return null;
        }
        if (!row.used) await tx.query("UPDATE idp_refresh_tokens SET used_at = now() WHERE token_hash = $1", [hashSecret(token)]);
        const grant = { sub: row.sub, clientId, scope: row.scope, audience: row.audience };
        return { grant, refreshToken: await storeRefreshToken(tx, grant, row.family) };
      });
    },
  };
}

export type IdpStore = ReturnType<typeof createIdpStore>;

async function storeRefreshToken(db: Queryable, grant: { sub: string; clientId: string; scope: string; audience: string }, family: string) {
  const token = newSecret();
  await db.query(
    `INSERT INTO idp_refresh_tokens (token_hash, family, sub, client_id, scope, audience, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
    [hashSecret(token), family, grant.sub, grant.clientId, grant.scope, grant.audience, REFRESH_TTL_DAYS],
  );
  return token;
}
