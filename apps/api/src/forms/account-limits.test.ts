import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type RunningServer } from "../server";
import { startTestServer } from "../../test-support/fixtures";
import { bearer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 22 item 4: a signed-in form is limited per account — a free account stored 100 indexing
// requests in 0.8 s, and 40 debate feedbacks in 0.25 s. The count is kept in the database, so
// it holds across several servers on one Postgres: here two servers share one database.

let server: Awaited<ReturnType<typeof startTestServer>>;
let twin: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  twin = await startServer(server.env, { db: server.db });
});
afterAll(async () => {
  await twin.close();
  await server.close();
});

const feedback = {
  rating: 4,
  comment: "Molto utile",
  debate_topic: "Treno contro aereo",
  timestamp: "2026-11-23T10:00:00.000Z",
  pdf_requested: false,
};
const indexRequest = (indexName: string) => ({
  name: "Anna Bianchi",
  email: "anna@esempio.it",
  indexName,
  sourceType: "url",
  websiteUrls: "https://esempio.it/listino",
});
const post = (base: string, path: string, token: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });

test("debate feedback: 10 in 10 minutes per account, then a 429 with Retry-After and an Italian message; another account is not held back", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  const statuses = await Promise.all(
    Array.from({ length: 14 }, () =>
      post(server.url, "/api/forms/debate-feedback", access_token, feedback).then((response) => response.status),
    ),
  );
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(4);

  const refused = await post(server.url, "/api/forms/debate-feedback", access_token, feedback);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(await refused.json()).toEqual({
    error: expect.stringMatching(/^Troppi invii in poco tempo: riprova tra (un minuto|\d+ minuti)\.$/),
  });
  expect(refused.headers.get("cache-control")).toBe("no-store");
  const [stored] = await server.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM form_submissions f JOIN users u ON u.id = f.user_id WHERE u.email = 'base@oystar.test'",
  );
  expect(stored?.n).toBe(10);

  const other = await signInAs(server.url, "pro@oystar.test");
  expect((await post(server.url, "/api/forms/debate-feedback", other.access_token, feedback)).status).toBe(201);
});

test("the count holds across two servers on one database", async () => {
  const here = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  const there = (await signInAs(twin.url, "enterprise@oystar.test")).access_token;
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const [base, token] = i % 2 === 0 ? [server.url, here] : [twin.url, there];
    statuses.push((await post(base, "/api/forms/debate-feedback", token, feedback)).status);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
});

test("an account holds at most 5 indexing requests the admin has not handled yet (409 in Italian)", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const statuses = await Promise.all(
    Array.from({ length: 7 }, (_, i) =>
      post(server.url, "/api/forms/index-request", access_token, indexRequest(`Listino ${i}`)).then((response) => response.status),
    ),
  );
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.filter((status) => status === 409)).toHaveLength(2);
  const refused = await post(server.url, "/api/forms/index-request", access_token, indexRequest("Listino 8"));
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({
    error: "Hai già 5 richieste di indicizzazione in attesa: potrai inviarne altre quando l'amministratore le avrà esaminate.",
  });
});

test("indexing requests: 10 an hour per account, whatever their outcome", async () => {
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  const statuses: number[] = [];
  // Refused ones count too: a script sending bad forms is held back as well.
  for (let i = 0; i < 11; i += 1)
    statuses.push(
      (await post(server.url, "/api/forms/index-request", access_token, { ...indexRequest(`Prova ${i}`), websiteUrls: "ftp://esempio.it" }))
        .status,
    );
  expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  const refused = await post(server.url, "/api/forms/index-request", access_token, indexRequest("Valida"));
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(600);
});
