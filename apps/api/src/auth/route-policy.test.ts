import { readFileSync } from "node:fs";
import { API_ROUTES } from "@oystar/api-client";
import { Hono } from "hono";
import { expect, test } from "vitest";
import { declarePolicy } from "./access";
import { routeTable, withRouteTable } from "../route-table";
import { inspectedRoutes } from "../../test-support/inspected-app";

const rows = await inspectedRoutes();

test("every route of the app declares who may call it", () => {
  expect(rows.length).toBeGreaterThan(20);
  expect(rows.filter((row) => row.policy === null)).toEqual([]);
});

test("the README's route table is the app's (regenerate: pnpm --filter @oystar/api routes)", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  expect(withRouteTable(readme, rows)).toBe(readme);
});

test("every route of api-client's table is one the app answers, with the same method (issue 53 §2)", () => {
  const answered = new Set(rows.map((row) => `${row.method} ${row.path}`));
  const missing = Object.entries(API_ROUTES)
    .filter(([, route]) => !answered.has(`${route.method} ${route.path}`))
    .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
  expect(missing).toEqual([]);
});

test("a route added without a policy is found", () => {
  const app = new Hono();
  app.get(
    "/api/dichiarata",
    declarePolicy("public", async (_c, next) => next()),
    (c) => c.text("ok"),
  );
  app.get("/api/dimenticata", (c) => c.text("ok"));
  expect(routeTable(app).filter((row) => row.policy === null)).toEqual([{ method: "GET", path: "/api/dimenticata", policy: null }]);
});

test("a route's further conditions are listed after who may call it", () => {
  const app = new Hono();
  const signedIn = declarePolicy("signed-in", async (_c, next) => next());
  const owner = declarePolicy("owner of the index", async (_c, next) => next());
  app.post("/api/domanda", signedIn, owner, (c) => c.text("ok"));
  expect(routeTable(app)).toEqual([{ method: "POST", path: "/api/domanda", policy: "signed-in · owner of the index" }]);
});

test("RAG's questions declare both conditions at the route: the plan, then the owner of the index", () => {
  expect(rows.filter((row) => row.path === "/api/ask-stream").map((row) => `${row.method} ${row.policy}`)).toEqual([
    "POST plan ≥ business · owner of the index",
    "GET plan ≥ business · owner of the index",
  ]);
});

test("every signed-in route is under /api/ or /groq/, where no answer is stored (web/personal-answers.ts)", () => {
  const personal = rows.filter((row) => row.policy !== null && !/^(public|signature)$/.test(row.policy));
  expect(personal.length).toBeGreaterThan(10);
  expect(personal.filter((row) => !/^\/(api|groq)\//.test(row.path))).toEqual([]);
});
