import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type SigningKeys = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

const FILE = "dev-idp-signing-key.json";

/**
 * RS256 keys generated at first start and kept in DATA_DIR, so sessions and tokens survive a
 * restart. The file holds a private key: DATA_DIR is git-ignored and only used in development.
 */
export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const path = join(dataDir, FILE);
  let privateJwk: JWK;
  try {
    privateJwk = JSON.parse(readFileSync(path, "utf8")) as JWK;
  } catch {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, JSON.stringify(privateJwk), { mode: 0o600 });
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = (await importJWK(privateJwk, "RS256")) as CryptoKey;
  return { kid: privateJwk.kid ?? "dev", privateKey, publicJwk };
}
