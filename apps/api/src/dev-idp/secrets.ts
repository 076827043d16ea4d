import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh unguessable secret (codes, sessions, refresh tokens). */
export const newSecret = () => randomBytes(32).toString("base64url");

/** Secrets are stored only as hashes: a copy of the database cannot replay them. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/** PKCE S256: the challenge is base64url(sha256(verifier)). */
export function verifiesChallenge(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
