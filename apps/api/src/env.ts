// The one place that reads process.env (CONVENTIONS.md): every setting typed and validated.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelProvider } from "@oystar/api-client";
import { z } from "zod";
import { checkTrustedProxies } from "./web/client-address";

// This file runs from src/ (tsx, tests) or from the bundled dist/main.js: both sit one
// level below the package folder, so paths are resolved from there.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(packageDir, "../..");

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(resolve(packageDir, "package.json"), "utf8")) as { version?: string };
  return manifest.version ?? "0.0.0";
}

/**
 * How many server processes run, and why when fewer than asked: PGlite is a database inside one
 * process (its folder cannot be opened by two), so without DATABASE_URL the server stays one.
 */
function serverProcesses(asked: number | undefined, sharedDatabase: boolean): { count: number; limitedBecause: string | null } {
  if (!sharedDatabase) {
    return {
      count: 1,
      limitedBecause:
        asked !== undefined && asked > 1
          ? "il database integrato (PGlite) vive in un solo processo: per più processi serve DATABASE_URL"
          : null,
    };
  }
  return { count: asked ?? availableParallelism(), limitedBecause: null };
}

const fromRepoRoot = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));

/** A model server: where it runs (spec 001 §4: the cloud provider, or a local one), its address and key. */
export type Upstream = { provider: ModelProvider; baseUrl: string; apiKey: string | null };
const upstream = (provider: Upstream["provider"], baseUrl: string, apiKey: string | undefined): Upstream => ({
  provider,
  baseUrl: baseUrl.replace(/\/$/, ""),
  apiKey: apiKey ?? null,
});

const variablesSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  // Loopback by default: a developer's product is not exposed to the network unless asked.
  HOST: z.string().min(1).default("127.0.0.1"),
  // DESIGN.md §10: the one public origin (issuer, redirects, config.json, checkout URLs); the
  // Host header is never trusted for it. Default http://localhost:$PORT.
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), "deve essere un indirizzo http(s)")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data").transform(fromRepoRoot),
  MARKETING_DIST: z.string().min(1).default("apps/marketing/dist").transform(fromRepoRoot),
  ASSISTANT_DIST: z.string().min(1).default("apps/assistant/dist").transform(fromRepoRoot),
  APP_VERSION: z.string().min(1).optional(),
  AUTH_MODE: z.enum(["dev", "auth0"]).default("dev"),
  AUTH0_DOMAIN: z.string().min(1).optional(),
  AUTH0_CLIENT_ID: z.string().min(1).optional(),
  AUTH0_AUDIENCE: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  // issue 37 §4: the load balancers and proxies in front of the servers (addresses, CIDR ranges,
  // or loopback/linklocal/uniquelocal), comma-separated; only from them is the client's address
  // in TRUSTED_PROXY_HEADER believed. Unset: nobody's, the connection's address counts.
  TRUSTED_PROXIES: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((proxies, context) => {
      try {
        checkTrustedProxies(proxies);
      } catch {
        context.addIssue({
          code: "custom",
          message: "indirizzi, intervalli CIDR (10.0.0.0/8) o loopback, linklocal, uniquelocal, separati da virgole",
        });
      }
    })
    .optional(),
  TRUSTED_PROXY_HEADER: z.enum(["x-forwarded-for", "forwarded"]).default("x-forwarded-for"),
  // issue 37 §5: Prometheus metrics on a listener of their own (none unless METRICS_PORT is set),
  // on loopback unless METRICS_HOST says otherwise; the JSON log's level (quiet in tests).
  // issue 37 §2: server processes on this machine, one product on one port (node:cluster). Default:
  // the machine's cores with DATABASE_URL; the embedded PGlite is one process's, so one.
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  // issue 37 §3, at SIGTERM: how long the health check says 'draining' while everything is still
  // served (at least a balancer's check interval or two), then how long answers in progress may run.
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // issue 55 §1: streams one process keeps open at once before it refuses new questions (503);
  // unset, its limits come from a short calibration at start (streams/admission.ts).
  MAX_OPEN_STREAMS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  ADMIN_EMAILS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  FORMS_FORWARD_URL: z.string().url().optional(),
  // spec 001 §4, §6: two model servers, and the admin's provider setting picks one. The cloud one
  // (Groq's OpenAI endpoint…); without it, the offline model answers for the cloud provider.
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  // The local one (a VM on the premises: vLLM, Ollama's /v1…), at the spec's local address by default.
  LLM_LOCAL_BASE_URL: z.string().url().default("http://localhost:8000/groq"),
  LLM_LOCAL_API_KEY: z.string().min(1).optional(),
  // Issue 48 §6: journeys reach the websites they serve on this machine as public names, through
  // the guarded fetcher with its checks on (web/test-network.ts): «sito.example=8123,altro.example=8124».
  // Only with NODE_ENV=test.
  TEST_FETCH_ROUTES: z
    .string()
    .regex(/^[a-z0-9.-]+=\d{1,5}(,[a-z0-9.-]+=\d{1,5})*$/, "nome=porta separati da virgole")
    .transform((value) =>
      Object.fromEntries(value.split(",").map((pair) => [pair.slice(0, pair.indexOf("=")), Number(pair.slice(pair.indexOf("=") + 1))])),
    )
    .optional(),
  OFFLINE_MODEL_CHARS_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(400),
  // A model that sends nothing this long after a question has failed: the charge is given back.
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  // Issue 51 §5: how prices are shown, charged and invoiced (Stripe Tax is the operator's choice).
  PRICES_INCLUDE_VAT: z.enum(["true", "false"]).default("true"),
  VAT_RATE: z.coerce.number().min(0).max(100).default(22),
  // Issue 51 §6: who sells and who controls the data (GDPR art. 13; Italian consumer code): the
  // privacy page, the terms, the footer and the invoices name them. Required in production.
  SELLER_NAME: z.string().min(1).optional(),
  SELLER_ADDRESS: z.string().min(1).optional(),
  SELLER_VAT_NUMBER: z.string().min(1).optional(),
  PRIVACY_CONTACT_EMAIL: z.string().email().optional(),
  DPO_CONTACT: z.string().min(1).optional(),
  // RAG engine (DESIGN.md §6, §8): embeddings and reranking services; without them, the local ones.
  EMBEDDINGS_BASE_URL: z.string().url().optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).default("bge-m3"),
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4000).default(1024),
  RERANKER_BASE_URL: z.string().url().optional(),
  RERANKER_API_KEY: z.string().min(1).optional(),
  RERANKER_MODEL: z.string().min(1).optional(),
  RAG_DEMO_DIR: z.string().min(1).default("apps/api/rag-demo").transform(fromRepoRoot),
  // Development only (AUTH_MODE=dev): customers' own indexes, <dir>/<owner email>/<index>/<files>.
  RAG_DEV_INDEXES_DIR: z.string().min(1).transform(fromRepoRoot).optional(),
});

const envSchema = variablesSchema.transform((raw) => ({
  nodeEnv: raw.NODE_ENV,
  port: raw.PORT,
  host: raw.HOST,
  /** Null only with PORT=0, until the server knows its port (see server.ts). */
  publicUrl: raw.PUBLIC_URL ? new URL(raw.PUBLIC_URL).origin : raw.PORT === 0 ? null : `http://localhost:${raw.PORT}`,
  dataDir: raw.DATA_DIR,
  marketingDist: raw.MARKETING_DIST,
  assistantDist: raw.ASSISTANT_DIST,
  version: raw.APP_VERSION ?? packageVersion(),
  authMode: raw.AUTH_MODE,
  auth0:
    raw.AUTH0_DOMAIN && raw.AUTH0_CLIENT_ID && raw.AUTH0_AUDIENCE
      ? { domain: raw.AUTH0_DOMAIN, clientId: raw.AUTH0_CLIENT_ID, audience: raw.AUTH0_AUDIENCE }
      : null,
  databaseUrl: raw.DATABASE_URL ?? null,
  trustedProxies: { proxies: raw.TRUSTED_PROXIES ?? [], header: raw.TRUSTED_PROXY_HEADER },
  workers: serverProcesses(raw.WORKERS, raw.DATABASE_URL !== undefined),
  draining: { noticeMs: raw.DRAIN_NOTICE_MS, timeoutMs: raw.DRAIN_TIMEOUT_MS },
  maxOpenStreams: raw.MAX_OPEN_STREAMS ?? null,
  metrics: raw.METRICS_PORT === undefined ? null : { port: raw.METRICS_PORT, host: raw.METRICS_HOST },
  logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === "test" ? "warn" : "info"),
  formsForwardUrl: raw.FORMS_FORWARD_URL ?? null,
  testFetchRoutes: raw.TEST_FETCH_ROUTES ?? null,
  llm: {
    cloud: raw.LLM_BASE_URL ? upstream("cloud", raw.LLM_BASE_URL, raw.LLM_API_KEY) : null,
    local: upstream("local", raw.LLM_LOCAL_BASE_URL, raw.LLM_LOCAL_API_KEY),
    offlineCharsPerSecond: raw.OFFLINE_MODEL_CHARS_PER_SECOND,
    firstTokenTimeoutMs: raw.LLM_FIRST_TOKEN_TIMEOUT_MS,
  },
  seller: {
    name: raw.SELLER_NAME ?? null,
    address: raw.SELLER_ADDRESS ?? null,
    vatNumber: raw.SELLER_VAT_NUMBER ?? null,
    privacyContactEmail: raw.PRIVACY_CONTACT_EMAIL ?? null,
    dpoContact: raw.DPO_CONTACT ?? null,
  },
  vat: { pricesIncludeVat: raw.PRICES_INCLUDE_VAT === "true", rate: raw.VAT_RATE },
  stripe: raw.STRIPE_SECRET_KEY ? { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET ?? null } : null,
  // Admin is decided on the server, from verified emails, never by the browser (DESIGN.md §3).
  // Unset: nobody, except that the built-in provider names its seeded admin (services.ts).
  adminEmails:
    raw.ADMIN_EMAILS === undefined
      ? null
      : raw.ADMIN_EMAILS.split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
  rag: {
    embeddings: raw.EMBEDDINGS_BASE_URL
      ? {
          baseUrl: raw.EMBEDDINGS_BASE_URL.replace(/\/$/, ""),
          apiKey: raw.EMBEDDINGS_API_KEY ?? null,
          model: raw.EMBEDDINGS_MODEL,
          dimensions: raw.EMBEDDINGS_DIMENSIONS,
        }
      : null,
    reranker: raw.RERANKER_BASE_URL
      ? { baseUrl: raw.RERANKER_BASE_URL.replace(/\/$/, ""), apiKey: raw.RERANKER_API_KEY ?? null, model: raw.RERANKER_MODEL ?? null }
      : null,
    demoDir: raw.RAG_DEMO_DIR,
    devIndexesDir: raw.RAG_DEV_INDEXES_DIR ?? null,
  },
}));

/**
 * Every variable this server reads. Turborepo passes a task only the variables it is told about
 * (strict mode), so `turbo.json` lists these same names for `start` and `dev`; a test keeps the
 * two lists equal.
 */
export const ENV_VARIABLES: readonly string[] = Object.keys(variablesSchema.shape);

export type Env = z.output<typeof envSchema>;

/** Issue 51 §6: the seller's variables not set (DPO_CONTACT is optional). */
export function missingSellerVariables(seller: Env["seller"]): string[] {
  const variables: Array<[string, string | null]> = [
    ["SELLER_NAME", seller.name],
    ["SELLER_ADDRESS", seller.address],
    ["SELLER_VAT_NUMBER", seller.vatNumber],
    ["PRIVACY_CONTACT_EMAIL", seller.privacyContactEmail],
  ];
  return variables.filter(([, value]) => value === null).map(([name]) => name);
}

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * The process's environment as it is, a copy: for what lays its own defaults under it before
 * loadEnv (the development server, a benchmark), reads a variable of the tool that started it
 * (pnpm's INIT_CWD), or hands it on to a program it starts. Elsewhere the lint refuses
 * process.env (issue 53 §6): the configuration is read here.
 */
export function processEnvironment(): Record<string, string | undefined> {
  return { ...process.env };
}

/** Parses the environment; a bad value stops the server with the variables to fix. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Configurazione non valida:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  if (env.testFetchRoutes && env.nodeEnv !== "test") {
    throw new EnvError("Configurazione non valida:\n  TEST_FETCH_ROUTES: solo per i test (NODE_ENV=test)");
  }
  if (env.authMode === "dev" && env.nodeEnv === "production") {
    throw new EnvError(
      "Configurazione non valida:\n  AUTH_MODE: il provider di identità di sviluppo non può essere usato con NODE_ENV=production",
    );
  }
  // Without Stripe the built-in card form would take any test card: production must have both.
  if (env.nodeEnv === "production" && !env.stripe) {
    throw new EnvError(
      "Configurazione non valida:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: servono entrambi con NODE_ENV=production (il checkout di prova non esiste in produzione)",
    );
  }
  if (env.stripe && !env.stripe.webhookSecret) {
    throw new EnvError("Configurazione non valida:\n  STRIPE_WEBHOOK_SECRET: serve insieme a STRIPE_SECRET_KEY per verificare i webhook");
  }
  if (env.authMode === "auth0" && !env.auth0) {
    throw new EnvError(
      "Configurazione non valida:\n  AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_AUDIENCE: servono tutti e tre con AUTH_MODE=auth0",
    );
  }
  const sellerMissing = missingSellerVariables(env.seller);
  if (env.nodeEnv === "production" && sellerMissing.length > 0) {
    throw new EnvError(
      `Configurazione non valida:\n  ${sellerMissing.join(", ")}: servono con NODE_ENV=production (il venditore e il titolare del trattamento vanno indicati a chi compra)`,
    );
  }
  return env;
}
