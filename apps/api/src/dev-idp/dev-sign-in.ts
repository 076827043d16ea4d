import { createHash, randomBytes } from "node:crypto";
import { DEV_AUDIENCE, DEV_CLIENT_ID } from "./dev-client";

/**
 * Drives the built-in provider over HTTP as @auth0/auth0-spa-js does (PKCE, state, nonce): how
 * the tests and the benchmarks (pnpm rag bench) sign in to a running server.
 */
export async function signInAs(
  baseUrl: string,
  email: string,
  options: { scope?: string; fetch?: (url: string, init?: RequestInit) => Promise<Response> } = {},
) {
  const fetch = options.fetch ?? globalThis.fetch;
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(8).toString("hex");
  const nonce = randomBytes(8).toString("hex");
  const redirectUri = `${baseUrl}/chat`;
  const params = new URLSearchParams({
    client_id: DEV_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    response_mode: "query",
    scope: options.scope ?? "openid profile email offline_access",
    audience: DEV_AUDIENCE,
    state,
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const login = await fetch(`${baseUrl}/idp/login?${params}`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const authorize = await fetch(`${baseUrl}${login.headers.get("location")}`, { headers: { cookie }, redirect: "manual" });
  const callback = new URL(authorize.headers.get("location") ?? "");
  const code = callback.searchParams.get("code") ?? "";
  const token = await fetch(`${baseUrl}/idp/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: DEV_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }),
  });
  const tokens = (await token.json()) as { access_token: string; id_token: string; refresh_token?: string };
  return { ...tokens, cookie, state, nonce, callback, params, verifier, redirectUri };
}
