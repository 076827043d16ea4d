import { afterAll, beforeAll, expect, test } from "vitest";
import { benchDocumentInputs, rewrittenDocumentInput, storeInBatches } from "../../../test-support/bench-index";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, readEvents, userIdOf } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { benchQuestions } from "../../../lab/rag-cli/bench-corpus";
import { deleteDocument, finishIngestion } from "../ingest/ingestion";
import { createIndex, findIndex } from "../rag-store";

// Issue 32 §2: the answer cache of /api/ask-stream against answering afresh (use_cache false).
// A cached answer is the fresh one event for event; once the index changes (re-ingestion,
// deletion: a new version), the old answer is never served again.

const NAME = "archivio-risposte";
/** 60 documents (bench-corpus notes and guides): 271 passages. */
const DOCUMENTS = 60;

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
/** Debian questions: the first of every fifteen (most about these documents, some not). */
const questions = benchQuestions().filter((_, number) => number % 15 === 0);

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  token = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(token) });
  const index = await createIndex(server.db, { name: NAME, ownerId: await userIdOf(server.db, "enterprise@oystar.test") });
  await storeInBatches(server.db, index, benchDocumentInputs(0, DOCUMENTS));
});
afterAll(() => server.close());

type Event = { event: string; data: unknown };

/**
 * An answer's events as a client reads them, its text in one piece: a fresh answer streams its
 * text in pieces, a cached one in one (rag-routes.ts, forCache).
 */
async function ask(question: string, useCache: boolean): Promise<Event[]> {
  const response = await fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify({ question, index_names: [NAME], use_cache: useCache }),
  });
  expect(response.status).toBe(200);
  const events: Event[] = [];
  for (const { event, data } of await readEvents(response)) {
    const parsed = JSON.parse(data) as { chunk?: string };
    const previous = events.at(-1)?.data as { chunk?: string } | undefined;
    if (parsed.chunk !== undefined && previous?.chunk !== undefined && Object.keys(parsed).length === 1) previous.chunk += parsed.chunk;
    else events.push({ event, data: parsed });
  }
  return events;
}

/** The file names an answer lists as its sources. */
const filenamesOf = (events: readonly Event[]) =>
  new Set(events.flatMap(({ data }) => (data as { sources?: Array<{ filename: string }> }).sources ?? []).map((source) => source.filename));

test("a cached answer is the fresh answer, event for event; after re-ingestion and after deletion the old one is not served", async () => {
  const cached = new Map<string, Event[]>();
  for (const question of questions) {
    const first = await ask(question, true);
    const fresh = await ask(question, false);
    expect(first).toEqual(fresh);
    cached.set(question, first);
  }
  // Served from the cache: a title changed behind the index's back (no new version, which only
  // ingestion and deletion give) shows in fresh answers, not in the cached ones.
  await server.db.query(
    "UPDATE rag_documents SET title = 'Titolo cambiato' WHERE index_id = (SELECT id FROM rag_indexes WHERE name = $1)",
    [NAME],
  );
  const withSources = questions.filter((question) => filenamesOf(cached.get(question)!).size > 0);
  expect(withSources.length).toBeGreaterThan(questions.length / 2);
  for (const question of questions) expect(await ask(question, true)).toEqual(cached.get(question));
  for (const question of withSources) expect(await ask(question, false)).not.toEqual(cached.get(question));

  // Re-ingested with other text: the documents the answers cite first, each a new version.
  const index = (await findIndex(server.db, NAME))!;
  const cited = [...new Set(withSources.map((question) => [...filenamesOf(cached.get(question)!)][0]!))];
  const numberOf = (filename: string) => Number(/\d+/.exec(filename)![0]);
  await storeInBatches(
    server.db,
    index,
    cited.map((filename) => rewrittenDocumentInput(numberOf(filename), 7_000 + numberOf(filename), 30_000 + numberOf(filename))),
  );
  const afterReingestion = new Map<string, Event[]>();
  for (const question of questions) {
    const answer = await ask(question, true);
    expect(answer).toEqual(await ask(question, false));
    afterReingestion.set(question, answer);
  }
  for (const question of withSources) expect(afterReingestion.get(question)).not.toEqual(cached.get(question));

  // Deleted: every file the answers now cite.
  const citedNow = new Set(questions.flatMap((question) => [...filenamesOf(afterReingestion.get(question)!)]));
  for (const filename of citedNow) expect(await deleteDocument(server.db, index, filename)).toBe(true);
  await finishIngestion(server.db);
  for (const question of questions) {
    const answer = await ask(question, true);
    expect(answer).toEqual(await ask(question, false));
    expect([...filenamesOf(answer)].filter((filename) => citedNow.has(filename))).toEqual([]);
  }
});
