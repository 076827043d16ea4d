import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { accountRoutes } from "./accounts/account-routes";
import { requireUser } from "./auth/require-user";
import { checkoutRoutes, webhookRoutes } from "./billing/billing-routes";
import { devCheckoutRoutes } from "./billing/dev-checkout-routes";
import { configRoutes } from "./config/config-routes";
import { devIdpRoutes } from "./dev-idp/idp-routes";
import { formRoutes } from "./forms/forms-routes";
import { llmRoutes } from "./llm/llm-routes";
import { ocrRoutes } from "./ocr/ocr-routes";
import { ragRoutes } from "./rag/rag-routes";
import type { Env } from "./env";
import { healthRoutes } from "./health/health-routes";
import { publicPlanRoutes, subscriptionRoutes } from "./plans/plans-routes";
import type { Services } from "./services";
import { settingsRoutes } from "./settings/settings-routes";
import { securityHeaders } from "./web/security-headers";
import { destinationOf } from "./web/one-origin";
import { serveApps } from "./web/serve-apps";

export type AppOptions = {
  /** In `pnpm dev`, Vite middleware answers app pages instead of the built folders. */
  pages?: (c: Context) => Promise<Response>;
};

export function createApp(env: Env, services: Services, options: AppOptions = {}) {
  const startedAt = Date.now();
  const app = new Hono();

  app.use(securityHeaders({ production: env.nodeEnv === "production", dev: Boolean(options.pages) }));
  // The apps' pages and assets travel compressed; API answers (and their streams) are left alone.
  const compressPages = compress();
  app.use((c, next) => (destinationOf(new URL(c.req.url).pathname) === "api" ? next() : compressPages(c, next)));

  // Public routes.
  app.route("/", healthRoutes({ version: env.version, startedAt, offlineModel: !env.llm.upstream, rag: () => services.rag.health() }));
  app.route("/", configRoutes(env));
  app.route("/", publicPlanRoutes());
  // The payment provider's calls: authenticated by their signature, not by a user.
  app.route("/", webhookRoutes(services.db, services.billing.webhookSecret));
  if (services.billing.provider.builtIn) app.route("/", devCheckoutRoutes(services.db, services.billing.webhookSecret));
  if (services.devIdp) app.route("/", devIdpRoutes(services.devIdp.store, services.devIdp.keys));

  // Signed-in routes: every one behind token verification (DESIGN.md §4).
  const signedIn = requireUser(services.db, services.verifyToken);
  const signedInPaths = ["/api/me", "/api/subscription/status", "/api/debates/increment", "/api/checkout/session", "/api/forms/index-request"];
  signedInPaths.push("/groq/chat/completions", "/groq/models", "/api/ollama/reset", "/api/settings", "/api/ocr/extract-pdf");
  signedInPaths.push("/api/indices/list", "/api/ask-stream", "/api/admin/index-requests/*");
  for (const path of signedInPaths) {
    app.use(path, signedIn);
  }
  app.route("/", accountRoutes(env.adminEmails));
  app.route("/", subscriptionRoutes(services.db, env.adminEmails));
  app.route("/", checkoutRoutes(services.db, services.billing.provider));
  app.route("/", llmRoutes(services.db, env));
  app.route("/", settingsRoutes(services.db, env.adminEmails));
  app.route("/", ocrRoutes(services.ocr));
  app.route("/", ragRoutes({ db: services.db, engine: services.rag, env, fetchPage: services.fetchPage }));
  // Contact and enterprise forms are public; the indexing request is signed-in (above).
  app.route("/", formRoutes(services.db, env.formsForwardUrl));

  const pages = options.pages ?? serveApps({ marketingDist: env.marketingDist, assistantDist: env.assistantDist });
  app.all("*", (c) => pages(c));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message || "Richiesta non valida" }, error.status);
    // Privacy: log what failed and where, never request bodies or headers.
    console.error(`Errore interno su ${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`);
    return c.json({ error: "Errore interno del server" }, 500);
  });

  return app;
}
