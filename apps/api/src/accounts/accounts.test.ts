import { exportJWK, generateKeyPair, SignJWT, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEV_AUDIENCE, DEV_CLIENT_ID } from "../dev-idp/dev-client";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token?: string) => fetch(`${server.url}/api/me`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe("GET /api/me", () => {
  test("answers 401 in Italian without a token", async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Accesso richiesto: effettua il login." });
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });

  test("gives the profile of the signed-in user, not an admin", async () => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const response = await me(access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "business@oystar.test", name: "Utente Business", isAdmin: false });
  });

  test("the admin is decided by the server from ADMIN_EMAILS", async () => {
    const { access_token } = await signInAs(server.url, "admin@oystar.test");
    expect(await (await me(access_token)).json()).toMatchObject({ email: "admin@oystar.test", isAdmin: true });
  });

  test("a new email registers a free account at its first call", async () => {
    const { access_token } = await signInAs(server.url, "Nuova.Persona@Esempio.it");
    const response = await me(access_token);
    expect(await response.json()).toMatchObject({ email: "nuova.persona@esempio.it", isAdmin: false });
    const [user] = await server.db.query<{ plan: string }>("SELECT plan FROM users WHERE email = $1", ["nuova.persona@esempio.it"]);
    expect(user?.plan).toBe("free");
  });

  test("seeded accounts start on their plan", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    await me(access_token);
    const [user] = await server.db.query<{ plan: string }>("SELECT plan FROM users WHERE email = $1", ["pro@oystar.test"]);
    expect(user?.plan).toBe("pro");
  });
});

describe("access tokens the API refuses", () => {
  let valid: { access_token: string; id_token: string };
  let payload: Record<string, unknown>;
  let kid: string;
  beforeAll(async () => {
    valid = await signInAs(server.url, "free@oystar.test");
    payload = JSON.parse(Buffer.from(valid.access_token.split(".")[1] ?? "", "base64url").toString());
    kid = decodeProtectedHeader(valid.access_token).kid ?? "";
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  test("the valid token is accepted (control)", async () => {
    expect((await me(valid.access_token)).status).toBe(200);
  });

  test("alg none", async () => {
    const forged = `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`;
    expect((await me(forged)).status).toBe(401);
  });

  test("HS256 signed with the public key", async () => {
    const jwks = (await (await fetch(`${server.url}/idp/.well-known/jwks.json`)).json()) as { keys: object[] };
    const publicKeyAsSecret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const forged = await new SignJWT(payload).setProtectedHeader({ alg: "HS256", kid }).sign(publicKeyAsSecret);
    expect((await me(forged)).status).toBe(401);
  });

  test("wrong issuer, signed with the real key", async () => {
    const forged = await signWithDevKey({ ...payload, iss: "https://evil.example/" }, kid);
    expect((await me(forged)).status).toBe(401);
  });

  test("wrong audience: an id_token used as bearer", async () => {
    expect((await me(valid.id_token)).status).toBe(401);
  });

  test("expired beyond the 60 s leeway", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await me(await signWithDevKey({ ...payload, iat: now - 600, exp: now - 120 }, kid))).status).toBe(401);
    // Within the leeway it still passes: the tolerance is 60 s, not more, not less.
    expect((await me(await signWithDevKey({ ...payload, iat: now - 600, exp: now - 30 }, kid))).status).toBe(200);
  });

  test("unknown kid", async () => {
    expect((await me(await signWithDevKey(payload, "not-a-known-kid"))).status).toBe(401);
  });

  test("a token from another issuer, with its own key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ ...payload, iss: "https://another-tenant.eu.auth0.com/" })
      .setProtectedHeader({ alg: "RS256", kid: "other" })
      .sign(privateKey);
    expect((await me(forged)).status).toBe(401);
    // Same claims as ours, but not our key.
    const sameClaims = await new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey);
    expect((await me(sameClaims)).status).toBe(401);
  });

  test("garbage", async () => {
    for (const token of ["abc", "a.b.c", `${valid.access_token}x`]) expect((await me(token)).status).toBe(401);
    const malformed = await fetch(`${server.url}/api/me`, { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(malformed.status).toBe(401);
  });

  async function signWithDevKey(claims: Record<string, unknown>, keyId: string) {
    const { importJWK } = await import("jose");
    const [stored] = await server.db.query<{ value: string }>("SELECT value FROM shared_secrets WHERE name = 'dev-idp-signing-key'");
    const jwk = JSON.parse(stored?.value ?? "{}");
    const key = await importJWK(jwk, "RS256");
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: keyId }).sign(key);
  }

  test("the key file never leaves the private parts in the JWKS", async () => {
    const jwks = (await (await fetch(`${server.url}/idp/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys[0]).not.toHaveProperty("d");
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", kid });
    expect(await exportJWK((await generateKeyPair("RS256", { extractable: true })).publicKey)).not.toHaveProperty("d");
  });

  test("audience and client of the dev provider", () => {
    expect(payload.aud).toBe(DEV_AUDIENCE);
    expect(payload.azp).toBe(DEV_CLIENT_ID);
  });
});
