import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWK } from "jose";
import type { Env } from "../env";
import { DEV_AUDIENCE, devIssuer } from "../dev-idp/dev-client";

export type VerifiedToken = JWTPayload & { sub: string };

export type TokenVerifier = (token: string, requestOrigin: string) => Promise<VerifiedToken>;

/** DESIGN.md §3: at most 60 s of clock leeway. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies access tokens the way the API must, since the browser SDK does not check signatures:
 * RS256 only, the issuer's keys, the configured issuer and audience, expiry with 60 s leeway.
 */
export function createTokenVerifier(env: Env, devPublicKey?: JWK): TokenVerifier {
  if (env.authMode === "dev") {
    if (!devPublicKey) throw new Error("dev mode needs the built-in provider's key");
    const keys = createLocalJWKSet({ keys: [devPublicKey] });
    // The built-in provider names itself after the origin the browser used.
    return rememberVerifiedTokens((token, requestOrigin) => verify(token, keys, devIssuer(requestOrigin), DEV_AUDIENCE));
  }
  const auth0 = env.auth0;
  if (!auth0) throw new Error("AUTH_MODE=auth0 needs AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE");
  const domainUrl = /^https?:\/\//.test(auth0.domain) ? auth0.domain.replace(/\/$/, "") : `https://${auth0.domain}`;
  // jose caches the key set and refetches it when a token names an unknown kid.
  const keys = createRemoteJWKSet(new URL(`${domainUrl}/.well-known/jwks.json`));
  return rememberVerifiedTokens((token) => verify(token, keys, `${domainUrl}/`, auth0.audience));
}

/** How many verified tokens are remembered (a few per active user). */
const VERIFIED_TOKENS_KEPT = 5000;

/**
 * Remembers tokens already verified, until they expire: a token cannot change, so checking its
 * signature once is enough, and every question skips the RSA work. Keyed by token and issuer.
 */
export function rememberVerifiedTokens(verifier: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const verified = new Map<string, VerifiedToken>();
  return async (token, requestOrigin) => {
    const key = `${requestOrigin} ${token}`;
    const known = verified.get(key);
    if (known && typeof known.exp === "number" && known.exp * 1000 > now()) return known;
    verified.delete(key);
    const payload = await verifier(token, requestOrigin);
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(key, payload);
    return payload;
  };
}

async function verify(
  token: string,
  keys: Parameters<typeof jwtVerify>[1],
  issuer: string,
  audience: string,
): Promise<VerifiedToken> {
  const { payload } = await jwtVerify(token, keys as Parameters<typeof jwtVerify>[1] & object, {
    algorithms: ["RS256"],
    issuer,
    audience,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["sub", "exp"],
  });
  return payload as VerifiedToken;
}
