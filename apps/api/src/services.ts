import type { Hono } from "hono";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { deletedAccounts, type DeletedAccounts } from "./accounts/deleted-accounts";
import { createAccess, type Access } from "./auth/access";
import { auth0Issuer, createTokenVerifier } from "./auth/token-verifier";
import { builtInCheckout, stripeCheckout, type CheckoutProvider } from "./billing/checkout-provider";
import { devWebhookSecret } from "./billing/webhook-secret";
import { devEventSink } from "./billing/dev-events";
import { devSubscriptions } from "./billing/dev-subscriptions";
import { openDatabase, type Database, type Queryable } from "./db/database";
import { startAnswerRelay, type AnswerRelay } from "./streams/answer-relay";
import { answersInProgress, type AnswersInProgress } from "./streams/answers-in-progress";
import { serverStop, type ServerStop } from "./streams/server-stopping";
import { admission, type Admission } from "./streams/admission";
import { migrate } from "./db/migrate";
import { sharedSecret } from "./db/shared-secret";
import type { Env } from "./env";
import { log as serverLog } from "./observe/log";
import type { ScanReader } from "./ocr/scanned-pdf-text";
import { openAddressLimits, type AddressLimits } from "./web/address-limit";
import { guardedFetch, type FetchedPage, type PageRequest } from "./web/guarded-fetch";
import { testNetwork } from "./web/test-network";
import {
  backfillReferences,
  type Library,
  openLibrary,
  createRagEngine,
  type RagFrontDoor,
  seedDevIndexes,
  sharedDocumentReader,
} from "./rag";

/** The apps' sign-in settings, served in /config.json. */
export type RuntimeAuth = { domain: string; clientId: string; audience: string };

/** What the routes share. */
export type Services = {
  db: Database;
  /** The one public origin (DESIGN.md §10): never taken from a request's Host header. */
  origin: string;
  /** Every route's policy comes from here (auth/access.ts). */
  access: Access;
  auth: RuntimeAuth;
  /** The key of the log's account hashes, shared by the servers (observe/request-log.ts). */
  logAccountKey: string;
  /** Per-address limits of public routes, counted once across the servers (web/address-limit.ts). */
  addressLimits: AddressLimits;
  /** The built-in identity provider's routes, in dev mode only. */
  devIdpRoutes: ((access: Access) => Hono) | null;
  /**
   * Issue 36 §8, what an account's deletion asks of the identity side: deleted accounts' old tokens
   * are refused; the built-in provider forgets the account. (An Auth0 tenant keeps its user: the
   * product's deletion reaches only what this server holds.)
   */
  identity: { deleted: DeletedAccounts; forgetAccount: ((tx: Queryable, sub: string) => Promise<void>) | null };
  /** Stripe when configured, otherwise the built-in checkout; both signed the same way. */
  billing: { provider: CheckoutProvider; webhookSecret: string };
  /** The chat's scanned PDFs, read by the reading processes ingestion uses (issue 47 §1). */
  ocr: ScanReader;
  /** Retrieval over the indexes, with the shared demo index built at first start. */
  rag: RagFrontDoor;
  /** Issue 48: the customers' own documents — this server's uploads waiting on its disk, and their reading. */
  library: Library;
  /** Web pages for indexing, through the SSRF guard (tests pass a fake network). */
  fetchPage: (url: string, request?: PageRequest) => Promise<FetchedPage>;
  /** Issue 35 §2: the answers in progress this process holds for a resume. */
  answers: AnswersInProgress;
  /** And those other server processes hold, reached through PostgreSQL; null with the embedded PGlite. */
  answerRelay: AnswerRelay | null;
  /** Issue 37 §3: fired when a stopping server's time for its answers in progress has run out. */
  serverStop: ServerStop;
  /** Issue 55 §1: whether this process takes a new question now, and the streams it may end if it stalls. */
  admission: Admission;
};

/**
 * Opens the database (migrations run at start) and the identity side: a real Auth0 tenant, or
 * in dev mode the built-in provider — imported only then, so a production server never loads
 * it or creates its tables. Tests pass their own database.
 */
export async function openServices(
  env: Env & { publicUrl: string },
  given: {
    db?: Database;
    fetchPage?: Services["fetchPage"];
    /** Stripe's side of checkout when STRIPE_* are set (tests pass a recording stand-in: Stripe is a third party). */
    stripe?: CheckoutProvider;
  } = {},
): Promise<Services> {
  const db = given.db ?? (await openDatabase({ databaseUrl: env.databaseUrl, dataDir: join(env.dataDir, "pglite") }));
  await migrate(db);
  // Servers starting at once on one database seed it one after the other (DESIGN.md §9).
  return db.exclusively(STARTUP_LOCK, () => openSeeded(env, db, given));
}

/** The advisory lock under which a starting server seeds the database. */
const STARTUP_LOCK = 824174;

async function openSeeded(
  env: Env & { publicUrl: string },
  db: Database,
  given: { fetchPage?: Services["fetchPage"]; stripe?: CheckoutProvider },
): Promise<Services> {
  const origin = env.publicUrl;
  const answers = answersInProgress();
  const addressLimits = await openAddressLimits(db);
  const logAccountKey = await sharedSecret(db, "log-account-key", async () => randomBytes(32).toString("base64url"));

  const deleted = deletedAccounts(await sharedSecret(db, "deleted-account-key", async () => randomBytes(32).toString("base64url")));

  let identity: {
    issuer: Parameters<typeof createTokenVerifier>[0];
    auth: RuntimeAuth;
    adminEmails: string[];
    devIdpRoutes: Services["devIdpRoutes"];
    forgetAccount: Services["identity"]["forgetAccount"];
  };
  if (env.authMode === "dev") {
    const { openDevIdp } = await import("./dev-idp/dev-idp");
    const devIdp = await openDevIdp(db, { origin, addressLimits });
    identity = {
      issuer: devIdp.issuer,
      auth: devIdp.auth,
      adminEmails: env.adminEmails ?? devIdp.adminEmails,
      devIdpRoutes: devIdp.routes,
      forgetAccount: devIdp.forgetAccount,
    };
  } else {
    const auth0 = env.auth0;
    if (!auth0) throw new Error("AUTH_MODE=auth0 needs AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE");
    identity = { issuer: auth0Issuer(auth0), auth: auth0, adminEmails: env.adminEmails ?? [], devIdpRoutes: null, forgetAccount: null };
  }

  const rag = await openRag(env, db, identity.devIdpRoutes !== null);
  const network = env.testFetchRoutes ? testNetwork(env.testFetchRoutes) : {};
  const fetchPage: Services["fetchPage"] = given.fetchPage ?? ((url, request) => guardedFetch(url, { ...request, ...network }));
  return {
    db,
    origin,
    access: createAccess(db, createTokenVerifier(identity.issuer), identity.adminEmails, deleted),
    auth: identity.auth,
    addressLimits,
    logAccountKey,
    devIdpRoutes: identity.devIdpRoutes,
    identity: { deleted, forgetAccount: identity.forgetAccount },
    billing: await openBilling(env, db, given.stripe),
    ocr: sharedDocumentReader(),
    rag,
    library: await openLibrary(db, rag, env.dataDir, fetchPage),
    fetchPage,
    answers,
    answerRelay: db.notifications ? await startAnswerRelay(db.notifications, answers) : null,
    serverStop: serverStop(),
    admission: admission(env.maxOpenStreams),
  };
}

/** The RAG engine; in dev mode, with the customers' indexes of RAG_DEV_INDEXES_DIR (after the seeded accounts that own them). */
async function openRag(env: Env, db: Database, devMode: boolean): Promise<RagFrontDoor> {
  const log = (line: string) => serverLog.info(line);
  const rag = await createRagEngine({ database: db, config: env, reader: sharedDocumentReader(), log });
  // Issue 49 §2: the passages of documents indexed before their structure was read learn their act and article, once.
  const backfilled = await backfillReferences(db);
  if (backfilled.documents > 0)
    log(
      `Riferimenti normativi: letti ${backfilled.documents} documenti indicizzati prima, ${backfilled.passages} passaggi con il loro articolo`,
    );
  if (devMode && env.rag.devIndexesDir) await seedDevIndexes(rag, env.rag.devIndexesDir, log);
  return rag;
}

async function openBilling(env: Env, db: Database, stripe?: CheckoutProvider): Promise<Services["billing"]> {
  if (env.stripe?.webhookSecret)
    return { provider: stripe ?? stripeCheckout(env.stripe.secretKey, env.vat), webhookSecret: env.stripe.webhookSecret };
  // Defence in depth beside env.ts: the built-in card form would make anyone Business for free.
  if (env.nodeEnv === "production") throw new Error("NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  // The built-in provider's events go to the webhook's own receiver, which needs the provider.
  const webhookSecret = await devWebhookSecret(db);
  const provider: CheckoutProvider = builtInCheckout(
    devSubscriptions(db, { vat: env.vat, seller: env.seller }, (type, object) =>
      devEventSink(db, { provider, webhookSecret })(type, object),
    ),
  );
  return { provider, webhookSecret };
}
