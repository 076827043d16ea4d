import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Access } from "../auth/access";
import { bodyCeiling } from "../web/request-body";
import type { AddressLimits } from "../web/address-limit";
import { contentSecurityPolicy } from "../web/security-headers";
import { DEV_AUDIENCE, DEV_CLIENT_ID, devIssuer, refusalFor } from "./dev-client";
import type { IdpStore } from "./idp-store";
import { idpMessages } from "./messages";
import { avatarSvg, loginPage, loginStyles, webMessagePage } from "./pages";
import { verifiesChallenge } from "./secrets";
import type { SigningKeys } from "./signing-keys";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, signIdToken } from "./tokens";

const SESSION_COOKIE = "oystar_dev_idp_session";

const authorizeSchema = z.object({
  client_id: z.literal(DEV_CLIENT_ID),
  redirect_uri: z.string().url(),
  response_type: z.literal("code"),
  response_mode: z.enum(["query", "web_message"]).default("query"),
  state: z.string().min(1).max(2048),
  nonce: z.string().max(2048).optional(),
  scope: z.string().max(1024).default("openid"),
  audience: z.string().max(1024).default(DEV_AUDIENCE),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal("S256"),
  prompt: z.string().optional(),
});
type AuthorizeRequest = z.infer<typeof authorizeSchema>;

const tokenSchema = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("authorization_code"),
    client_id: z.string(),
    code: z.string().min(1),
    code_verifier: z.string().min(43).max(128),
    redirect_uri: z.string(),
  }),
  z.object({ grant_type: z.literal("refresh_token"), client_id: z.string(), refresh_token: z.string().min(1) }),
]);

/** Auth0's grants for a username and password (the plain one and Auth0's realm variant). */
const PASSWORD_GRANTS = ["password", "http://auth0.com/oauth/grant-type/password-realm"];

/** Logins and token requests are a few hundred bytes. */
const SMALL_BODY = { maxBytes: 8 * 1024 };
/** A person signs in a few times a minute; a script guessing emails is slowed down. */
const LOGINS_PER_MINUTE = 30;
/** Two tabs refreshing with the same token at once are one user, not a thief (as Auth0's reuse interval). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const oauthError = (c: Context, error: string, description: string, status: 400 | 401 | 403 = 400) =>
  c.json({ error, error_description: description }, status);

/**
 * The built-in identity provider at /idp (AUTH_MODE=dev): the subset of Auth0's authentication
 * API that @auth0/auth0-spa-js uses, with Auth0's paths and token shapes (DESIGN.md §3).
 */
export function devIdpRoutes(store: IdpStore, keys: SigningKeys, access: Access, origin: string, addressLimits: AddressLimits) {
  const app = new Hono();
  const issuer = devIssuer(origin);

  app.get("/idp/.well-known/jwks.json", access.public, (c) =>
    c.json({ keys: [{ ...keys.publicJwk, kid: keys.kid, alg: "RS256", use: "sig" }] }),
  );

  app.get("/idp/.well-known/openid-configuration", access.public, (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${origin}/idp/authorize`,
      token_endpoint: `${origin}/idp/oauth/token`,
      jwks_uri: `${origin}/idp/.well-known/jwks.json`,
      end_session_endpoint: `${origin}/idp/v2/logout`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "web_message"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: ["RS256"],
      subject_types_supported: ["public"],
      scopes_supported: ["openid", "profile", "email", "offline_access"],
    }),
  );

  app.get("/idp/login.css", access.public, (c) => c.body(loginStyles, 200, { "Content-Type": "text/css; charset=utf-8" }));

  app.get("/idp/avatar/:file", access.public, (c) => {
    let email: string;
    try {
      email = decodeURIComponent(c.req.param("file")).replace(/\.svg$/, "");
    } catch {
      return c.text(idpMessages.invalidAvatar, 400);
    }
    return c.body(avatarSvg(email), 200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" });
  });

  app.get("/idp/authorize", access.public, async (c) => {
    const parsed = authorizeSchema.safeParse(c.req.query());
    if (!parsed.success) return c.text(idpMessages.invalidAuthorize(parsed.error.issues.map((i) => i.path.join(".")).join(", ")), 400);
    const request = parsed.data;
    // Only this origin's apps may receive codes: an open redirect would hand them to anyone.
    if (new URL(request.redirect_uri).origin !== origin) return c.text(idpMessages.redirectNotAllowed, 400);

    const account = await store.sessionAccount(getCookie(c, SESSION_COOKIE));
    if (!account) {
      // Silent sign-in must answer at once, never with a page (DESIGN.md §3).
      if (request.prompt === "none") return answer(c, request, { error: "login_required", error_description: "Login required" });
      return c.html(loginPage(new URL(c.req.url).search.slice(1)));
    }
    const code = await store.issueCode({
      sub: account.sub,
      clientId: request.client_id,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      nonce: request.nonce ?? null,
      scope: request.scope,
      audience: request.audience,
    });
    return answer(c, request, { code });
  });

  app.post(
    "/idp/login",
    access.public,
    addressLimits.perMinute({ action: "idp-login", perMinute: LOGINS_PER_MINUTE }),
    bodyCeiling(SMALL_BODY),
    async (c) => {
      // Login CSRF: another site's form must not sign a visitor in to an account of its choosing.
      if (crossSite(c, origin)) return c.text(idpMessages.crossSiteLogin, 403);
      const query = new URL(c.req.url).search.slice(1);
      const form = await c.req.parseBody();
      const email = z.string().trim().email().max(254).safeParse(form.email);
      if (!email.success) return c.html(loginPage(query, idpMessages.invalidEmail), 400);
      const refusal = refusalFor(email.data);
      if (refusal) {
        // As Auth0 does when a rule refuses a login: back to the app with the reason, no session.
        const request = authorizeSchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
        if (!request.success || new URL(request.data.redirect_uri).origin !== origin) return c.text(idpMessages.redirectNotAllowed, 400);
        return answer(c, request.data, { error: refusal.error, error_description: refusal.description });
      }
      const account = await store.accountFor(email.data);
      const session = await store.openSession(account.sub);
      setCookie(c, SESSION_COOKIE, session, {
        httpOnly: true,
        sameSite: "Lax",
        path: "/idp",
        secure: origin.startsWith("https:"),
        maxAge: 24 * 3600,
      });
      return c.redirect(`/idp/authorize?${query}`, 303);
    },
  );

  app.post("/idp/oauth/token", access.public, bodyCeiling(SMALL_BODY), async (c) => {
    const contentType = c.req.header("content-type") ?? "";
    // OAuth's token endpoint takes a form or JSON and answers in OAuth's own error codes
    // (DESIGN.md §3), not the product's: it reads its body itself.
    // eslint-disable-next-line no-restricted-syntax -- a form or JSON, refused the OAuth way
    const body: unknown = contentType.includes("application/json") ? await c.req.json().catch(() => null) : await c.req.parseBody();
    // spec 001 §9: no username and password, answered as Auth0 answers a grant it does not allow.
    const grantType = body && typeof body === "object" ? (body as Record<string, unknown>).grant_type : undefined;
    if (typeof grantType === "string" && PASSWORD_GRANTS.includes(grantType)) {
      return oauthError(c, "unsupported_grant_type", idpMessages.passwordLoginUnsupported);
    }
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) return oauthError(c, "invalid_request", idpMessages.invalidTokenRequest);
    const request = parsed.data;
    if (request.client_id !== DEV_CLIENT_ID) return oauthError(c, "invalid_client", idpMessages.unknownClient, 401);

    c.header("Cache-Control", "no-store");

    if (request.grant_type === "authorization_code") {
      const grant = await store.redeemCode(request.code);
      if (!grant || grant.clientId !== request.client_id || grant.redirectUri !== request.redirect_uri) {
        return oauthError(c, "invalid_grant", idpMessages.invalidCode, 403);
      }
      if (!verifiesChallenge(request.code_verifier, grant.codeChallenge))
        return oauthError(c, "invalid_grant", idpMessages.pkceFailed, 403);
      const account = await store.account(grant.sub);
      if (!account) return oauthError(c, "invalid_grant", idpMessages.noAccount, 403);
      const refreshToken = grant.scope.split(" ").includes("offline_access") ? await store.issueRefreshToken(grant) : undefined;
      return c.json({
        access_token: await signAccessToken(keys, issuer, account, grant),
        id_token: await signIdToken(keys, issuer, account, grant, origin),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: grant.scope,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        token_type: "Bearer",
      });
    }

    const rotated = await store.rotateRefreshToken(request.refresh_token, request.client_id, REFRESH_REUSE_GRACE_SECONDS);
    if (!rotated) return oauthError(c, "invalid_grant", idpMessages.invalidRefreshToken, 403);
    const account = await store.account(rotated.grant.sub);
    if (!account) return oauthError(c, "invalid_grant", idpMessages.noAccount, 403);
    return c.json({
      access_token: await signAccessToken(keys, issuer, account, rotated.grant),
      id_token: await signIdToken(keys, issuer, account, { clientId: rotated.grant.clientId, nonce: null }, origin),
      refresh_token: rotated.refreshToken,
      scope: rotated.grant.scope,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: "Bearer",
    });
  });

  app.get("/idp/v2/logout", access.public, async (c) => {
    await store.closeSession(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: "/idp" });
    // Only back to this origin (Auth0's "Allowed Logout URLs"), to the URL as parsed: what the
    // caller wrote never reaches the Location header as is.
    return c.redirect(sameOriginUrl(c.req.query("returnTo"), origin) ?? `${origin}/`, 302);
  });

  return app;
}

function sameOriginUrl(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Browsers name the page a form was sent from; a form from another origin is refused. */
function crossSite(c: Context, origin: string): boolean {
  const from = c.req.header("origin");
  if (from !== undefined) return from !== origin;
  return c.req.header("sec-fetch-site") === "cross-site";
}

function answer(c: Context, request: AuthorizeRequest, response: Record<string, string>) {
  const withState = { ...response, state: request.state };
  if (request.response_mode === "web_message") {
    const nonce = randomBytes(16).toString("base64");
    c.header("Content-Security-Policy", contentSecurityPolicy({ nonce, frameAncestors: "'self'" }));
    // This page lives in the app's hidden iframe: same-origin framing only.
    c.header("X-Frame-Options", "SAMEORIGIN");
    c.header("Cache-Control", "no-store");
    return c.html(webMessagePage(new URL(request.redirect_uri).origin, withState, nonce));
  }
  const target = new URL(request.redirect_uri);
  for (const [key, value] of Object.entries(withState)) target.searchParams.set(key, value);
  return c.redirect(target.toString(), 302);
}
