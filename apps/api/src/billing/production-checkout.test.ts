// Issue 10 §1: the built-in card form takes any test card, so it must never exist in production.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../db/database";
import { loadEnv } from "../env";
import { startServer } from "../server";
import { makeAppFolders, startTestServer } from "../../test-support/fixtures";
import { inspectedRoutes } from "../../test-support/inspected-app";
import { temporaryFolder } from "../../test-support/temporary-folders";

const auth0 = {
  AUTH_MODE: "auth0",
  AUTH0_DOMAIN: "oystar-prova.eu.auth0.com",
  AUTH0_CLIENT_ID: "abc",
  AUTH0_AUDIENCE: "https://api.oystar.test",
};
const stripe = { STRIPE_SECRET_KEY: "sk_test_produzione", STRIPE_WEBHOOK_SECRET: "whsec_produzione" };
const seller = {
  SELLER_NAME: "Ostriche Digitali S.r.l.",
  SELLER_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
  SELLER_VAT_NUMBER: "IT01234567890",
  PRIVACY_CONTACT_EMAIL: "privacy@oystar.it",
};
const production = { NODE_ENV: "production", ...auth0, ...stripe, ...seller };

describe("in production, with Stripe configured", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(production);
  });
  afterAll(() => server.close());

  test("the built-in checkout answers 404 and is not in the route table", async () => {
    const card = new URLSearchParams({ name: "Mario Rossi", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" });
    for (const [method, path] of [
      ["GET", "/api/dev/checkout.css"],
      ["GET", "/api/dev/checkout/cs_dev_qualsiasi"],
      ["POST", "/api/dev/checkout/cs_dev_qualsiasi/pay"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method, body: method === "POST" ? card : undefined, redirect: "manual" });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: "Risorsa non trovata" });
    }
    const rows = await inspectedRoutes(production);
    expect(rows.some((row) => row.path === "/api/billing/webhook")).toBe(true);
    expect(rows.filter((row) => row.path.startsWith("/api/dev/"))).toEqual([]);
    // The same table in development has them: the check above can fail.
    expect((await inspectedRoutes()).filter((row) => row.path.startsWith("/api/dev/checkout")).length).toBeGreaterThan(0);
  });
});

describe("production without Stripe refuses to start", () => {
  const packageDir = fileURLToPath(new URL("../..", import.meta.url));

  /** `node src/main.ts` as `pnpm start` runs it: its exit code and what it printed. */
  function boot(variables: Record<string, string>) {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@oystar/source", "src/main.ts"], {
      cwd: packageDir,
      env: { ...process.env, PORT: "0", DATA_DIR: temporaryFolder("prod"), STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", ...variables },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const timer = setTimeout(() => child.kill("SIGTERM"), 60_000);
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  test("with neither secret, or the key without the webhook secret: it exits naming them", { timeout: 120_000 }, async () => {
    const [neither, keyOnly, noSeller] = await Promise.all([
      boot({ NODE_ENV: "production", ...auth0 }),
      boot({ NODE_ENV: "production", ...auth0, STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY }),
      boot({ NODE_ENV: "production", ...auth0, ...stripe }),
    ]);
    // Issue 51 §6: nor without the seller and the data controller, named.
    expect(noSeller.code).not.toBe(0);
    expect(noSeller.output).toContain(
      "SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER, PRIVACY_CONTACT_EMAIL: servono con NODE_ENV=production",
    );
    expect(noSeller.output).not.toContain("in ascolto");
    expect(neither.code).not.toBe(0);
    expect(neither.output).toContain(
      "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: servono entrambi con NODE_ENV=production (il checkout di prova non esiste in produzione)",
    );
    expect(neither.output).not.toContain("in ascolto");
    expect(keyOnly.code).not.toBe(0);
    expect(keyOnly.output).toContain("STRIPE_WEBHOOK_SECRET");
    expect(keyOnly.output).not.toContain("in ascolto");
  });

  test("the server itself refuses too, should a configuration skip the check of env.ts", async () => {
    const folders = makeAppFolders();
    const env = {
      ...loadEnv({
        ...production,
        PORT: "0",
        DATA_DIR: join(folders.root, "data"),
        MARKETING_DIST: folders.marketingDist,
        ASSISTANT_DIST: folders.assistantDist,
      }),
      stripe: null,
    };
    const db = await openDatabase({ dataDir: null });
    try {
      await expect(startServer(env, { db })).rejects.toThrow("NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    } finally {
      await db.close();
    }
  });
});
