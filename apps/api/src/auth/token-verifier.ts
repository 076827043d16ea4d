import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK } from "jose";
import type { VerifiedToken } from "./claims";

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Who signs the tokens the API accepts: a tenant's published keys, or keys held in-process. */
export type TokenIssuer = { issuer: string; audience: string } & ({ jwksUrl: string } | { publicJwk: JWK });

/** DESIGN.md §3: at most 60 s of clock leeway. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies access tokens the way the API must, since the browser SDK does not check signatures:
 * RS256 only, the issuer's keys, the configured issuer and audience, expiry with 60 s leeway.
 */
export function createTokenVerifier(trusted: TokenIssuer): TokenVerifier {
  // jose caches a remote key set and refetches it when a token names an unknown kid.
  const keys = "jwksUrl" in trusted ? createRemoteJWKSet(new URL(trusted.jwksUrl)) : createLocalJWKSet({ keys: [trusted.publicJwk] });
  return rememberVerifiedTokens((token) => verify(token, keys, trusted.issuer, trusted.audience));
}

/** An Auth0 tenant: its issuer is the domain URL with a trailing slash, its keys at the JWKS path. */
export function auth0Issuer(auth0: { domain: string; audience: string }): TokenIssuer {
  const domainUrl = /^https?:\/\//.test(auth0.domain) ? auth0.domain.replace(/\/$/, "") : `https://${auth0.domain}`;
  return { issuer: `${domainUrl}/`, audience: auth0.audience, jwksUrl: `${domainUrl}/.well-known/jwks.json` };
}

/** How many verified tokens are remembered (a few per active user). */
const VERIFIED_TOKENS_KEPT = 5000;

/**
 * Remembers tokens already verified, until they expire: a token cannot change, so checking its
 * signature once is enough, and every question skips the RSA work.
 */
export function rememberVerifiedTokens(verifier: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const verified = new Map<string, VerifiedToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known && typeof known.exp === "number" && known.exp * 1000 > now()) return known;
    verified.delete(token);
    const payload = await verifier(token);
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload);
    return payload;
  };
}

async function verify(token: string, keys: Parameters<typeof jwtVerify>[1], issuer: string, audience: string): Promise<VerifiedToken> {
  const { payload } = await jwtVerify(token, keys as Parameters<typeof jwtVerify>[1] & object, {
    algorithms: ["RS256"],
    issuer,
    audience,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["sub", "exp"],
  });
  return payload as VerifiedToken;
}
