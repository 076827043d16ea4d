import { SignJWT } from "jose";
import { CLAIM_NAMESPACE } from "../auth/claims";
import type { IdpAccount } from "./idp-store";
import type { SigningKeys } from "./signing-keys";

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

const pictureOf = (account: IdpAccount) => `/idp/avatar/${encodeURIComponent(account.email)}.svg`;

export async function signAccessToken(
  keys: SigningKeys,
  issuer: string,
  account: IdpAccount,
  grant: { clientId: string; audience: string; scope: string },
) {
  return new SignJWT({
    scope: grant.scope,
    azp: grant.clientId,
    [`${CLAIM_NAMESPACE}email`]: account.email,
    [`${CLAIM_NAMESPACE}email_verified`]: true,
    [`${CLAIM_NAMESPACE}name`]: account.name,
  })
    .setProtectedHeader({ alg: "RS256", kid: keys.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setSubject(account.sub)
    .setAudience(grant.audience)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keys.privateKey);
}

export async function signIdToken(
  keys: SigningKeys,
  issuer: string,
  account: IdpAccount,
  grant: { clientId: string; nonce: string | null },
  origin: string,
) {
  return new SignJWT({
    email: account.email,
    email_verified: true,
    name: account.name,
    nickname: account.name,
    picture: `${origin}${pictureOf(account)}`,
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: "RS256", kid: keys.kid, typ: "JWT" })
    .setIssuer(issuer)
    .setSubject(account.sub)
    .setAudience(grant.clientId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keys.privateKey);
}
