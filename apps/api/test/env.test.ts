import { isAbsolute } from "node:path";
import { expect, test } from "vitest";
import { EnvError, loadEnv } from "../src/env";

test("defaults need no configuration", () => {
  const env = loadEnv({});
  expect(env.port).toBe(8787);
  expect(env.host).toBe("127.0.0.1");
  expect(env.authMode).toBe("dev");
  expect(env.auth0).toBeNull();
  expect(isAbsolute(env.dataDir)).toBe(true);
  expect(env.marketingDist).toMatch(/apps\/marketing\/dist$/);
  expect(env.assistantDist).toMatch(/apps\/assistant\/dist$/);
  expect(env.version).toMatch(/^\d+\.\d+\.\d+/);
});

test("PORT overrides the port", () => {
  expect(loadEnv({ PORT: "9911" }).port).toBe(9911);
});

test("a bad value is refused with a readable message naming the variable", () => {
  expect(() => loadEnv({ PORT: "ottanta" })).toThrow(EnvError);
  expect(() => loadEnv({ PORT: "ottanta", NODE_ENV: "staging" })).toThrow(/PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/);
});

test("Auth0 settings are used only when complete", () => {
  expect(loadEnv({ AUTH0_DOMAIN: "tenant.eu.auth0.com" }).auth0).toBeNull();
  expect(
    loadEnv({ AUTH0_DOMAIN: "tenant.eu.auth0.com", AUTH0_CLIENT_ID: "abc", AUTH0_AUDIENCE: "https://api.oystar.it" }).auth0,
  ).toEqual({ domain: "tenant.eu.auth0.com", clientId: "abc", audience: "https://api.oystar.it" });
});

test("dev mode makes the seeded admin the admin; ADMIN_EMAILS replaces it", () => {
  expect(loadEnv({}).adminEmails).toEqual(["admin@oystar.test"]);
  expect(loadEnv({ ADMIN_EMAILS: "Capo@Oystar.it, altro@oystar.it" }).adminEmails).toEqual(["capo@oystar.it", "altro@oystar.it"]);
});

test("the development identity provider is refused in production", () => {
  expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/AUTH_MODE/);
  expect(() => loadEnv({ NODE_ENV: "production", AUTH_MODE: "auth0" })).toThrow(/AUTH0_DOMAIN/);
  const production = loadEnv({
    NODE_ENV: "production",
    AUTH_MODE: "auth0",
    AUTH0_DOMAIN: "oystar.eu.auth0.com",
    AUTH0_CLIENT_ID: "abc",
    AUTH0_AUDIENCE: "https://api.oystar.it",
  });
  expect(production.adminEmails).toEqual([]);
});

test("DATABASE_URL switches to a PostgreSQL server", () => {
  expect(loadEnv({}).databaseUrl).toBeNull();
  expect(loadEnv({ DATABASE_URL: "postgres://oystar@localhost:5432/oystar" }).databaseUrl).toBe("postgres://oystar@localhost:5432/oystar");
});

test("Stripe needs its webhook secret to verify events", () => {
  expect(loadEnv({}).stripe).toBeNull();
  expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  expect(loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).stripe).toEqual({
    secretKey: "sk_test_abc",
    webhookSecret: "whsec_abc",
  });
});
