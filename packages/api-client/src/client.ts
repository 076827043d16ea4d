import type { z } from "zod";
import { filledPath } from "./api-paths";
import type { API_ROUTES, ApiRoute, RouteAnswer, RouteArguments, RouteName } from "./api-routes";
import { HttpError, ResponseShapeError, TimeoutError } from "./errors";

/** spec 001 §7: default client timeout 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiClientOptions = {
  /** Origin of the API; empty means the page's own origin (DESIGN.md §2). */
  baseUrl?: string;
  /** Bearer token for signed-in calls; null or a failure means the call goes without one. */
  getAccessToken?: () => Promise<string | null | undefined>;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type RequestOptions = { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> };

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/$/, "");
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function authorization(): Promise<Record<string, string>> {
    if (!options.getAccessToken) return {};
    try {
      const token = await options.getAccessToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    } catch {
      // spec 001 §6: other calls continue without a token if the token getter fails.
      return {};
    }
  }

  /** Sends a request and returns the Response once its headers arrive; throws on non-OK. */
  function raw(path: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
    return rawAt(`${baseUrl}${path}`, init);
  }

  /** The same at an address given whole (an answer's resume, where the server that answered named it). */
  async function rawAt(url: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
    const { timeoutMs = defaultTimeout, signal, headers, ...rest } = init;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError(timeoutMs)), timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const response = await doFetch(url, {
        ...rest,
        credentials: "include",
        headers: { Accept: "application/json", ...(await authorization()), ...headers },
        signal: combined,
      });
      if (!response.ok) throw new HttpError(response.status, await readJson(response), { retryAfter: response.headers.get("Retry-After") });
      return response;
    } catch (error) {
      if (timeout.signal.aborted && !signal?.aborted) throw new TimeoutError(timeoutMs);
      throw error;
    } finally {
      // The timeout guards the wait for an answer; a stream that follows may run longer.
      clearTimeout(timer);
    }
  }

  async function parsed<S extends z.ZodType>(path: string, response: Response, schema: S): Promise<z.output<S>> {
    const result = schema.safeParse(await readJson(response));
    if (!result.success) throw new ResponseShapeError(path, result.error.issues);
    return result.data;
  }

  return {
    raw,
    rawAt,
    async get<S extends z.ZodType>(path: string, schema: S, init?: RequestOptions): Promise<z.output<S>> {
      return parsed(path, await raw(path, { ...init, method: "GET" }), schema);
    },
    async post<S extends z.ZodType>(path: string, body: unknown, schema: S, init?: RequestOptions): Promise<z.output<S>> {
      const headers = { "Content-Type": "application/json", ...init?.headers };
      const response = await raw(path, { ...init, method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return parsed(path, response, schema);
    },
    /**
     * Issue 53 §2: a call of one route of the table (api-routes.ts), by name — its method, address,
     * body and answer's shape are the table's, so the types of what is sent and received follow.
     */
    async call<Name extends RouteName>(name: Name, ...[input]: RouteArguments<Name>): Promise<RouteAnswer<Name>> {
      const route: ApiRoute = (await routeTable())[name];
      // The input's type depends on the route's name; once the route is known it is read as any route's.
      const { body, params, query, headers, ...init } = (input ?? {}) as RouteCall;
      const address = filledPath(route.path, params) + (query ? `?${new URLSearchParams(query).toString()}` : "");
      const sent = route.body ? { headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) } : { headers };
      // The answer is the route's schema's output; TypeScript cannot follow a schema chosen by a generic name.
      return (await parsed(address, await raw(address, { ...init, ...sent, method: route.method }), route.response)) as RouteAnswer<Name>;
    },
    async postForm<S extends z.ZodType>(path: string, form: FormData, schema: S, init?: RequestOptions): Promise<z.output<S>> {
      return parsed(path, await raw(path, { ...init, method: "POST", body: form }), schema);
    },
  };
}

/**
 * The route table holds every route's schemas — tens of KiB of zod once compressed — while a page
 * makes a few calls: it is fetched with the first call, not in the page's first load (the
 * landing's budget, e2e/tests/budgets.spec.ts). Its types stay static.
 */
let tableLoading: Promise<typeof API_ROUTES> | null = null;
function routeTable() {
  tableLoading ??= import("./api-routes").then(
    (module) => module.API_ROUTES,
    (error: unknown) => {
      // A chunk that failed to arrive (a dropped connection, a new release) is asked for again next call.
      tableLoading = null;
      throw error;
    },
  );
  return tableLoading;
}

/** A route call's input once its route is known: any route's body, parameters and query. */
type RouteCall = RequestOptions & { body?: unknown; params?: Record<string, string | number>; query?: Record<string, string> };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
