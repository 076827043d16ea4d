import type { Hono } from "hono";
import { policyOf } from "./auth/access";

export type RouteRow = { method: string; path: string; policy: string | null };

/**
 * Every route the app answers, with the policies it declares (auth/access.ts) in the order they
 * run: who may call it first, then any further condition (a debate's turn, the index's owner).
 * Middleware that applies to every path ("/*") is not a route of its own.
 */
export function routeTable(app: Hono): RouteRow[] {
  const byRoute = new Map<string, { method: string; path: string; policies: string[] }>();
  for (const { method, path, handler } of app.routes) {
    const key = `${method} ${path}`;
    const row = byRoute.get(key) ?? { method, path, policies: [] };
    const policy = policyOf(handler);
    if (policy !== undefined) row.policies.push(policy);
    byRoute.set(key, row);
  }
  return [...byRoute.values()].map(({ method, path, policies }) => ({
    method,
    path,
    policy: policies.length > 0 ? policies.join(" · ") : null,
  }));
}

const README_START = "<!-- route-policy:start (pnpm --filter @oystar/api routes) -->";
const README_END = "<!-- route-policy:end -->";

/** The README's table of routes and policies, as generated from the app. */
export function routeTableMarkdown(rows: readonly RouteRow[]): string {
  const lines = rows.map((row) => `| \`${row.method}\` | \`${row.path}\` | ${row.policy ?? "**none**"} |`);
  return [README_START, "| method | path | who may call it |", "|---|---|---|", ...lines, README_END].join("\n");
}

/** Replaces the generated table in the README's text. */
export function withRouteTable(readme: string, rows: readonly RouteRow[]): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < 0) throw new Error(`README has no ${README_START} … ${README_END} section`);
  return `${readme.slice(0, start)}${routeTableMarkdown(rows)}${readme.slice(end + README_END.length)}`;
}
