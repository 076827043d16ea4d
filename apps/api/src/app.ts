import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { accountRoutes } from "./me/account-routes";
import { deviceKeyRoutes } from "./me/device-key-routes";
import { myDataRoutes } from "./me/my-data-routes";
import { checkoutRoutes, webhookRoutes } from "./billing/billing-routes";
import { devCheckoutRoutes } from "./billing/dev-checkout-routes";
import { subscriptionManagementRoutes } from "./billing/subscription-routes";
import { sellerRoutes } from "./seller/seller-routes";
import { configRoutes } from "./config/config-routes";
import { debateRoutes } from "./debates/debate-routes";
import { debateVoteRoutes } from "./debates/debate-vote";
import type { Env } from "./env";
import { formRoutes } from "./forms/forms-routes";
import { healthRoutes } from "./health/health-routes";
import { llmRoutes } from "./llm/llm-routes";
import { resumableAnswers } from "./streams/resumable-answers";
import { createModelProviders } from "./llm/model-providers";
import { ocrRoutes } from "./ocr/ocr-routes";
import { publicPlanRoutes, subscriptionRoutes } from "./plans/plans-routes";
import { questionCharges } from "./plans/question-charge";
import { libraryRoutes, ragAdminRoutes, ragRoutes, sourceViewerRoutes } from "./rag";
import type { Services } from "./services";
import { settingsRoutes } from "./settings/settings-routes";
import { isDatabaseUnavailable } from "./db/database";
import { errorKind } from "./web/log-line";
import { webMessages } from "./web/messages";
import { destinationOf } from "./web/one-origin";
import { personalAnswersNotStored } from "./web/personal-answers";
import { onlyPublicHost } from "./web/public-origin";
import { clientAddress } from "./web/client-address";
import { log } from "./observe/log";
import { requestIdOf, requestLog } from "./observe/request-log";
import { defaultBodyCeiling } from "./web/request-body";
import { securityHeaders } from "./web/security-headers";
import { serveApps } from "./web/serve-apps";
import { siteIndexRoutes } from "./web/site-index-routes";
import { webVitalsRoutes } from "./web-vitals/web-vitals-routes";

export type AppOptions = {
  /** In `pnpm dev`, Vite middleware answers app pages instead of the built folders. */
  pages?: (c: Context) => Promise<Response>;
  /** Whether the server is draining before it stops (web/draining.ts): its health check says so. */
  draining?: () => boolean;
};

/** A route that declares no ceiling of its own takes bodies up to this size (web/request-body.ts). */
const DEFAULT_BODY_BYTES = 16 * 1024;

/**
 * The whole server on one origin (DESIGN.md §2). Every route declares who may call it where it
 * is defined (`services.access`, auth/access.ts); a test walks them all (route-policy.test.ts).
 */
export function createApp(env: Env & { publicUrl: string }, services: Services, options: AppOptions = {}) {
  const startedAt = Date.now();
  const app = new Hono();
  const { access, db } = services;

  // First: every later step counts the caller by the address the trusted proxies vouch for, and
  // what it logs carries the request's id.
  app.use(clientAddress(env.trustedProxies));
  app.use(requestLog({ accountKey: services.logAccountKey }));
  app.use(securityHeaders({ production: env.nodeEnv === "production", dev: Boolean(options.pages) }));
  app.use(personalAnswersNotStored);
  app.use(onlyPublicHost(services.origin));
  // The apps' pages and assets travel compressed: as compressed at build when they were
  // (web/static-files.ts), else here. API answers (and their streams) are left alone.
  const compressPages = compress();
  app.use((c, next) => (destinationOf(new URL(c.req.url).pathname) === "api" ? next() : compressPages(c, next)));
  app.use(defaultBodyCeiling({ maxBytes: DEFAULT_BODY_BYTES }));

  // Which model server calls go to: the admin's provider setting (spec 001 §4), for every module.
  const providers = createModelProviders(db, env.llm);
  app.route(
    "/",
    healthRoutes(access, {
      version: env.version,
      startedAt,
      providers,
      rag: () => services.rag.health(),
      draining: options.draining ?? (() => false),
    }),
  );
  app.route("/", configRoutes(access, { version: env.version, auth: services.auth, provider: providers.chosen }));
  app.route("/", publicPlanRoutes(access));
  app.route("/", sellerRoutes(access, env.seller, env.vat));
  app.route("/", accountRoutes(access));
  app.route("/", deviceKeyRoutes(access, db));
  app.route(
    "/",
    myDataRoutes(access, db, {
      billing: services.billing.provider,
      deleted: services.identity.deleted,
      forgetIdentity: services.identity.forgetAccount,
      stopAnswers: async (accountId) => {
        services.answers.stopAccount(accountId);
        await services.answerRelay?.stopAccount(accountId);
      },
    }),
  );
  app.route("/", subscriptionRoutes(access, db));
  app.route("/", checkoutRoutes(access, db, services.billing.provider, services.origin));
  app.route("/", webhookRoutes(db, services.billing));
  app.route("/", subscriptionManagementRoutes(access, db, services.billing.provider, { vat: env.vat, origin: services.origin }));
  if (services.billing.provider.builtIn) app.route("/", devCheckoutRoutes(access, db, services.billing, env.vat));
  if (services.devIdpRoutes) app.route("/", services.devIdpRoutes(access));
  // Issue 35 §2: the answers in progress of this process, held for a client whose connection dropped.
  const answers = resumableAnswers(access, db, services.answers, services.answerRelay);
  app.route("/", answers.routes);
  // Issue 55 §1: every road a new question takes passes admission control first.
  // Issue 53 §4: one charge of a question for the chat and RAG (counted together in batches).
  const streamed = {
    resumable: answers.resumable,
    serverStop: services.serverStop,
    admission: services.admission,
    charges: questionCharges(db),
  };
  app.route("/", llmRoutes(access, db, env, providers, streamed));
  app.route("/", debateRoutes(access, db, env, providers, services.rag, streamed));
  app.route("/", debateVoteRoutes(access, db));
  app.route("/", settingsRoutes(access, db, { onSaved: () => providers.settingsChanged() }));
  app.route("/", ocrRoutes(access, services.ocr));
  app.route("/", ragRoutes(access, { db, engine: services.rag, env, providers, ...streamed }));
  app.route("/", ragAdminRoutes(access, { db, engine: services.rag, fetchPage: services.fetchPage }));
  app.route("/", sourceViewerRoutes(access, { db }));
  app.route(
    "/",
    libraryRoutes(access, {
      db,
      reading: services.library.reading,
      sites: services.library.sites,
      uploadFolder: services.library.uploadFolder,
    }),
  );
  app.route("/", formRoutes(access, db, env.formsForwardUrl, services.addressLimits));
  app.route("/", webVitalsRoutes(access, db, services.addressLimits));
  app.route("/", siteIndexRoutes(access, { origin: services.origin, marketingDist: env.marketingDist }));

  const pages = options.pages ?? serveApps({ marketingDist: env.marketingDist, assistantDist: env.assistantDist });
  app.all("*", access.public, (c) => pages(c));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message || webMessages.badRequest }, error.status);
    // A client that went away mid-request is not a server fault.
    if (c.req.raw.signal.aborted) return c.json({ error: webMessages.badRequest }, 400);
    // Privacy and log forging: the route's pattern and the kind of error, never its message (it
    // can quote the caller's text), bodies or headers.
    log.error({ request_id: requestIdOf(c), method: c.req.method, route: routePath(c) || "?", kind: errorKind(error) }, "Errore interno");
    // The database gone for a moment (issue 28 §7): a clean 503 the caller may retry, not a fault.
    if (isDatabaseUnavailable(error)) return c.json({ error: webMessages.databaseUnavailable }, 503, { "Retry-After": "5" });
    return c.json({ error: webMessages.internal }, 500);
  });

  return app;
}
