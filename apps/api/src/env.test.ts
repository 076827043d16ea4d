import { readFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import { expect, test } from "vitest";
import { ENV_VARIABLES, EnvError, loadEnv } from "./env";

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
  expect(loadEnv({ AUTH0_DOMAIN: "tenant.eu.auth0.com", AUTH0_CLIENT_ID: "abc", AUTH0_AUDIENCE: "https://api.oystar.it" }).auth0).toEqual({
    domain: "tenant.eu.auth0.com",
    clientId: "abc",
    audience: "https://api.oystar.it",
  });
});

test("ADMIN_EMAILS names the admins (unset: the built-in provider's seeded admin, in dev mode only)", () => {
  expect(loadEnv({}).adminEmails).toBeNull();
  expect(loadEnv({ ADMIN_EMAILS: "Capo@Oystar.it, altro@oystar.it" }).adminEmails).toEqual(["capo@oystar.it", "altro@oystar.it"]);
});

const realAuth0 = {
  AUTH_MODE: "auth0",
  AUTH0_DOMAIN: "oystar.eu.auth0.com",
  AUTH0_CLIENT_ID: "abc",
  AUTH0_AUDIENCE: "https://api.oystar.it",
};
const realStripe = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
const realSeller = {
  SELLER_NAME: "Ostriche Digitali S.r.l.",
  SELLER_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
  SELLER_VAT_NUMBER: "IT01234567890",
  PRIVACY_CONTACT_EMAIL: "privacy@oystar.it",
};

test("the development identity provider is refused in production", () => {
  expect(() => loadEnv({ NODE_ENV: "production", ...realStripe })).toThrow(/AUTH_MODE/);
  expect(() => loadEnv({ NODE_ENV: "production", AUTH_MODE: "auth0", ...realStripe })).toThrow(/AUTH0_DOMAIN/);
  const production = loadEnv({ NODE_ENV: "production", ...realAuth0, ...realStripe, ...realSeller });
  expect(production.adminEmails).toBeNull();
});

// Issue 10 §1: without Stripe the built-in card form was mounted, and any card made anyone Business.
test("production refuses to start without the Stripe secret and webhook secret", () => {
  expect(() => loadEnv({ NODE_ENV: "production", ...realAuth0 })).toThrow(/STRIPE_SECRET_KEY[\s\S]*NODE_ENV=production/);
  expect(() => loadEnv({ NODE_ENV: "production", ...realAuth0, STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  expect(loadEnv({ NODE_ENV: "production", ...realAuth0, ...realStripe, ...realSeller }).stripe).toEqual({
    secretKey: "sk_live_abc",
    webhookSecret: "whsec_abc",
  });
});

// Issue 51 §6: the seller and the data controller are named to whoever buys.
test("production refuses to start without the seller's variables, naming the missing ones", () => {
  const { SELLER_NAME: _name, SELLER_VAT_NUMBER: _vat, ...partial } = realSeller;
  expect(() => loadEnv({ NODE_ENV: "production", ...realAuth0, ...realStripe, ...partial })).toThrow(
    "SELLER_NAME, SELLER_VAT_NUMBER: servono con NODE_ENV=production",
  );
  expect(loadEnv({ NODE_ENV: "production", ...realAuth0, ...realStripe, ...realSeller }).seller).toEqual({
    name: "Ostriche Digitali S.r.l.",
    address: "Via Roma 1, 20121 Milano (MI)",
    vatNumber: "IT01234567890",
    privacyContactEmail: "privacy@oystar.it",
    dpoContact: null,
  });
  // In development they may wait: the pages say 'Da configurare'.
  expect(loadEnv({}).seller.name).toBeNull();
});

test("PUBLIC_URL is the one public origin; by default http://localhost:$PORT", () => {
  expect(loadEnv({}).publicUrl).toBe("http://localhost:8787");
  expect(loadEnv({ PORT: "9911" }).publicUrl).toBe("http://localhost:9911");
  expect(loadEnv({ PUBLIC_URL: "https://oystar.it/qualcosa" }).publicUrl).toBe("https://oystar.it");
  expect(() => loadEnv({ PUBLIC_URL: "ftp://oystar.it" })).toThrow(/PUBLIC_URL/);
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

// Issue 10 §0: Turborepo passes a task only the variables turbo.json names.
test("turbo.json passes every variable env.ts reads to `pnpm start` and `pnpm dev`", () => {
  const turbo = JSON.parse(readFileSync(new URL("../../../turbo.json", import.meta.url), "utf8")) as {
    tasks: Record<string, { passThroughEnv?: string[] }>;
  };
  for (const task of ["start", "dev"]) {
    expect([...(turbo.tasks[task]?.passThroughEnv ?? [])].sort(), task).toEqual([...ENV_VARIABLES].sort());
  }
});
