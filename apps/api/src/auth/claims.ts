import type { JWTPayload } from "jose";
import type { Profile } from "../accounts/accounts";

/** An access token whose signature, issuer, audience and expiry were checked. */
export type VerifiedToken = JWTPayload & { sub: string };

/**
 * Namespaced claims the API reads from an access token. A real Auth0 tenant adds them with a
 * Post-Login Action (README); the built-in provider signs them the same way.
 */
export const CLAIM_NAMESPACE = "https://oystar.it/";

/** The identity claims of a verified token: the namespaced ones, or the standard names. */
export function profileOf(token: VerifiedToken): Profile {
  const claim = (name: string) => token[`${CLAIM_NAMESPACE}${name}`] ?? token[name];
  const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);
  return {
    sub: token.sub,
    email: text(claim("email"))?.toLowerCase() ?? null,
    emailVerified: claim("email_verified") === true,
    name: text(claim("name")),
    picture: text(claim("picture")),
    ...(typeof token.iat === "number" ? { issuedAt: token.iat } : {}),
  };
}
