import type { Hono } from "hono";
import { policyOf } from "./auth/access";

export type RouteRow = { method: string; path: string; policy: string | null };

/**
 * Every route the app answers, with the policy it declares (auth/access.ts). Middleware that
 * applies to every path ("/*") is not a route of its own.
 */
export function routeTable(app: Hono): RouteRow[] {
  const byRoute = new Map<string, RouteRow>();
  for (const { method, path, handler } of app.routes) {
    const key = `${method} ${path}`;
    const row = byRoute.get(key) ?? { method, path, policy: null };
    row.policy ??= policyOf(handler) ?? null;
    byRoute.set(key, row);
  }
  return [...byRoute.values()];
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
