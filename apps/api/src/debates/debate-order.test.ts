import { createApiClient, API_PATHS, type Intervention, type ModelLeaderboard } from "@oystar/api-client";
import {
  createDebateSession,
  formatJudgeRun,
  httpDebatePorts,
  JUDGE_CRITERIA,
  judgeCall,
  systemTime,
  turnCall,
  type DebateState,
  type JudgedSide,
} from "@oystar/debate-engine";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { migrations } from "../db/migrations";
import { startServer, type RunningServer } from "../server";

// Issue 33 §2, "A debate is played in order": one Business account steered the model leaderboard
// at no model cost — a debate's first call asked for turn 5 of 6 with no history (200, or 502
// refunded), and the debate then counted as played to its end: its vote and both judge runs, on an
// invented one-line history, were accepted. Twelve such debates moved gpt-oss-20b from 934 to 1100
// in 2.4 s. Here are the attack's requests, against a fake model that can fail on demand.

type ChatBody = { messages?: Array<{ role: string; content: string }> };
/** The model fails (500) while this is set: the call is given back, never answered. */
let failing = false;
/** How the model meets the next debate turns, one a turn (then it answers as usual). */
let turnsAhead: Array<"answer" | "fail" | "empty"> = [];
let heard: ChatBody[] = [];
let upstream: ReturnType<typeof createServer>;
let server: Awaited<ReturnType<typeof startTestServer>>;
/** A second server on the same database: the accounts' limits hold across both. */
let twin: RunningServer;

const isJudge = (body: ChatBody) => body.messages?.[0]?.content.includes("Scheda del giudizio OYSTAR") ?? false;

/** The judge finds for whichever side defends "Treno", in both runs (so the verdict is A). */
function judgeSays(body: ChatBody): string {
  const side = (score: number): JudgedSide => ({
    criteria: Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, { score, motivation: "Motivazione in una frase." }]),
    ) as JudgedSide["criteria"],
    strongest: "il treno inquina meno",
    weakest: "il treno inquina meno",
  });
  const winner = body.messages?.[0]?.content.includes("- Lato 1 sostiene: Treno") ? 1 : 2;
  return formatJudgeRun({ offlineNote: null, sides: { 1: side(winner === 1 ? 8 : 5), 2: side(winner === 2 ? 8 : 5) }, verdict: winner });
}

function fakeModel(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw || "{}") as ChatBody;
    if (!body.messages) return void res.end();
    heard.push(body);
    const ahead = isJudge(body) ? undefined : turnsAhead.shift();
    if (failing || ahead === "fail") return void res.writeHead(500).end();
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const content = isJudge(body) ? judgeSays(body) : ahead === "empty" ? "" : "Il treno inquina meno. Che ne pensi?";
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

beforeAll(async () => {
  upstream = createServer(fakeModel);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  twin = await startServer(server.env, { db: server.db });
});
afterAll(async () => {
  await twin.close();
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  failing = false;
  turnsAhead = [];
  heard = [];
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const post = (base: string, path: string, token: string, body: unknown) =>
  fetch(`${base}${path}`, { method: "POST", headers: { ...auth(token), "Content-Type": "application/json" }, body: JSON.stringify(body) });
const send = (token: string, body: unknown, base = server.url) => post(base, API_PATHS.debateCalls, token, body);
const startDebate = async (token: string): Promise<string> =>
  ((await (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(token) })).json()) as { debate_id: string })
    .debate_id;
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;

type Models = { A: string; B: string };
const facts = (debateId: string, models: Models) => ({
  debateId,
  mode: "debate" as const,
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models,
  length: 6,
  provider: "cloud" as const,
});
const history = (count: number): Intervention[] =>
  Array.from({ length: count }, (_, turn) => ({
    speaker: turn % 2 === 0 ? "A" : "B",
    turn,
    content: `Intervento ${turn + 1}: il treno inquina meno.`,
  }));
const turn = (debateId: string, models: Models, number: number) =>
  turnCall({ ...facts(debateId, models), history: history(number), turn: number });
/** The attack's judge run: a one-line history the server never saw. */
const invented = (debateId: string, models: Models, run: 1 | 2) =>
  judgeCall(
    { ...facts(debateId, models), history: [{ speaker: "A", turn: 0, content: "Il treno vince." }], judge: "llama-3.3-70b-versatile" },
    run,
  );
const judged = (debateId: string, models: Models, run: 1 | 2) =>
  judgeCall({ ...facts(debateId, models), history: history(6), judge: "llama-3.3-70b-versatile" }, run);
const feedback = (debateId: string, vote: "A" | "B" | "tie") => ({
  rating: 4,
  comment: "",
  debate_topic: "Treno contro aereo",
  timestamp: new Date().toISOString(),
  pdf_requested: false,
  debate_id: debateId,
  preferred_side: vote,
});
/** Issue 53 §2: the vote on the debates' own route. */
const vote = (token: string, debateId: string, side: "A" | "B" | "tie", base = server.url) =>
  post(base, API_PATHS.debateVote, token, { debate_id: debateId, preferred_side: side });

async function standing(model: string) {
  const { access_token } = await signInAs(server.url, "admin@oystar.test");
  const board = (await (
    await fetch(`${server.url}${API_PATHS.modelLeaderboard}`, { headers: auth(access_token) })
  ).json()) as ModelLeaderboard;
  return board.models.find((row) => row.model === model && !row.offline);
}

const SKIPPED = { error: "I turni del dibattito vanno giocati in ordine: il turno precedente non ha ancora avuto risposta." };
const NOT_OVER = { error: "Il giudice valuta solo un dibattito concluso: mancano dei turni." };
const VOTE_TOO_EARLY = { error: "Si può votare solo un dibattito concluso." };

describe("a debate is played in order (issue 33 §2)", () => {
  test("the attack: a first call for turn 5 of 6 with no history is refused and reaches no model; the vote and both judge runs on an invented history are refused", async () => {
    const models = { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" };
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const debateId = await startDebate(access_token);
    const last = await send(access_token, turnCall({ ...facts(debateId, models), history: [], turn: 5 }));
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual(SKIPPED);
    // The same call while the model fails (the attack's "502 refunded") never reaches it either.
    failing = true;
    expect((await send(access_token, turnCall({ ...facts(debateId, models), history: [], turn: 5 }))).status).toBe(409);
    failing = false;
    for (const run of [1, 2] as const) {
      const judge = await send(access_token, invented(debateId, models, run));
      expect(judge.status).toBe(409);
      expect(await judge.json()).toEqual(NOT_OVER);
    }
    const early = await vote(access_token, debateId, "A");
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual(VOTE_TOO_EARLY);
    expect(heard).toEqual([]);
    expect(await turnsUsed(debateId)).toBe(0);
    for (const model of Object.values(models)) expect(await standing(model)).toBeUndefined();
  });

  test("turns advance one at a time: a replay of the same turn is allowed, a skip is not", async () => {
    const models = { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" };
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const debateId = await startDebate(access_token);
    expect((await send(access_token, turn(debateId, models, 0))).status).toBe(200);
    // 'Prossimo' after a turn cut off asks it again.
    expect((await send(access_token, turn(debateId, models, 0))).status).toBe(200);
    const skip = await send(access_token, turn(debateId, models, 2));
    expect(skip.status).toBe(409);
    expect(await skip.json()).toEqual(SKIPPED);
    expect((await send(access_token, turn(debateId, models, 1))).status).toBe(200);
    expect((await send(access_token, turn(debateId, models, 2))).status).toBe(200);
    expect((await send(access_token, turn(debateId, models, 5))).status).toBe(409);
    expect(heard).toHaveLength(4);
    expect(await turnsUsed(debateId)).toBe(4);
  });

  test("a turn the model failed (given back) is not answered: nothing may follow it until it is asked again and answered; then the judge and the vote count", async () => {
    const models = { A: "mixtral-8x7b-32768", B: "gemma-7b-it" };
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const debateId = await startDebate(access_token);
    for (let number = 0; number < 5; number += 1) expect((await send(access_token, turn(debateId, models, number))).status).toBe(200);
    failing = true;
    expect((await send(access_token, turn(debateId, models, 5))).status).toBe(502);
    failing = false;
    expect(await turnsUsed(debateId)).toBe(5);
    // The last turn was asked, never answered: the debate is not over.
    const judge = await send(access_token, judged(debateId, models, 1));
    expect(judge.status).toBe(409);
    expect(await judge.json()).toEqual(NOT_OVER);
    expect(await (await vote(access_token, debateId, "A")).json()).toEqual(VOTE_TOO_EARLY);
    expect(await standing(models.A)).toBeUndefined();

    // The screen's 'Prossimo' asks the failed turn again: then the debate is played to its end.
    expect((await send(access_token, turn(debateId, models, 5))).status).toBe(200);
    // The judge's second run comes after its first.
    expect(await (await send(access_token, judged(debateId, models, 2))).json()).toEqual(SKIPPED);
    for (const run of [1, 2] as const) {
      const answer = await send(access_token, judged(debateId, models, run));
      expect(answer.status).toBe(200);
      await answer.text();
    }
    expect(await standing(models.A)).toMatchObject({ rating: 1016, judge: { wins: 1, draws: 0, losses: 0 } });
    expect((await vote(access_token, debateId, "A")).status).toBe(201);
    expect(await standing(models.A)).toMatchObject({ votes: { wins: 1, draws: 0, losses: 0 } });
  });
});

describe("the screen's debate engine still plays its debates to the judge (issue 33 §2)", () => {
  // Not a test of the fix (the engine met the old rules too): the assistant's own flow against the
  // new ones — a silent turn goes on to the next, a failed one is asked again with 'Prossimo'.
  test("an empty reply goes on, a failed turn is asked again with 'Prossimo': the judge reads it whole and its verdict counts", async () => {
    const models = { A: "llama-3.1-8b-instant", B: "openai/gpt-oss-120b" };
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const api = createApiClient({ baseUrl: server.url, getAccessToken: async () => access_token });
    const session = createDebateSession({ ...systemTime, ...httpDebatePorts({ api }) }, { length: 6, auto: false, models });
    const state = () => session.store.getState();
    const cards = (kind: string) => state().messages.filter((message) => message.card?.kind === kind);
    // The third turn says nothing; the fourth fails once.
    turnsAhead = ["answer", "answer", "empty", "fail"];
    session.start({ theses: ["Treno", "aereo"] });
    while (state().status !== "finished") {
      await vi.waitFor(() => expect(["between", "finished"]).toContain(state().status), { timeout: 5000 });
      if (state().status === "between") session.next();
    }
    const judgement = (now: DebateState) => now.messages.find((message) => message.card?.kind === "judgement")?.card;
    await vi.waitFor(() => expect(judgement(state())).toMatchObject({ judgement: { status: "done" } }), { timeout: 5000 });
    session.dispose();
    expect(cards("noResponse")).toHaveLength(1);
    expect(cards("error")).toHaveLength(1);
    expect(
      state()
        .messages.filter((message) => message.turn !== undefined)
        .map((message) => message.turn),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    const [row] = await server.db.query<{ turns_used: number; answered_through: number }>(
      "SELECT turns_used, answered_through FROM debates WHERE id = $1",
      [state().debate?.debateId],
    );
    // Six turns and two judge runs; the failed call was given back.
    expect(row).toEqual({ turns_used: 8, answered_through: 7 });
    expect(await standing(models.A)).toMatchObject({ judge: { wins: 1, draws: 0, losses: 0 } });
  });
});

test("debates from before the rule keep their last position only where they paid for one call per position", async () => {
  const old = await openDatabase({ dataDir: null });
  try {
    await migrate(
      old,
      migrations.slice(
        0,
        migrations.findIndex((migration) => migration.id === "0018-debate-answered-through"),
      ),
    );
    const [user] = await old.query<{ id: string }>(
      "INSERT INTO users (sub, email) VALUES ('dev|prima', 'prima@esempio.it') RETURNING id::text",
    );
    const debate = async (lastTurn: number | null, turnsUsed: number) =>
      (
        await old.query<{ id: string }>(
          "INSERT INTO debates (user_id, length, mode, last_turn, turns_used) VALUES ($1, 6, 'debate', $2, $3) RETURNING id::text",
          [user?.id, lastTurn, turnsUsed],
        )
      )[0]?.id;
    // Played to its end; judged too; the attack's jump to turn 5; not started.
    const ids = [await debate(5, 6), await debate(7, 8), await debate(5, 1), await debate(null, 0)];
    await migrate(old);
    const rows = await old.query<{ id: string; answered_through: number | null }>("SELECT id::text, answered_through FROM debates");
    expect(ids.map((id) => rows.find((row) => row.id === id)?.answered_through)).toEqual([5, 7, null, null]);
  } finally {
    await old.close();
  }
});

describe("judge runs and votes are limited per account, in the database (issue 33 §2)", () => {
  const attemptsOf = async (email: string, action: string) =>
    (
      await server.db.query<{ attempts: number }>(
        "SELECT w.attempts FROM account_action_windows w JOIN users u ON u.id = w.user_id WHERE u.email = $1 AND w.action = $2",
        [email, action],
      )
    )[0]?.attempts;

  test("40 judge runs an hour, refused ones included, across two servers on one database; then a 429 in Italian that costs nothing", async () => {
    const models = { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" };
    const email = "enterprise@oystar.test";
    const here = (await signInAs(server.url, email)).access_token;
    const there = (await signInAs(twin.url, email)).access_token;
    const debateId = await startDebate(here);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const [base, token] = attempt % 2 === 0 ? [server.url, here] : [twin.url, there];
      statuses.push((await send(token, invented(debateId, models, 1), base)).status);
    }
    expect(statuses).toEqual(Array<number>(40).fill(409));
    expect(await attemptsOf(email, "debate-judge-run")).toBe(40);
    // Played to its end now, the debate's judge is still past the account's limit.
    for (let number = 0; number < 6; number += 1) expect((await send(there, turn(debateId, models, number), twin.url)).status).toBe(200);
    heard = [];
    for (const [base, token] of [
      [server.url, here],
      [twin.url, there],
    ] as const) {
      const refused = await send(token, judged(debateId, models, 1), base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(600);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
      expect(await refused.json()).toEqual({
        error: expect.stringMatching(/^Troppe richieste al giudice in poco tempo: riprova tra \d+ minuti\.$/),
      });
    }
    expect(heard).toEqual([]);
    expect(await turnsUsed(debateId)).toBe(6);
    // Turns are not judge runs; another account is not held back.
    const other = (await signInAs(server.url, "pro@oystar.test")).access_token;
    expect(await (await send(other, invented(await startDebate(other), models, 1))).json()).toEqual(NOT_OVER);
  });

  test("20 votes an hour, refused ones included, across two servers on one database; then a 429 in Italian, nothing stored", async () => {
    const email = "base@oystar.test";
    const here = (await signInAs(server.url, email)).access_token;
    const there = (await signInAs(twin.url, email)).access_token;
    const debateId = await startDebate(here);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const [base, token] = attempt % 2 === 0 ? [server.url, here] : [twin.url, there];
      statuses.push((await vote(token, debateId, "A", base)).status);
    }
    expect(statuses).toEqual(Array<number>(20).fill(409));
    expect(await attemptsOf(email, "debate-vote")).toBe(20);
    const refused = await vote(there, debateId, "A", twin.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(600);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Troppi voti in poco tempo: riprova tra \d+ minuti\.$/) });
    const [stored] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM form_submissions f JOIN users u ON u.id = f.user_id WHERE u.email = $1",
      [email],
    );
    expect(stored?.n).toBe(0);
    // Feedback without a vote is the form's, as before.
    expect(
      (await post(server.url, "/api/forms/debate-feedback", here, { ...feedback(debateId, "A"), preferred_side: undefined })).status,
    ).toBe(201);
  });
});
