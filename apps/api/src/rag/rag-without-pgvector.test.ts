import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database, Queryable } from "../db/database";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// A PostgreSQL without pgvector (like Debian's PostgreSQL 15 on these machines): here PGlite
// started WITHOUT its vector extension — a real Postgres on which `CREATE EXTENSION vector` is
// impossible. The server starts, the vector leg is off and says so, full-text answers.

async function postgresWithoutVector(): Promise<Database> {
  const pglite = await PGlite.create();
  const wrap = (target: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await target.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: "pglite",
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    exclusively: (_lock, work) => work(),
    poolUse: () => null,
    notifications: null,
    close: () => pglite.close(),
  };
}

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" }, { db: await postgresWithoutVector() });
});
afterAll(() => server.close());

test("the vector leg is off and /api/health says why", async () => {
  const [extensions] = await server.db.query<{ count: number }>("SELECT count(*)::int AS count FROM pg_extension WHERE extname = 'vector'");
  expect(extensions?.count).toBe(0);
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { rag: Record<string, unknown> };
  expect(health.rag).toMatchObject({
    full_text: "bm25-italian",
    vector_leg: "off",
    vector_leg_reason: "pgvector non è installato in questo PostgreSQL: la ricerca usa solo il full-text.",
  });
});

test("questions are answered from full-text alone, with fusion and reranking asked for", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const response = await fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(access_token) },
    body: JSON.stringify({ question: "Quando fu tracciato il labirinto di Villa Serena?", use_fused_retrieval: true, use_reranker: true }),
  });
  const answer = await readAnswer(response);
  expect(answer.ended).toBe(true);
  expect(answer.sources[0]?.[0]?.filename).toBe("labirinto-di-bosso.md");
  expect(answer.text).toContain("1823");
});
