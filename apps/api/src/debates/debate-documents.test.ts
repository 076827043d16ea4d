import {
  API_PATHS,
  debatePassagesEventSchema,
  readModelStream,
  turnQuotesSchema,
  type DebateJudgeCall,
  type Intervention,
  type TurnQuotes,
} from "@oystar/api-client";
import { judgeCall, parseJudgeRun, turnCall, type JudgedIntervention } from "@oystar/debate-engine";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, privateIndex, readEvents, userIdOf } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { DEMO_INDEX } from "../rag";

// issue 26 §2: debates argued from the customer's documents, over HTTP on the real server with the
// offline model. Each turn the server retrieves passages from the named index (the RAG engine,
// under the index policy), streams them before the words and its verdicts on the quotes after;
// the judge counts only quotes the server verified (sealed); a Free/Base caller, another
// customer's index or a missing one is refused before anything is charged; nothing is stored.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let enterprise: string;
let base: string;

/** A string that must end up nowhere: it is in both theses. */
const CANARY = "canarino-dibattito-7f3e";
const THESES = { A: `Le siepi di bosso vanno potate a mano ${CANARY}`, B: `Le siepi di bosso si curano da sole ${CANARY}` };

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  base = (await signInAs(server.url, "base@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(enterprise) });
  await privateIndex(server.db, "archivio-verde", await userIdOf(server.db, "enterprise@oystar.test"), {
    "serre.md": "Le serre dell'Archivio Verde ospitano trecento felci arboree. Sono riscaldate da una caldaia a legna del 1910.",
  });
});
afterAll(() => server.close());

const status = async (token: string) =>
  (await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(token) })).json()) as {
    queries_used: number;
    debates_used: number;
  };
const startDebate = async (token: string): Promise<string> =>
  ((await (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(token) })).json()) as { debate_id: string })
    .debate_id;
const send = (token: string, body: unknown) =>
  fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;

const facts = (debateId: string, documents: string | null, history: Intervention[] = []) => ({
  debateId,
  mode: "debate" as const,
  topic: `${THESES.A} contro ${THESES.B}`,
  options: THESES,
  models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
  length: 6,
  provider: "cloud" as const,
  documents,
  history,
});

/** One turn's answer as it travelled: the events in order, the words as chat-core reads them. */
async function playTurn(token: string, debateId: string, turn: number, history: Intervention[], documents: string | null = DEMO_INDEX) {
  const response = await send(token, turnCall({ ...facts(debateId, documents, history), turn }));
  expect(response.status).toBe(200);
  const events = await readEvents(response.clone());
  let words = "";
  for await (const delta of readModelStream(response)) words += delta.content;
  return { events, words };
}

/** A whole 6-turn debate argued from the demo index: each turn's words and verdicts. */
async function playDebate(token: string, debateId: string) {
  const history: Intervention[] = [];
  const judged: JudgedIntervention[] = [];
  const turns: Array<{ words: string; passages: unknown; quotes: TurnQuotes }> = [];
  for (let turn = 0; turn < 6; turn += 1) {
    const { events, words } = await playTurn(token, debateId, turn, history);
    const named = events.filter((event) => event.event !== "message");
    expect(named.map((event) => event.event)).toEqual(["debate-passages", "debate-quotes"]);
    // The passages come before the first word, the verdicts after the last, then [DONE] once.
    expect(events[0]?.event).toBe("debate-passages");
    expect(events.at(-2)?.event).toBe("debate-quotes");
    expect(events.filter((event) => event.data === "[DONE]")).toHaveLength(1);
    expect(events.at(-1)?.data).toBe("[DONE]");
    const passages = debatePassagesEventSchema.parse(JSON.parse(named[0]?.data ?? ""));
    const quotes = turnQuotesSchema.parse(JSON.parse(named[1]?.data ?? ""));
    turns.push({ words, passages, quotes });
    const speaker = turn % 2 === 0 ? "A" : "B";
    history.push({ speaker, turn, content: words });
    judged.push({ speaker, turn, content: words, quotes: { statuses: quotes.quotes.map((quote) => quote.status), seal: quotes.seal } });
  }
  return { turns, history, judged };
}

const judgeRun = (debateId: string, judged: JudgedIntervention[], run: 1 | 2): DebateJudgeCall =>
  judgeCall({ ...facts(debateId, DEMO_INDEX), history: judged, judge: "llama-3.3-70b-versatile" }, run);

describe("a Business debate on the demo index, with the offline model", () => {
  test("each turn gets passages from the index and argues from them, quoting them word for word with [n]; the server verifies the quotes; one debate, no question", async () => {
    const before = await status(business);
    const debateId = await startDebate(business);
    const { turns } = await playDebate(business, debateId);
    for (const { words, passages, quotes } of turns) {
      const given = debatePassagesEventSchema.parse(passages);
      expect(given.index).toBe(DEMO_INDEX);
      expect(given.passages.length).toBeGreaterThan(0);
      expect(given.passages.map((passage) => passage.noteNumber)).toEqual(given.passages.map((_, position) => position + 1));
      // The offline model quotes the passages word for word: every quote is found — verified when
      // its passage is about the side's claim, 'Citazione non pertinente' otherwise (issue 52 §2).
      expect(quotes.quotes.length).toBeGreaterThan(0);
      for (const quote of quotes.quotes) {
        expect(words).toContain(`«${quote.text}» [${quote.n}]`);
        expect(["verified", "unsupported"]).toContain(quote.status);
      }
    }
    // Some of the passages the search brings are about the sides' box hedges: their quotes count.
    const statuses = turns.flatMap(({ quotes }) => quotes.quotes.map((quote) => quote.status));
    expect(statuses).toContain("verified");
    // Retrieval is not a question: one debate, as any debate.
    const after = await status(business);
    expect(after.queries_used).toBe(before.queries_used);
    expect(after.debates_used).toBe(before.debates_used + 1);
    expect(await turnsUsed(debateId)).toBe(6);
  });

  test("the offline judge's 'Prove' counts the verified quotes, by the server's seal; a verdict changed or moved to another turn is refused and costs nothing", async () => {
    const debateId = await startDebate(business);
    const { judged } = await playDebate(business, debateId);
    // A verdict turned into 'verified', and a seal taken from another turn: not the server's.
    const forged = judged.map((item, index) =>
      index === 1
        ? { ...item, quotes: { statuses: item.quotes?.statuses.map(() => "verified" as const) ?? [], seal: item.quotes?.seal ?? "" } }
        : item,
    );
    const forgedQuote = judged.map((item, index) =>
      index === 1
        ? { ...item, quotes: { statuses: ["notFound" as const, ...(item.quotes?.statuses ?? [])], seal: item.quotes?.seal ?? "" } }
        : item,
    );
    const moved = judged.map((item, index) => (index === 2 ? { ...item, quotes: judged[0]?.quotes } : item));
    for (const history of [forgedQuote, moved, ...(judged[1]?.quotes?.statuses.every((status) => status === "verified") ? [] : [forged])]) {
      const refused = await send(business, judgeRun(debateId, history, 1));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "Le verifiche delle citazioni non corrispondono al dibattito: avviane uno nuovo." });
    }
    expect(await turnsUsed(debateId)).toBe(6);

    for (const run of [1, 2] as const) {
      const answer = await send(business, judgeRun(debateId, judged, run));
      expect(answer.status).toBe(200);
      let text = "";
      for await (const delta of readModelStream(answer)) text += delta.content;
      const report = parseJudgeRun(text);
      for (const lato of [1, 2] as const) {
        const prove = report.sides[lato].criteria.prove;
        // Issue 52 §1: no score offline, the count said in words (three turns a side).
        expect(prove.score).toBeNull();
        expect(prove.motivation).toMatch(/Citazioni verificate: \d+ su \d+ in 3 turni/);
      }
    }
  });

  test("without documents the offline judge still has nothing to count for 'Prove'", async () => {
    const debateId = await startDebate(business);
    const history: Intervention[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const { events, words } = await playTurn(business, debateId, turn, history, null);
      expect(events.filter((event) => event.event !== "message")).toEqual([]);
      expect(words).not.toMatch(/\[\d\]/);
      history.push({ speaker: turn % 2 === 0 ? "A" : "B", turn, content: words });
    }
    const answer = await send(business, judgeCall({ ...facts(debateId, null), history, judge: "llama-3.3-70b-versatile" }, 1));
    let text = "";
    for await (const delta of readModelStream(answer)) text += delta.content;
    expect(parseJudgeRun(text).sides[1].criteria.prove.score).toBeNull();
  });

  test("nothing of the debate is stored: no theses, words, passages or verdicts in any table", async () => {
    const debateId = await startDebate(enterprise);
    await playDebate(enterprise, debateId);
    const tables = await server.db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const holding: string[] = [];
    for (const { name } of tables) {
      const rows = await server.db.query(`SELECT * FROM "${name}"`);
      if (rows.some((row) => /canarino-dibattito|debate-quotes|«/.test(JSON.stringify(row)))) holding.push(name);
    }
    expect(holding).toEqual([]);
    // The debate's row holds its counters, settings and verdicts only: no index, no passage.
    const [row] = await server.db.query<Record<string, unknown>>("SELECT * FROM debates WHERE id = $1", [debateId]);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        "answered_through",
        "created_at",
        "id",
        "judge_counted",
        "judge_first",
        "judge_first_scores",
        "judge_second",
        "judge_second_scores",
        "last_turn",
        "length",
        "mode",
        "model_a",
        "model_b",
        "offline",
        "turns_used",
        "user_id",
        "user_vote",
      ].sort(),
    );
    expect(JSON.stringify(row)).not.toContain(DEMO_INDEX);
  });
});

describe("the index policy: Business and Enterprise, over their own or the shared indexes", () => {
  test("an Enterprise user argues from its own index; a Business user naming it, or a missing index, is refused alike, and nothing is charged", async () => {
    const own = await startDebate(enterprise);
    const { events } = await playTurn(enterprise, own, 0, [], "archivio-verde");
    expect(JSON.parse(events[0]?.data ?? "{}")).toMatchObject({
      index: "archivio-verde",
      passages: [{ noteNumber: 1, filename: "serre.md" }],
    });

    const debateId = await startDebate(business);
    for (const name of ["archivio-verde", "indice-inesistente"]) {
      const refused = await send(business, turnCall({ ...facts(debateId, name), turn: 0 }));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: `Indice non disponibile: «${name}».` });
    }
    expect(await turnsUsed(debateId)).toBe(0);
    const malformed = await send(business, {
      ...turnCall({ ...facts(debateId, DEMO_INDEX), turn: 0 }),
      documents: { index: "../segreti" },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Indice non valido" });
  });

  test("a Base user cannot argue from documents, not even the demo's; a Free user cannot either", async () => {
    const debateId = await startDebate(base);
    const before = await status(base);
    const refused = await send(base, turnCall({ ...facts(debateId, DEMO_INDEX), turn: 0 }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "I dibattiti basati sui documenti sono riservati ai piani Business o Enterprise." });
    expect(await turnsUsed(debateId)).toBe(0);
    expect(await status(base)).toEqual(before);
    // The same debate without documents goes on.
    expect((await send(base, turnCall({ ...facts(debateId, null), turn: 0 }))).status).toBe(200);

    const free = (await signInAs(server.url, "free@oystar.test")).access_token;
    const freeRefused = await send(free, turnCall({ ...facts("00000000-0000-4000-8000-000000000000", DEMO_INDEX), turn: 0 }));
    expect(freeRefused.status).toBe(403);
    expect(await freeRefused.json()).toEqual({ error: "I dibattiti basati sui documenti sono riservati ai piani Business o Enterprise." });
  });
});
