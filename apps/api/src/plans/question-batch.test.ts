import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database, type Queryable } from "../db/database";
import { migrate } from "../db/migrate";
import { questionBatch } from "./question-batch";
import type { Payer } from "./quota";

// Issue 37 §1: a batch of questions is counted in one statement when its callers have asked this
// month already; a caller's first question of the month makes its row first. Both roads must count
// the same: the fast one is checked here against what the plan allows, statement by statement.

let database: Database;
let statements: string[] = [];
/** The database as the batch sees it, each statement it runs written down. */
const counted: Queryable = {
  query<Row>(sql: string, params?: unknown[]) {
    statements.push(sql.includes("INSERT INTO usage") ? "make rows" : sql.includes("UPDATE usage") ? "grant" : "other");
    return database.query<Row>(sql, params);
  },
  exec: (sql: string) => database.exec(sql),
};
const JUNE = new Date("2026-06-15T10:00:00Z");

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  await migrate(database);
});
afterAll(() => database.close());

async function caller(email: string, plan: Payer["plan"]): Promise<Payer> {
  const [row] = await database.query<{ id: string }>("INSERT INTO users (sub, email, plan) VALUES ($1, $1, $2) RETURNING id::text", [
    email,
    plan,
  ]);
  return { id: row!.id, plan, isAdmin: false };
}

const used = async (payer: Payer) =>
  (await database.query<{ queries_used: number }>("SELECT queries_used FROM usage WHERE user_id = $1", [payer.id]))[0]?.queries_used;

test("a caller's first question of the month makes its row; later batches are counted in one statement", async () => {
  const batch = questionBatch(counted, () => JUNE);
  const regular = await caller("abituale@esempio.it", "base");
  await batch.charge(regular);
  const newcomer = await caller("nuovo@esempio.it", "base");

  statements = [];
  const charges = await Promise.all([batch.charge(regular), batch.charge(regular), batch.charge(newcomer)]);
  expect(charges.map((charge) => charge.ok)).toEqual([true, true, true]);
  expect(charges.map((charge) => charge.usage.queries_used)).toEqual([3, 3, 1]);
  // The newcomer had no row: granted none at first, its row made, then granted.
  expect(statements).toEqual(["grant", "make rows", "grant"]);

  statements = [];
  await Promise.all([batch.charge(regular), batch.charge(newcomer)]);
  expect(statements).toEqual(["grant"]);
  expect([await used(regular), await used(newcomer)]).toEqual([4, 2]);
});

test("one statement still stops at the plan's limit: the questions past it are refused, and not counted", async () => {
  const batch = questionBatch(counted, () => JUNE);
  const free = await caller("gratis@esempio.it", "free");
  await batch.charge(free);
  await database.query("UPDATE usage SET queries_used = 48 WHERE user_id = $1", [free.id]);

  statements = [];
  const charges = await Promise.all([batch.charge(free), batch.charge(free), batch.charge(free)]);
  expect(statements).toEqual(["grant"]);
  expect(charges.map((charge) => charge.ok)).toEqual([true, true, false]);
  expect(await used(free)).toBe(50);
});

test("a new month starts with rows of its own, made by its first questions", async () => {
  const june = questionBatch(counted, () => JUNE);
  const july = questionBatch(counted, () => new Date("2026-07-01T08:00:00Z"));
  const customer = await caller("luglio@esempio.it", "base");
  await june.charge(customer);
  await june.charge(customer);

  statements = [];
  const charge = await july.charge(customer);
  expect(charge).toMatchObject({ ok: true, usage: { queries_used: 1 } });
  expect(statements).toEqual(["grant", "make rows", "grant"]);
});
