// @vitest-environment node
import { describe, expect, expectTypeOf, test } from "vitest";
import { API_PATHS } from "./api-paths";
import { API_ROUTES, type RouteAnswer } from "./api-routes";
import { createApiClient } from "./client";
import { ResponseShapeError } from "./errors";
import type { BillingSubscription, PlanChangePreview } from "./schemas/billing";
import type { LibrarySite } from "./schemas/rag-library";

// Issue 53 §2: a call names its route, and the route table decides the method, the address, the
// body's type and the answer's shape. The server's side (every route here is one the API answers)
// is checked in apps/api's route-policy test.

/** A client whose every call is recorded and answered with `answer`. */
function recordingClient(answer: unknown) {
  const calls: { method: string; url: string; body: string | null; contentType: string | null }[] = [];
  const api = createApiClient({
    baseUrl: "http://api.test",
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? "GET",
        url: String(input),
        body: typeof init?.body === "string" ? init.body : null,
        contentType: headers.get("Content-Type"),
      });
      return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } });
    },
  });
  return { api, calls };
}

describe("a call of the route table", () => {
  test("sends the route's method and JSON body to its address, and the answer is read with the route's schema", async () => {
    const site = { id: "s1", url: "https://esempio.it", state: "waiting", pages: 0, last_read_at: null, changes: null, error: null };
    const { api, calls } = recordingClient(site);
    const added = await api.call("addLibrarySite", { params: { name: "studio legale" }, body: { url: "https://esempio.it" } });
    expect(added).toEqual(site);
    expect(calls).toEqual([
      {
        method: "POST",
        url: "http://api.test/api/rag/indexes/studio%20legale/sites",
        body: JSON.stringify({ url: "https://esempio.it" }),
        contentType: "application/json",
      },
    ]);
  });

  test("a route without a body is called by its name alone, with no body, and a query is added to its address", async () => {
    const { api, calls } = recordingClient({ requests: [], next_cursor: null });
    await api.call("indexRequests", { query: { cursor: "a b" } }).catch(() => undefined);
    await api.call("health").catch(() => undefined);
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "GET", url: "http://api.test/api/admin/index-requests?cursor=a+b", body: null },
      { method: "GET", url: "http://api.test/api/health", body: null },
    ]);
  });

  test("an answer that is not the route's shape is a ResponseShapeError naming the address", async () => {
    const { api } = recordingClient({ plan: "nessuno" });
    const failure = await api.call("billingSubscription").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseShapeError);
    expect(String((failure as ResponseShapeError).message)).toContain(API_PATHS.billingSubscription);
  });

  test("a route's parameter left out is refused before anything is sent", async () => {
    const { api, calls } = recordingClient({});
    // @ts-expect-error — the address names `:name`, so the call must give it.
    await expect(api.call("libraryDocuments", {})).rejects.toThrow("manca il parametro «name»");
    expect(calls).toEqual([]);
  });
});

describe("the table's types", () => {
  test("a call's answer is the route's schema's output", () => {
    expectTypeOf<RouteAnswer<"billingChange">>().toEqualTypeOf<BillingSubscription>();
    expectTypeOf<RouteAnswer<"billingChangePreview">>().toEqualTypeOf<PlanChangePreview>();
    expectTypeOf<RouteAnswer<"addLibrarySite">>().toEqualTypeOf<LibrarySite>();
  });

  test("a call's body, parameters and name are checked against the route", () => {
    const { api } = recordingClient({});
    expectTypeOf(api.call<"billingChange">)
      .parameter(1)
      .toExtend<{ body: { plan: "free" | "base" | "pro" | "business" | "enterprise" } } | undefined>();
    // Each of these disagrees with its route, and does not compile.
    const wrong = () => {
      // @ts-expect-error — a plan that does not exist.
      void api.call("billingChange", { body: { plan: "gratis" } });
      // @ts-expect-error — the route reads a body, and none is given.
      void api.call("billingChange");
      // @ts-expect-error — the route reads no body.
      void api.call("me", { body: { plan: "pro" } });
      // @ts-expect-error — no such route.
      void api.call("billingRefund");
      // @ts-expect-error — the address's parameter is `name`, not `id`.
      void api.call("libraryDocuments", { params: { id: "1" } });
    };
    expect(typeof wrong).toBe("function");
  });

  test("every route's address is one of API_PATHS and its method an HTTP method the server routes", () => {
    const paths = new Set<string>(Object.values(API_PATHS));
    for (const route of Object.values(API_ROUTES)) {
      expect(paths).toContain(route.path);
      expect(["GET", "POST", "PUT", "DELETE"]).toContain(route.method);
    }
  });
});
