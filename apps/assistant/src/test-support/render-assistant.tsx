import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { defaultSettings, type ModelProvider, type Settings } from "@oystar/api-client";
import { createAuthSession, type IdentityClient } from "@oystar/auth";
import { AuthProvider } from "@oystar/auth/react";
import { offlineNoticeStore } from "../layout/offline-notice-store";
import { assistantRoutes } from "../routes";

// The browser boundary: the API answered as the server would.
const statusOf = (plan: "free" | "business") =>
  plan === "business"
    ? { plan, plan_name: "Business", queries_used: 4, queries_limit: -1, debates_used: 1, debates_limit: -1, rag_enabled: true }
    : { plan, plan_name: "Free", queries_used: 0, queries_limit: 50, debates_used: 0, debates_limit: 0, rag_enabled: false };

/**
 * The global settings as the server keeps them, what the admin's saves sent, and the index list
 * GET /api/indices/list answers (null: it fails).
 */
export const settingsServer = {
  stored: defaultSettings as Settings,
  /** The admin's saves, counted (the settings' version). */
  version: 0,
  saves: [] as unknown[],
  refusal: null as { status: number; error: string } | null,
  indices: null as unknown,
  /** GET /api/admin/index-requests, and what each POST …/index answers (by request id). */
  indexRequests: [] as unknown[],
  indexAnswers: {} as Record<string, { status: number; body: unknown }>,
  /** What each GET …/index answers in turn while the admin's panel follows a build (the last one again after). */
  indexFollowUps: {} as Record<string, unknown[]>,
  /** GET /api/me/device-key's answer for the account signed in (issue 35 §1). */
  deviceKey: "A".repeat(43),
  /** When set, GET /api/me/device-key answers only once it settles (a slow network, a busy machine). */
  deviceKeyHeld: null as Promise<void> | null,
  /** The answers the server holds (issue 35 §2), by stream id: GET /api/streams/:id's event stream. */
  heldAnswers: {} as Record<string, string>,
  /** Issue 36 §8: the bodies DELETE /api/me was sent, and what it answers. */
  deletions: [] as unknown[],
  /** Issue 51 §3: GET /api/seller's PRICES_INCLUDE_VAT. */
  pricesIncludeVat: true,
  deletionAnswer: {
    status: 200,
    body: { deleted: true, subscriptionsCancelled: 0, formsDeleted: 1, debatesDeleted: 0, indexesDeleted: 0 } as unknown,
  },
};

export type ServerAnswers = {
  healthy: boolean;
  plan?: "free" | "business";
  admin?: boolean;
  /** spec 001 §7: the model's own health as /api/health reports it. */
  modelHealthy?: boolean;
  /** GET /groq/models's list; the server's offline model when null. */
  models?: string[] | null;
  /** Where the server's model runs, as /api/health reports it (LLM_PROVIDER). */
  upstream?: ModelProvider;
  /** What /api/health says of the RAG's stages beside its embedder and reranker (e.g. `reranking: "off"` with its reason). */
  ragStages?: Record<string, string>;
};

export function serverAnswers({
  healthy,
  plan = "business",
  admin = false,
  modelHealthy = true,
  models = ["openai/gpt-oss-120b", "openai/gpt-oss-20b"],
  upstream = "cloud",
  ragStages = {},
}: ServerAnswers) {
  // Each test starts a new browser session: the offline notice not yet closed.
  sessionStorage.clear();
  offlineNoticeStore.setState({ dismissed: false });
  settingsServer.stored = defaultSettings;
  settingsServer.version = 0;
  settingsServer.pricesIncludeVat = true;
  settingsServer.saves = [];
  settingsServer.refusal = null;
  settingsServer.indices = null;
  settingsServer.indexRequests = [];
  settingsServer.indexAnswers = {};
  settingsServer.indexFollowUps = {};
  settingsServer.deviceKey = "A".repeat(43);
  settingsServer.deviceKeyHeld = null;
  settingsServer.heldAnswers = {};
  settingsServer.deletions = [];
  settingsServer.deletionAnswer = {
    status: 200,
    body: { deleted: true, subscriptionsCancelled: 0, formsDeleted: 1, debatesDeleted: 0, indexesDeleted: 0 },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/api/settings") && init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as Settings;
        settingsServer.saves.push(body);
        const { refusal } = settingsServer;
        if (refusal) return Response.json({ error: refusal.error }, { status: refusal.status });
        settingsServer.stored = body;
        settingsServer.version += 1;
        return Response.json({ data: body, updated_at: "2026-11-23T10:00:00.000Z", version: settingsServer.version });
      }
      if (url.endsWith("/api/settings"))
        return Response.json({ data: settingsServer.stored, updated_at: null, version: settingsServer.version });
      const indexRequests = /\/api\/admin\/index-requests(?:\?cursor=([^&]+))?$/.exec(url);
      if (indexRequests) {
        // Pages of two, as the server's `limit` would make them (the cursor: the last id shown).
        const all = settingsServer.indexRequests as Array<{ id: string }>;
        const from = indexRequests[1] ? all.findIndex((request) => request.id === decodeURIComponent(indexRequests[1]!)) + 1 : 0;
        const page = all.slice(from, from + 2);
        return Response.json({ requests: page, next_cursor: from + 2 < all.length ? (page.at(-1)?.id ?? null) : null });
      }
      const indexing = /\/api\/admin\/index-requests\/([^/]+)\/index$/.exec(url);
      if (indexing && init?.method === "POST") {
        const answer = settingsServer.indexAnswers[decodeURIComponent(indexing[1]!)] ?? {
          status: 404,
          body: { error: "Richiesta di indicizzazione non trovata." },
        };
        return Response.json(answer.body, { status: answer.status });
      }
      if (indexing) {
        const followUps = settingsServer.indexFollowUps[decodeURIComponent(indexing[1]!)] ?? [];
        const next = followUps.length > 1 ? followUps.shift() : followUps[0];
        return next
          ? Response.json(next)
          : Response.json({ error: "Nessuna indicizzazione avviata per questa richiesta." }, { status: 404 });
      }
      if (url.endsWith("/api/admin/model-leaderboard")) {
        const outcomes = (wins: number, draws: number, losses: number) => ({ wins, draws, losses });
        return Response.json({
          models: [
            { model: "openai/gpt-oss-120b", offline: false, rating: 1031, judge: outcomes(3, 1, 0), votes: outcomes(1, 0, 0) },
            { model: "openai/gpt-oss-20b", offline: false, rating: 969, judge: outcomes(0, 1, 3), votes: outcomes(0, 0, 1) },
            { model: "openai/gpt-oss-120b", offline: true, rating: 1016, judge: outcomes(0, 1, 0), votes: outcomes(1, 0, 0) },
          ],
        });
      }
      if (url.endsWith("/api/admin/web-vitals")) {
        return Response.json({
          vitals: [
            { page: "/chat", metric: "LCP", p75: 1470, samples: 12 },
            { page: "/chat", metric: "CLS", p75: 0.052, samples: 12 },
          ],
        });
      }
      if (url.endsWith("/api/subscription/status")) return Response.json(statusOf(plan));
      if (url.endsWith("/api/indices/list")) {
        return settingsServer.indices ? Response.json(settingsServer.indices) : Response.json({ error: "Errore" }, { status: 500 });
      }
      const heldAnswer = /\/api\/streams\/([\w-]+)$/.exec(url);
      if (heldAnswer && (init?.method ?? "GET") === "GET") {
        const events = settingsServer.heldAnswers[heldAnswer[1]!];
        return events === undefined
          ? Response.json({ error: "Questa risposta non è più disponibile." }, { status: 404 })
          : new Response(events, { headers: { "Content-Type": "text/event-stream" } });
      }
      if (url.endsWith("/api/me/device-key")) {
        await settingsServer.deviceKeyHeld;
        return Response.json({ key: settingsServer.deviceKey });
      }
      if (url.endsWith("/api/seller"))
        return Response.json({
          name: null,
          address: null,
          vat_number: null,
          privacy_contact_email: null,
          dpo_contact: null,
          missing: [],
          prices_include_vat: settingsServer.pricesIncludeVat,
          vat_rate: 22,
        });
      if (url.endsWith("/api/billing/subscription"))
        return Response.json({ subscription: null, invoices: [], prices_include_vat: true, vat_rate: 22 });
      if (url.endsWith("/api/me/data")) {
        const data = {
          exportedAt: "2026-11-29T10:00:00.000Z",
          account: { email: admin ? "admin@oystar.test" : "pro@oystar.test" },
          forms: [{ kind: "contact" }],
        };
        return Response.json(data, { headers: { "Content-Disposition": 'attachment; filename="oystar-i-miei-dati-2026-11-29.json"' } });
      }
      if (url.endsWith("/api/me") && init?.method === "DELETE") {
        settingsServer.deletions.push(JSON.parse(String(init.body)));
        return Response.json(settingsServer.deletionAnswer.body, { status: settingsServer.deletionAnswer.status });
      }
      if (url.endsWith("/api/me")) {
        return admin
          ? Response.json({ username: "Amministratore", email: "admin@oystar.test", name: "Amministratore", picture: null, isAdmin: true })
          : Response.json({ username: "Utente Pro", email: "pro@oystar.test", name: "Utente Pro", picture: null, isAdmin: false });
      }
      if (url.endsWith("/groq/chat/completions")) {
        const pieces = ["Ecco **la", " risposta**."].map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
        return new Response(pieces.join("") + "data: [DONE]\n\n", { headers: { "Content-Type": "text/event-stream" } });
      }
      if (url.endsWith("/api/health")) {
        if (!healthy) throw new TypeError("Failed to fetch");
        // The RAG engine of a server without semantic services: the local embedder and scorer.
        const rag = {
          embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical", dimensions: 256 },
          reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
          ...ragStages,
        };
        const model =
          models === null
            ? { offline: true, name: "oystar-offline", healthy: modelHealthy }
            : { offline: false, upstream, healthy: modelHealthy };
        return Response.json({ status: modelHealthy ? "ok" : "degraded", version: "1.2.3", model, rag });
      }
      if (url.endsWith("/groq/models")) {
        const data =
          models === null ? [{ id: "oystar-offline", object: "model", offline: true }] : models.map((id) => ({ id, object: "model" }));
        return Response.json({ object: "list", data });
      }
      return new Response(null, { status: 404 });
    }),
  );
}

/** A signed-in (or not) session, scripted at the SDK boundary. */
export function sessionOf(email: string | null, logout = vi.fn(async () => {}), client: Partial<IdentityClient> = {}) {
  return createAuthSession(
    {
      handleRedirectCallback: async () => ({}),
      checkSession: async () => {},
      isAuthenticated: async () => email !== null,
      getUser: async () => ({ sub: "s", email, name: "Utente" }),
      getTokenSilently: async () => "t",
      loginWithRedirect: async () => {},
      logout,
      ...client,
    },
    { currentUrl: () => new URL("http://localhost/chat"), replaceUrl: () => {}, origin: "http://localhost" },
    // /config.json as the session's loader read it.
    Promise.resolve({ version: "1.2.3", provider: "cloud", auth: null }),
  );
}

export type VisitOptions = {
  email?: string | null;
  goTo?: (path: string) => void;
  logout?: () => Promise<void>;
  /** The identity provider's SDK, scripted beyond signing in as `email`. */
  client?: Partial<IdentityClient>;
};

export function visit(path: string, options: VisitOptions = {}) {
  const goTo = options.goTo ?? vi.fn();
  const router = createMemoryRouter(assistantRoutes(goTo), { initialEntries: [path] });
  const email = options.email === undefined ? "business@oystar.test" : options.email;
  render(
    <AuthProvider session={sessionOf(email, options.logout ? vi.fn(options.logout) : undefined, options.client)}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}
