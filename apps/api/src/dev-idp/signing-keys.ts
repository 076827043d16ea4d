import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database";
import { sharedSecret } from "../db/shared-secret";

export type SigningKeys = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

/**
 * RS256 keys generated at first start and kept in the database (DESIGN.md §3), so every server of
 * a deployment signs and accepts the same tokens, and they survive a restart. The built-in
 * provider refuses to run in production: this key only ever signs development sign-ins.
 */
export async function loadSigningKeys(db: Queryable): Promise<SigningKeys> {
  const stored = await sharedSecret(db, "dev-idp-signing-key", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
    return JSON.stringify({ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" });
  });
  const privateJwk = JSON.parse(stored) as JWK;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = (await importJWK(privateJwk, "RS256")) as CryptoKey;
  return { kid: privateJwk.kid ?? "dev", privateKey, publicJwk };
}
