import { createApiClient, API_PATHS, type ModelLeaderboard } from "@oystar/api-client";
import {
  createDebateSession,
  formatJudgeRun,
  httpDebatePorts,
  JUDGE_CRITERIA,
  judgeCall,
  systemTime,
  turnCall,
  type DebateJudgement,
  type DebateState,
  type JudgedSide,
  type Speaker,
} from "@oystar/debate-engine";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 26 §1, §3: the judge of a debate, through the real server and the debate engine, with a
// fake model server. The judge reads the sides anonymised, twice with their order swapped; its
// verdict and the users' votes move the admin's model leaderboard.

type ChatBody = { model: string; messages: Array<{ role: string; content: string }> };
/**
 * How the fake judge decides: for whichever side defends "Treno", or for whatever it reads first;
 * "contrary" scores Treno higher and writes the other side as the winner (issue 52 §1).
 */
let judging: "treno" | "first" | "contrary" = "treno";
let heard: ChatBody[] = [];
let upstream: ReturnType<typeof createServer>;
let server: Awaited<ReturnType<typeof startTestServer>>;

const isJudge = (body: ChatBody) => body.messages[0]?.content.includes("Scheda del giudizio OYSTAR") ?? false;

function judgeSays(body: ChatBody): string {
  const brief = body.messages[0]?.content ?? "";
  const side = (score: number): JudgedSide => ({
    criteria: Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, { score, motivation: "Motivazione in una frase." }]),
    ) as JudgedSide["criteria"],
    strongest: "il treno inquina meno",
    weakest: "il treno inquina meno",
  });
  const trenoFirst = brief.includes("- Lato 1 sostiene: Treno");
  const winner = judging === "first" || trenoFirst ? 1 : 2;
  const written = judging === "contrary" ? (winner === 1 ? 2 : 1) : winner;
  return formatJudgeRun({ offlineNote: null, sides: { 1: side(winner === 1 ? 8 : 5), 2: side(winner === 2 ? 8 : 5) }, verdict: written });
}

function fakeModel(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw || "{}") as ChatBody;
    if (body.messages) heard.push(body);
    const content = body.messages && isJudge(body) ? judgeSays(body) : "Il treno inquina meno. Che ne pensi?";
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

beforeAll(async () => {
  upstream = createServer(fakeModel);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
});
afterAll(async () => {
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  judging = "treno";
  heard = [];
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const send = (token: string, body: unknown) =>
  fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;

async function leaderboard(): Promise<ModelLeaderboard> {
  const { access_token } = await signInAs(server.url, "admin@oystar.test");
  const answer = await fetch(`${server.url}${API_PATHS.modelLeaderboard}`, { headers: auth(access_token) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as ModelLeaderboard;
}
const standing = (board: ModelLeaderboard, model: string) => board.models.find((row) => row.model === model && !row.offline);

const judgementOf = (state: DebateState): DebateJudgement | undefined => {
  const card = state.messages.find((message) => message.card?.kind === "judgement")?.card;
  return card?.kind === "judgement" ? card.judgement : undefined;
};

/** A whole 6-turn debate played by the debate engine over HTTP, in manual mode, to its judgement. */
async function debateThroughTheEngine(email: string, models: Record<Speaker, string>) {
  const { access_token } = await signInAs(server.url, email);
  const api = createApiClient({ baseUrl: server.url, getAccessToken: async () => access_token });
  const session = createDebateSession({ ...systemTime, ...httpDebatePorts({ api }) }, { length: 6, auto: false, models });
  const state = () => session.store.getState();
  session.start({ theses: ["Treno", "aereo"] });
  for (let turn = 1; turn < 6; turn += 1) {
    await vi.waitFor(() => expect(state().status).toBe("between"), { timeout: 5000 });
    session.next();
  }
  await vi.waitFor(() => expect(judgementOf(state())?.status).toMatch(/done|failed/), { timeout: 5000 });
  session.dispose();
  return { state: state(), debateId: state().debate?.debateId ?? "", token: access_token };
}

describe("the judge (issue 26 §1)", () => {
  test("is asked twice, the sides swapped and anonymised; its verdict moves the leaderboard", async () => {
    const { state } = await debateThroughTheEngine("base@oystar.test", { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" });
    const judged = heard.filter(isJudge);
    expect(judged).toHaveLength(2);
    for (const body of judged) {
      // The admin's judge (by default neither debater), and no model's name anywhere.
      expect(body.model).toBe("llama-3.3-70b-versatile");
      expect(body.messages.map((message) => message.content).join("\n")).not.toMatch(/gpt-oss|oystar-offline|Modello [AB]/i);
    }
    expect(judged[0]?.messages[0]?.content).toContain("- Lato 1 sostiene: Treno\n- Lato 2 sostiene: aereo");
    expect(judged[1]?.messages[0]?.content).toContain("- Lato 1 sostiene: aereo\n- Lato 2 sostiene: Treno");
    // Run 1 reads side A's turns as Lato 1, run 2 as Lato 2.
    expect(judged[0]?.messages[1]?.content).toContain("[Lato 1 · turno 1] Il treno inquina meno.");
    expect(judged[1]?.messages[1]?.content).toContain("[Lato 2 · turno 1] Il treno inquina meno.");

    expect(judgementOf(state)).toMatchObject({
      status: "done",
      scorecard: { verdict: "A", runs: ["A", "A"], agreement: "alta", offline: false, judge: "llama-3.3-70b-versatile" },
    });
    const board = await leaderboard();
    expect(standing(board, "openai/gpt-oss-20b")).toMatchObject({ rating: 1016, judge: { wins: 1, draws: 0, losses: 0 } });
    expect(standing(board, "openai/gpt-oss-120b")).toMatchObject({ rating: 984, judge: { wins: 0, draws: 0, losses: 1 } });
  });

  test("a judge whose two runs disagree gives 'Parità' with low agreement, counted as a draw", async () => {
    judging = "first";
    const { state } = await debateThroughTheEngine("pro@oystar.test", { A: "llama-3.1-8b-instant", B: "gemma-7b-it" });
    expect(judgementOf(state)).toMatchObject({ status: "done", scorecard: { verdict: "tie", runs: ["A", "B"], agreement: "bassa" } });
    const board = await leaderboard();
    for (const model of ["llama-3.1-8b-instant", "gemma-7b-it"])
      expect(standing(board, model)).toMatchObject({ rating: 1000, judge: { wins: 0, draws: 1, losses: 0 } });
  });

  test("issue 52 §1: a judge whose verdict line contradicts its scores — the scores decide, on the card and on the leaderboard", async () => {
    judging = "contrary";
    const { state } = await debateThroughTheEngine("pro@oystar.test", { A: "mixtral-8x7b-32768", B: "gemma-7b-it" });
    expect(judgementOf(state)).toMatchObject({ status: "done", scorecard: { verdict: "A", runs: ["A", "A"], agreement: "alta" } });
    const board = await leaderboard();
    expect(standing(board, "mixtral-8x7b-32768")).toMatchObject({ judge: { wins: 1, draws: 0, losses: 0 } });
    expect(standing(board, "gemma-7b-it")).toMatchObject({ judge: { wins: 0, draws: 1, losses: 1 } });
  });
});

const subject = (debateId: string) => ({
  debateId,
  mode: "debate" as const,
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: "mixtral-8x7b-32768", B: "openai/gpt-oss-20b" },
  length: 6,
  provider: "cloud" as const,
});
const history = (count: number) =>
  Array.from({ length: count }, (_, turn) => ({
    speaker: turn % 2 === 0 ? ("A" as const) : ("B" as const),
    turn,
    content: `Intervento ${turn + 1}.`,
  }));
const judgeOf = (debateId: string, run: 1 | 2, judge: "llama-3.3-70b-versatile" | "gemma-7b-it" = "llama-3.3-70b-versatile") =>
  judgeCall({ ...subject(debateId), history: history(6), judge }, run);

/** A debate of the caller's with its six turns asked. */
async function playedDebate(token: string): Promise<string> {
  const { debate_id } = (await (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(token) })).json()) as {
    debate_id: string;
  };
  for (let turn = 0; turn < 6; turn += 1)
    expect((await send(token, turnCall({ ...subject(debate_id), history: history(turn), turn }))).status).toBe(200);
  return debate_id;
}

describe("the judge's calls are calls of the debate (issue 26 §1)", () => {
  test("charged to the debate, never as questions; a foreign, unfinished, finished or misnamed call is refused before the model", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const status = async () =>
      (await (await fetch(`${server.url}/api/subscription/status`, { headers: auth(access_token) })).json()) as { queries_used: number };
    const before = await status();
    const { debate_id: fresh } = (await (
      await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(access_token) })
    ).json()) as { debate_id: string };
    // Before the debate's last turn: refused.
    const early = await send(access_token, judgeOf(fresh, 1));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Il giudice valuta solo un dibattito concluso: mancano dei turni." });

    const debateId = await playedDebate(access_token);
    heard = [];
    // Another user's debate.
    const intruder = await signInAs(server.url, "business@oystar.test");
    const foreign = await send(intruder.access_token, judgeOf(debateId, 1));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: "Dibattito non valido: avvia un nuovo dibattito." });
    // A judge other than the admin's.
    const misnamed = await send(access_token, judgeOf(debateId, 1, "gemma-7b-it"));
    expect(misnamed.status).toBe(409);
    expect(await misnamed.json()).toEqual({ error: "Il modello giudice è stato cambiato dall'amministratore: ricarica la pagina." });
    // A synthesis has no judge.
    expect((await send(access_token, { ...judgeOf(debateId, 1), mode: "synthesis" })).status).toBe(400);
    expect(heard).toEqual([]);
    expect(await turnsUsed(debateId)).toBe(6);

    for (const run of [1, 2] as const) expect((await send(access_token, judgeOf(debateId, run))).status).toBe(200);
    expect(heard.filter(isJudge)).toHaveLength(2);
    expect(await turnsUsed(debateId)).toBe(8);
    // Its replays, then the debate is over.
    for (let replay = 0; replay < 2; replay += 1) expect((await send(access_token, judgeOf(debateId, 2))).status).toBe(200);
    const finished = await send(access_token, judgeOf(debateId, 2));
    expect(finished.status).toBe(409);
    expect(await finished.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
    expect((await status()).queries_used).toBe(before.queries_used);
  });
});

describe("the user's vote (issue 26 §3)", () => {
  const feedback = (debateId: string, vote: "A" | "B" | "tie") => ({
    rating: 4,
    comment: "",
    debate_topic: "Treno contro aereo",
    timestamp: new Date().toISOString(),
    pdf_requested: false,
    debate_id: debateId,
    preferred_side: vote,
  });
  const sendFeedback = (token: string, body: unknown) =>
    fetch(`${server.url}/api/forms/debate-feedback`, {
      method: "POST",
      headers: { ...auth(token), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  const sendVote = (token: string, body: unknown) =>
    fetch(`${server.url}${API_PATHS.debateVote}`, {
      method: "POST",
      headers: { ...auth(token), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const vote = (debateId: string, side: "A" | "B" | "tie") => ({ debate_id: debateId, preferred_side: side });

  test("moves the leaderboard on the debates' own route, once per finished debate of the voter's (issue 53 §2)", async () => {
    const { access_token } = await signInAs(server.url, "enterprise@oystar.test");
    const debateId = await playedDebate(access_token);
    const before = standing(await leaderboard(), "mixtral-8x7b-32768");
    const answer = await sendVote(access_token, vote(debateId, "A"));
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true });
    const after = standing(await leaderboard(), "mixtral-8x7b-32768");
    expect(after?.votes.wins).toBe((before?.votes.wins ?? 0) + 1);
    expect(after?.rating).toBeGreaterThan(before?.rating ?? 1000);

    const again = await sendVote(access_token, vote(debateId, "B"));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Hai già votato questo dibattito." });
    const intruder = await signInAs(server.url, "business@oystar.test");
    expect((await sendVote(intruder.access_token, vote(debateId, "B"))).status).toBe(403);
    const { debate_id: unplayed } = (await (
      await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(access_token) })
    ).json()) as { debate_id: string };
    const early = await sendVote(access_token, vote(unplayed, "B"));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Si può votare solo un dibattito concluso." });
    expect(standing(await leaderboard(), "mixtral-8x7b-32768")).toEqual(after);
    // A vote needs its debate and a side.
    const noDebate = await sendVote(access_token, { preferred_side: "A" });
    expect(noDebate.status).toBe(400);
    expect(await noDebate.json()).toMatchObject({ field: "debate_id" });
    const noSide = await sendVote(access_token, { debate_id: debateId, preferred_side: "C" });
    expect(noSide.status).toBe(400);
    expect(await noSide.json()).toEqual({ error: "Scegli Lato A, Lato B o Parità", field: "preferred_side" });
    expect(
      (await fetch(`${server.url}${API_PATHS.debateVote}`, { method: "POST", body: JSON.stringify(vote(debateId, "A")) })).status,
    ).toBe(401);
  });

  test("a vote sent with the feedback, as debate-engine 0.2.0 sends it, is stored with it and counts once", async () => {
    const { access_token } = await signInAs(server.url, "enterprise@oystar.test");
    const debateId = await playedDebate(access_token);
    const before = standing(await leaderboard(), "mixtral-8x7b-32768");
    const answer = await sendFeedback(access_token, feedback(debateId, "A"));
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    const [stored] = await server.db.query<{ fields: Record<string, unknown> }>("SELECT fields FROM form_submissions WHERE id = $1", [id]);
    expect(stored?.fields).toMatchObject({ preferred_side: "A", debate_id: debateId });
    const after = standing(await leaderboard(), "mixtral-8x7b-32768");
    expect(after?.votes.wins).toBe((before?.votes.wins ?? 0) + 1);

    // One vote a debate, whichever road it came by.
    const again = await sendFeedback(access_token, feedback(debateId, "B"));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Hai già votato questo dibattito." });
    expect((await sendVote(access_token, vote(debateId, "B"))).status).toBe(409);
    expect(standing(await leaderboard(), "mixtral-8x7b-32768")).toEqual(after);
    // A vote needs its debate; feedback without a vote is as before.
    expect((await sendFeedback(access_token, { ...feedback(debateId, "A"), debate_id: undefined })).status).toBe(400);
    expect((await sendFeedback(access_token, { ...feedback(debateId, "A"), preferred_side: undefined })).status).toBe(201);
  });

  test("only the admin sees the leaderboard", async () => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    const answer = await fetch(`${server.url}${API_PATHS.modelLeaderboard}`, { headers: auth(access_token) });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: "Solo l'amministratore può vedere la classifica dei modelli." });
  });
});
