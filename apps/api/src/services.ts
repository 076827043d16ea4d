import { join } from "node:path";
import { createTokenVerifier, type TokenVerifier } from "./auth/token-verifier";
import { builtInCheckout, stripeCheckout, type CheckoutProvider } from "./billing/checkout-provider";
import { devWebhookSecret } from "./billing/webhook-secret";
import { openDatabase, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { createIdpStore, type IdpStore } from "./dev-idp/idp-store";
import { loadSigningKeys, type SigningKeys } from "./dev-idp/signing-keys";
import type { Env } from "./env";
import { createOcrEngine, type OcrEngine } from "./ocr/ocr-engine";
import { guardedFetch, type FetchedPage } from "./rag/guarded-fetch";
import { openRagEngine, type RagEngine } from "./rag/rag-engine";

/** What the routes share: the database, token verification, and the dev identity provider. */
export type Services = {
  db: Database;
  verifyToken: TokenVerifier;
  devIdp: { store: IdpStore; keys: SigningKeys } | null;
  /** Stripe when configured, otherwise the built-in checkout; both signed the same way. */
  billing: { provider: CheckoutProvider; webhookSecret: string };
  /** Tesseract for scanned PDFs, started with the first one and closed with the server. */
  ocr: OcrEngine;
  /** The RAG engine: retrieval legs, embedder, reranker, answer cache; the demo index built at start. */
  rag: RagEngine;
  /** How ingestion fetches web pages: the SSRF-guarded fetcher (tests route it to local servers). */
  fetchPage: (url: string) => Promise<FetchedPage>;
};

/**
 * Opens the database (migrations run at start), and in dev mode the built-in identity
 * provider with its persisted keys and seeded accounts. Tests pass their own database.
 */
export async function openServices(env: Env, given: { db?: Database; fetchPage?: Services["fetchPage"] } = {}): Promise<Services> {
  const db = given.db ?? (await openDatabase({ databaseUrl: env.databaseUrl, dataDir: join(env.dataDir, "pglite") }));
  await migrate(db);
  let devIdp: Services["devIdp"] = null;
  if (env.authMode === "dev") {
    const store = createIdpStore(db);
    await store.seed();
    devIdp = { store, keys: await loadSigningKeys(env.dataDir) };
  }
  const billing = env.stripe
    ? { provider: stripeCheckout(env.stripe.secretKey), webhookSecret: env.stripe.webhookSecret ?? "" }
    : { provider: builtInCheckout(), webhookSecret: devWebhookSecret(env.dataDir) };
  const rag = await openRagEngine(db, env, { log: (line) => env.logLevel === "info" && console.info(line) });
  return { db, verifyToken: createTokenVerifier(env, devIdp?.keys.publicJwk), devIdp, billing, ocr: createOcrEngine(), rag, fetchPage: given.fetchPage ?? ((url) => guardedFetch(url)) };
}
