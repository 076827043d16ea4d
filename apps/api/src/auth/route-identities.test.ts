import { importJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { inspectedRoutes } from "../../test-support/inspected-app";
import { signInAs } from "../dev-idp/dev-sign-in";
import { DEV_AUDIENCE, devIssuer } from "../dev-idp/dev-client";

// Issue 28 §4: every route of the route table, called as every identity weaker than its policy
// asks and with every way of sending a token the server must not honour: none answers 2xx. The
// routes come from the app itself, so a route added later is checked the day it is added.

let server: Awaited<ReturnType<typeof startTestServer>>;
const routes = (await inspectedRoutes()).filter((row) => row.policy !== "public" && row.method !== "ALL");

/** How much a caller must be, by the route's policy (its first part: who may call it). */
type Level = "signed-in" | "business" | "admin" | "provider";
function levelOf(policy: string): Level {
  const who = policy.split(" · ")[0] ?? "";
  if (who === "signed-in") return "signed-in";
  if (who === "admin") return "admin";
  if (who.startsWith("plan ≥ business")) return "business";
  if (who.startsWith("signature")) return "provider";
  throw new Error(`politica sconosciuta al test: ${policy} (insegnagliela)`);
}

/** A caller, and whether the server knows who it is (an account) or not (nobody). */
type Identity = { name: string; kind: "nobody" | "account"; headers: (path: string) => Record<string, string>; query?: string };
const tokens: Record<string, string> = {};
let forged: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  for (const email of ["free@oystar.test", "base@oystar.test", "pro@oystar.test", "business@oystar.test", "admin@oystar.test"]) {
    tokens[email] = (await signInAs(server.url, email)).access_token;
  }
  // Tokens signed with the server's own key, each wrong in one way.
  const [stored] = await server.db.query<{ value: string }>("SELECT value FROM shared_secrets WHERE name = 'dev-idp-signing-key'");
  const jwk = JSON.parse(stored?.value ?? "{}") as JWK;
  const key = await importJWK(jwk, "RS256");
  const sign = (claims: Record<string, unknown>, options: { audience?: string; issuer?: string; expires?: number } = {}) =>
    new SignJWT({ "https://oystar.it/email": "admin@oystar.test", "https://oystar.it/email_verified": true, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
      .setSubject("oystar-dev|admin@oystar.test")
      .setIssuer(options.issuer ?? devIssuer(server.url))
      .setAudience(options.audience ?? DEV_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(options.expires ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(key);
  const header = (part: Record<string, unknown>) => Buffer.from(JSON.stringify(part)).toString("base64url");
  forged = {
    expired: await sign({}, { expires: Math.floor(Date.now() / 1000) - 3600 }),
    otherAudience: await sign({}, { audience: "urn:altra:api" }),
    otherIssuer: await sign({}, { issuer: "https://altro.example/" }),
    // alg none: a signature nobody checked.
    unsigned: `${header({ alg: "none", typ: "JWT" })}.${header({ sub: "oystar-dev|admin@oystar.test", aud: DEV_AUDIENCE, iss: devIssuer(server.url), exp: 9_999_999_999 })}.`,
  };
});
afterAll(() => server.close());

/** Identities that prove nothing, however the token is sent. */
const nobody = (): Identity[] => [
  { name: "no token", kind: "nobody", headers: () => ({}) },
  { name: "a malformed token", kind: "nobody", headers: () => ({ Authorization: "Bearer abc.def.ghi" }) },
  {
    name: "another scheme",
    kind: "nobody",
    headers: () => ({ Authorization: `Basic ${Buffer.from("admin@oystar.test:x").toString("base64")}` }),
  },
  { name: "an expired token", kind: "nobody", headers: () => ({ Authorization: `Bearer ${forged.expired}` }) },
  { name: "another audience's token", kind: "nobody", headers: () => ({ Authorization: `Bearer ${forged.otherAudience}` }) },
  { name: "another issuer's token", kind: "nobody", headers: () => ({ Authorization: `Bearer ${forged.otherIssuer}` }) },
  { name: "an unsigned token", kind: "nobody", headers: () => ({ Authorization: `Bearer ${forged.unsigned}` }) },
  {
    name: "the admin's token in the query string",
    kind: "nobody",
    headers: () => ({}),
    query: `access_token=${tokens["admin@oystar.test"]}`,
  },
  {
    name: "the admin's token in a cookie",
    kind: "nobody",
    headers: () => ({ Cookie: `access_token=${tokens["admin@oystar.test"]}; token=${tokens["admin@oystar.test"]}` }),
  },
  { name: "the admin's token without its scheme", kind: "nobody", headers: () => ({ Authorization: tokens["admin@oystar.test"] ?? "" }) },
];
const account = (email: string): Identity => ({
  name: email,
  kind: "account",
  headers: () => ({ Authorization: `Bearer ${tokens[email]}` }),
});

/** Everyone weaker than a level asks. */
function weakerThan(level: Level): Identity[] {
  const signedIn = ["free@oystar.test", "base@oystar.test", "pro@oystar.test"].map(account);
  if (level === "signed-in") return nobody();
  if (level === "business") return [...nobody(), ...signedIn];
  if (level === "admin") return [...nobody(), ...signedIn, account("business@oystar.test")];
  // Only the payment provider's signature opens the webhook: no token does.
  return [...nobody(), ...signedIn, account("business@oystar.test"), account("admin@oystar.test")];
}

const concrete = (path: string) => path.replace(/:[a-z]+/gi, "1");

/**
 * The refusal a weaker caller must get from the route's policy itself — before anything of the
 * request is read: 401 for nobody, 403 for an account that is not enough, and for the webhook
 * the signature's 400. Anything else (a 2xx, a 400 of the body, a 404) means the request got
 * past the policy.
 */
const refusalFor = (level: Level, identity: Identity) => (level === "provider" ? 400 : identity.kind === "nobody" ? 401 : 403);

describe("no gated route lets a weaker identity past its policy", () => {
  test.each(routes.map((row) => [`${row.method} ${row.path}`, row] as const))("%s", async (_name, row) => {
    const level = levelOf(row.policy ?? "");
    const answers: string[] = [];
    for (const identity of weakerThan(level)) {
      const url = `${server.url}${concrete(row.path)}${identity.query ? `?${identity.query}` : ""}`;
      const response = await fetch(url, {
        method: row.method,
        headers: { ...identity.headers(row.path), ...(row.method === "GET" ? {} : { "Content-Type": "application/json" }) },
        body: row.method === "GET" ? undefined : "{}",
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status !== refusalFor(level, identity)) answers.push(`${identity.name}: ${response.status}`);
    }
    expect(answers).toEqual([]);
  });
});

describe("fields a caller has no say over are refused or ignored, never applied", () => {
  const privileges = {
    plan: "enterprise",
    role: "admin",
    is_admin: true,
    isAdmin: true,
    admin: true,
    email: "admin@oystar.test",
    owner: "admin@oystar.test",
    user_id: "1",
    debate_id: "00000000-0000-4000-8000-000000000000",
    queries_limit: -1,
  };
  /** A body each signed-in POST route accepts, to which the privileges are added. */
  const validBodies: Record<string, unknown> = {
    "/api/checkout/session": { plan: "base" },
    "/api/ollama/reset": { provider: "cloud", models: ["openai/gpt-oss-120b"] },
    "/api/debates/increment": {},
    "/api/forms/index-request": {
      name: "Mario",
      email: "mario@esempio.it",
      indexName: "studio-mario",
      sourceType: "url",
      websiteUrls: "https://esempio.it",
    },
    "/api/forms/debate-feedback": {
      rating: 4,
      comment: "Bello",
      debate_topic: "Treno contro aereo",
      timestamp: new Date().toISOString(),
      pdf_requested: false,
    },
    "/groq/chat/completions": { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ciao" }], stream: false },
    "/api/debates/calls": {},
    "/api/debates/vote": { debate_id: "00000000-0000-4000-8000-000000000000", preferred_side: "A" },
    // Issue 51: the subscription's routes (a free account has none to change: 409, never applied).
    "/api/billing/subscription/cancel": {},
    "/api/billing/subscription/reactivate": {},
    "/api/billing/subscription/change-preview": { plan: "pro" },
    "/api/billing/subscription/change": { plan: "pro" },
    "/api/billing/subscription/cancel-change": {},
    "/api/billing/subscription/payment-method": {},
    "/api/dev/billing/advance-clock": {},
  };

  test("every signed-in POST route has a body here (add one for a new route)", () => {
    const posted = routes.filter((row) => row.method === "POST" && levelOf(row.policy ?? "") === "signed-in").map((row) => row.path);
    expect(posted.filter((path) => !(path in validBodies))).toEqual([]);
  });

  test("a free account sending them stays a free account and no admin", async () => {
    const token = tokens["free@oystar.test"] ?? "";
    for (const [path, body] of Object.entries(validBodies)) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...(body as object), ...privileges }),
      });
      await response.arrayBuffer();
      // Refused as a bad request, or (where a form ignores extras) taken without them.
      expect(response.status, path).not.toBe(500);
    }
    const me = (await (await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      email: string;
      isAdmin: boolean;
    };
    expect(me).toMatchObject({ email: "free@oystar.test", isAdmin: false });
    const status = (await (
      await fetch(`${server.url}/api/subscription/status`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { plan: string; queries_limit: number };
    expect(status).toMatchObject({ plan: "free", queries_limit: 50 });
    const [row] = await server.db.query<{ plan: string; email: string }>("SELECT plan, email FROM users WHERE email = 'free@oystar.test'");
    expect(row).toEqual({ plan: "free", email: "free@oystar.test" });
  });
});
