import { themeBootScript } from "@oystar/ui-kit";
import { themeBootScriptSource } from "../web/security-headers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEV_CLIENT_ID } from "./dev-client";
import { startTestServer } from "../../test-support/fixtures";
import { rawRequest } from "../../test-support/raw-http";
import { signInAs } from "./dev-sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tokenRequest = (fields: Record<string, string>) =>
  fetch(`${server.url}/idp/oauth/token`, { method: "POST", body: new URLSearchParams(fields) });

describe("discovery", () => {
  test("openid-configuration names this origin's endpoints", async () => {
    const config = await (await fetch(`${server.url}/idp/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer: `${server.url}/idp/`,
      authorization_endpoint: `${server.url}/idp/authorize`,
      token_endpoint: `${server.url}/idp/oauth/token`,
      jwks_uri: `${server.url}/idp/.well-known/jwks.json`,
      code_challenge_methods_supported: ["S256"],
    });
  });
});

describe("authorize", () => {
  test("without a session it shows the login page with the seeded accounts", async () => {
    const { params } = await signInAs(server.url, "free@oystar.test");
    const page = await fetch(`${server.url}/idp/authorize?${params}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const email of [
      "free@oystar.test",
      "base@oystar.test",
      "pro@oystar.test",
      "business@oystar.test",
      "enterprise@oystar.test",
      "admin@oystar.test",
    ]) {
      expect(html).toContain(`Accedi come ${email}`);
    }
    expect(html).toContain('type="email"');
    // Issue 52 §7: its one script is the apps' theme boot script (the page follows the product's
    // theme), allowed by its hash alone; nothing else runs.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script>${themeBootScript}</script>`);
    expect(page.headers.get("content-security-policy")).toContain(themeBootScriptSource);
  });

  test("with a session it redirects back with a code and the exact state", async () => {
    const { callback, state } = await signInAs(server.url, "free@oystar.test");
    expect(callback.origin + callback.pathname).toBe(`${server.url}/chat`);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("code")).toMatch(/^[\w-]{40,}$/);
  });

  test("silent sign-in without a session answers login_required at once, as a web message", async () => {
    const { params } = await signInAs(server.url, "free@oystar.test");
    params.set("prompt", "none");
    params.set("response_mode", "web_message");
    const response = await fetch(`${server.url}/idp/authorize?${params}`);
    const html = await response.text();
    expect(html).toContain('"type":"authorization_response"');
    expect(html).toContain('"error":"login_required"');
    expect(html).toContain(`"state":"${params.get("state")}"`);
    // Its one inline script runs under a nonce; it may be framed by this origin only.
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'self'");
  });

  test("silent sign-in with a session posts a code to the app's origin", async () => {
    const { params, cookie } = await signInAs(server.url, "free@oystar.test");
    params.set("prompt", "none");
    params.set("response_mode", "web_message");
    const html = await (await fetch(`${server.url}/idp/authorize?${params}`, { headers: { cookie } })).text();
    expect(html).toMatch(/"code":"[\w-]{40,}"/);
    expect(html).toContain(`, "${server.url}");`);
  });

  test("a redirect_uri of another origin is refused", async () => {
    const { params, cookie } = await signInAs(server.url, "free@oystar.test");
    params.set("redirect_uri", "https://evil.example/callback");
    const response = await fetch(`${server.url}/idp/authorize?${params}`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(400);
  });

  test("PKCE is required, S256 only", async () => {
    const { params } = await signInAs(server.url, "free@oystar.test");
    params.set("code_challenge_method", "plain");
    expect((await fetch(`${server.url}/idp/authorize?${params}`)).status).toBe(400);
    params.delete("code_challenge_method");
    params.delete("code_challenge");
    expect((await fetch(`${server.url}/idp/authorize?${params}`)).status).toBe(400);
  });
});

describe("token endpoint", () => {
  test("tokens have Auth0's shape", async () => {
    const tokens = await signInAs(server.url, "base@oystar.test");
    expect(tokens.access_token.split(".")).toHaveLength(3);
    expect(tokens.refresh_token).toBeTruthy();
    const idToken = JSON.parse(Buffer.from(tokens.id_token.split(".")[1] ?? "", "base64url").toString());
    expect(idToken).toMatchObject({ iss: `${server.url}/idp/`, aud: DEV_CLIENT_ID, nonce: tokens.nonce, email: "base@oystar.test" });
  });

  test("a code works once, and only with its verifier", async () => {
    const { params, cookie, verifier, redirectUri } = await signInAs(server.url, "free@oystar.test");
    const location = (await fetch(`${server.url}/idp/authorize?${params}`, { headers: { cookie }, redirect: "manual" })).headers.get(
      "location",
    );
    const code = new URL(location ?? "").searchParams.get("code") ?? "";
    const wrongVerifier = await tokenRequest({
      grant_type: "authorization_code",
      client_id: DEV_CLIENT_ID,
      code,
      code_verifier: "x".repeat(43),
      redirect_uri: redirectUri,
    });
    expect(wrongVerifier.status).toBe(403);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });
    // The failed attempt spent the code: a code is never tried twice.
    const retry = await tokenRequest({
      grant_type: "authorization_code",
      client_id: DEV_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
    expect(retry.status).toBe(403);
  });

  test("refresh tokens rotate, and a reused one revokes its family once the reuse grace is over", async () => {
    const first = await signInAs(server.url, "free@oystar.test");
    const refresh = async (token: string) => tokenRequest({ grant_type: "refresh_token", client_id: DEV_CLIENT_ID, refresh_token: token });
    const second = await refresh(first.refresh_token ?? "");
    expect(second.status).toBe(200);
    const secondTokens = (await second.json()) as { refresh_token: string; access_token: string };
    expect(secondTokens.refresh_token).not.toBe(first.refresh_token);
    expect((await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${secondTokens.access_token}` } })).status).toBe(200);
    // Two tabs refreshing with the same token at once: the second gets its own new token.
    const twin = await refresh(first.refresh_token ?? "");
    expect(twin.status).toBe(200);
    const twinTokens = (await twin.json()) as { refresh_token: string };
    expect(twinTokens.refresh_token).not.toBe(secondTokens.refresh_token);
    // Later, a replay of the first token is a leak: refused, and the newer ones die with it.
    await server.db.query("UPDATE idp_refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL");
    expect((await refresh(first.refresh_token ?? "")).status).toBe(403);
    expect((await refresh(secondTokens.refresh_token)).status).toBe(403);
    expect((await refresh(twinTokens.refresh_token)).status).toBe(403);
  });

  test("JSON bodies work too; bad requests get OAuth errors, never a 500", async () => {
    const json = await fetch(`${server.url}/idp/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token", client_id: DEV_CLIENT_ID, refresh_token: "nope" }),
    });
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ error: "invalid_grant" });
    const bad = await tokenRequest({ grant_type: "authorization_code", client_id: DEV_CLIENT_ID });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_request" });
    const broken = await fetch(`${server.url}/idp/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
  });

  // spec 001 §9: "Login with username and password is not supported ('Login non supportato. Usa Auth0.')".
  test("a username and password are refused as Auth0 refuses a grant, with the spec's words", async () => {
    const refusal = { error: "unsupported_grant_type", error_description: "Login non supportato. Usa Auth0." };
    const form = await tokenRequest({ grant_type: "password", client_id: DEV_CLIENT_ID, username: "pro@oystar.test", password: "segreta" });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual(refusal);
    const json = await fetch(`${server.url}/idp/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        grant_type: "http://auth0.com/oauth/grant-type/password-realm",
        client_id: DEV_CLIENT_ID,
        username: "pro@oystar.test",
        password: "segreta",
        realm: "Username-Password-Authentication",
      }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual(refusal);
  });
});

describe("logout", () => {
  test("clears the session and returns to an allowed address on this origin", async () => {
    const { params, cookie } = await signInAs(server.url, "free@oystar.test");
    const logout = await fetch(`${server.url}/idp/v2/logout?client_id=${DEV_CLIENT_ID}&returnTo=${encodeURIComponent(`${server.url}/`)}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe(`${server.url}/`);
    // The old session cookie no longer signs anyone in.
    const after = await fetch(`${server.url}/idp/authorize?${params}`, { headers: { cookie }, redirect: "manual" });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Accedi come free@oystar.test");
  });

  test("never returns to another origin", async () => {
    const logout = await fetch(`${server.url}/idp/v2/logout?returnTo=${encodeURIComponent("https://evil.example/")}`, {
      redirect: "manual",
    });
    expect(logout.headers.get("location")).toBe(`${server.url}/`);
  });
});

test("the refused account goes back to the app with Auth0's error and description, and no session", async () => {
  const { params } = await signInAs(server.url, "free@oystar.test");
  const page = await (await fetch(`${server.url}/idp/authorize?${params}`)).text();
  expect(page).toContain("Accedi come non-verificato@oystar.test");
  const login = await fetch(`${server.url}/idp/login?${params}`, {
    method: "POST",
    body: new URLSearchParams({ email: "non-verificato@oystar.test" }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  expect(login.headers.get("set-cookie")).toBeNull();
  const callback = new URL(login.headers.get("location") ?? "");
  expect(callback.origin + callback.pathname).toBe(`${server.url}/chat`);
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("error_description")).toBe("Verifica il tuo indirizzo email prima di accedere.");
  expect(callback.searchParams.get("state")).toBe(params.get("state"));
  expect(callback.searchParams.has("code")).toBe(false);
});

test("a refusal is only ever sent to this origin", async () => {
  const { params } = await signInAs(server.url, "free@oystar.test");
  params.set("redirect_uri", "https://evil.example/callback");
  const login = await fetch(`${server.url}/idp/login?${params}`, {
    method: "POST",
    body: new URLSearchParams({ email: "non-verificato@oystar.test" }),
    redirect: "manual",
  });
  expect(login.status).toBe(400);
});

test("a sign-in popup gets its answer through its opener", async () => {
  const { params, cookie } = await signInAs(server.url, "free@oystar.test");
  params.set("response_mode", "web_message");
  const html = await (await fetch(`${server.url}/idp/authorize?${params}`, { headers: { cookie } })).text();
  expect(html).toContain("(window.opener || window.parent).postMessage(");
});

test("an invalid email on the login page is refused in Italian", async () => {
  const { params } = await signInAs(server.url, "free@oystar.test");
  const response = await fetch(`${server.url}/idp/login?${params}`, {
    method: "POST",
    body: new URLSearchParams({ email: "non-una-email" }),
  });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("Inserisci un indirizzo email valido.");
});

// Issue 10 §6, §7: what an attack run found on the built-in provider.
describe("hardening", () => {
  test("logout with CR/LF in returnTo redirects to the parsed address", async () => {
    const returnTo = encodeURIComponent(`${server.url}/\r\nSet-Cookie: rubato=1`);
    const response = await fetch(`${server.url}/idp/v2/logout?returnTo=${returnTo}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${server.url}/Set-Cookie:%20rubato=1`);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("rubato");
  });

  test("a malformed avatar name is a 400", async () => {
    expect((await fetch(`${server.url}/idp/avatar/%E0%A4%A.svg`)).status).toBe(400);
  });

  test("the built-in provider refuses a login form sent from another site", async () => {
    const response = await fetch(`${server.url}/idp/login?state=x`, {
      method: "POST",
      headers: { Origin: "http://evil.example" },
      body: new URLSearchParams({ email: "vittima@esempio.it" }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("the login is rate-limited per address: 30 a minute, then 429, other addresses unaffected", async () => {
    // A server of its own: this test spends its address's logins.
    const limited = await startTestServer();
    try {
      const login = (localAddress: string) => {
        const body = new URLSearchParams({ email: "free@oystar.test" }).toString();
        return rawRequest(limited.url, {
          method: "POST",
          path: "/idp/login",
          headers: { Host: new URL(limited.url).host, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
          send: (write) => write(body),
          localAddress,
        });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await login("127.0.0.1")).status);
      expect(statuses.every((status) => status === 303)).toBe(true);
      const refused = await login("127.0.0.1");
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ error: "Troppe richieste: riprova tra un minuto." });
      expect(refused.headers["set-cookie"]).toBeUndefined();
      expect((await login("127.0.0.2")).status).toBe(303);
    } finally {
      await limited.close();
    }
  });
});
