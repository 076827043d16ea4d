import { buildAnalysisRequest, buildTurnRequest, type DebateMode, type Intervention } from "@oystar/debate-engine";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { forgetRecentAccounts } from "../accounts/accounts";
import { signInAs } from "../../test-support/sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
});
afterAll(() => server.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const status = async (token: string) =>
  (await (await fetch(`${server.url}/api/subscription/status`, { headers: auth(token) })).json()) as { queries_used: number; debates_used: number };
const startDebate = async (token: string) => (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(token) })).json();

/** Turn `turn` of a debate about trains and planes, as the debate engine writes it. */
const turnRequest = (turn: number, { length = 6, mode = "debate" as DebateMode } = {}) => {
  const request = buildTurnRequest({
    mode,
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    turn,
    length,
    history: [],
    model: "openai/gpt-oss-20b",
    provider: "cloud",
  });
  return { ...request, stream: false };
};
/** The analysis closing a synthesis of `length` turns. */
const analysisRequest = (length = 6) => {
  const history: Intervention[] = Array.from({ length }, (_, turn) => ({ speaker: turn % 2 === 0 ? "A" : "B", turn, content: `Intervento ${turn + 1}.` }));
  return { ...buildAnalysisRequest({ topic: "Treno contro aereo", options: { A: "Treno", B: "aereo" }, length, history, model: "openai/gpt-oss-120b" }), stream: false };
};
const chatQuestion = { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Scrivimi una poesia sul mare." }], stream: false };
const ask = (token: string, debateId: string | null, body: unknown) =>
  fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json", ...(debateId ? { "X-Debate-Id": debateId } : {}) },
    body: JSON.stringify(body),
  });
const askTurn = (token: string, debateId: string | null, turn = 0, options?: Parameters<typeof turnRequest>[1]) => ask(token, debateId, turnRequest(turn, options));
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;

describe("a debate is one unit of quota (DESIGN.md §4)", () => {
  test("its turns, sent with its id, cost no questions; the offline model argues in character", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const before = await status(access_token);
    const { debate_id } = await startDebate(access_token);
    for (let turn = 0; turn < 6; turn += 1) {
      const answer = await askTurn(access_token, debate_id, turn);
      expect(answer.status).toBe(200);
      const reply = (await answer.json()).choices[0].message.content as string;
      expect(reply).toContain(`Turno ${turn + 1} di 6`);
    }
    const after = await status(access_token);
    expect(after.queries_used).toBe(before.queries_used);
    expect(after.debates_used).toBe(before.debates_used + 1);
    const [row] = await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debate_id]);
    expect(row?.turns_used).toBe(6);
  });

  test("a made-up, malformed or another user's debate id is refused, and costs nothing", async () => {
    const owner = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(owner.access_token);
    const intruder = await signInAs(server.url, "business@oystar.test");
    const before = await status(intruder.access_token);
    for (const id of [debate_id, "00000000-0000-4000-8000-000000000000", "42"]) {
      const answer = await askTurn(intruder.access_token, id);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: "Dibattito non valido: avvia un nuovo dibattito." });
    }
    expect(await status(intruder.access_token)).toEqual(before);
  });

  test("a debate with all its turns played, or started long ago, is over", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let turn = 0; turn < 6; turn += 1) expect((await askTurn(access_token, debate_id, turn)).status).toBe(200);
    // Two turns cut off mid-answer may be asked again ('Prossimo' replays them)…
    for (const turn of [4, 5]) expect((await askTurn(access_token, debate_id, turn)).status).toBe(200);
    // …and nothing more: the debate made its six calls and its two replays.
    for (const turn of [5, 0, 3]) {
      const answer = await askTurn(access_token, debate_id, turn);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
    }
    expect(await turnsUsed(debate_id)).toBe(6 + 2);
    const old = await startDebate(access_token);
    await server.db.query("UPDATE debates SET created_at = now() - interval '7 hours' WHERE id = $1", [old.debate_id]);
    const answer = await askTurn(access_token, old.debate_id);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
  });

  test("a chat question sent with a debate id is refused, costs nothing and leaves the debate whole", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const { debate_id } = await startDebate(access_token);
    const before = await status(access_token);
    const impostors = [
      chatQuestion,
      // A brief that does not hold: a turn past the debate's end, a length off the slider.
      turnRequest(6, { length: 6 }),
      // A turn asking more of the model than a turn does.
      { ...turnRequest(0), max_tokens: 8000 },
      { ...turnRequest(0), reasoning_effort: "high", include_reasoning: true },
      { ...turnRequest(0), messages: turnRequest(0).messages.map((message) => ({ ...message, content: message.content.replace("- Turno: 1 di 6", "- Turno: 1 di 5000") })) },
    ];
    for (const body of impostors) {
      const answer = await ask(access_token, debate_id, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "Questa richiesta non è un intervento del dibattito: le domande libere si fanno nella chat." });
    }
    expect(await status(access_token)).toEqual(before);
    expect(await turnsUsed(debate_id)).toBe(0);
    expect((await askTurn(access_token, debate_id, 0)).status).toBe(200);
  });

  test("the first call fixes the debate's length and mode; a call that does not match is refused", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    expect((await askTurn(access_token, debate_id, 0, { length: 6 })).status).toBe(200);
    for (const mismatch of [
      turnRequest(1, { length: 200 }),
      turnRequest(1, { length: 6, mode: "challenge" }),
      // Only a synthesis ends with an analysis.
      analysisRequest(6),
    ]) {
      const answer = await ask(access_token, debate_id, mismatch);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ error: "La richiesta non corrisponde al dibattito avviato (durata o modalità diverse): avviane uno nuovo." });
    }
    expect(await turnsUsed(debate_id)).toBe(1);
    expect((await askTurn(access_token, debate_id, 1, { length: 6 })).status).toBe(200);
  });

  test("a synthesis pays for its hidden debate and its analysis, nothing more", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let turn = 0; turn < 6; turn += 1) expect((await askTurn(access_token, debate_id, turn, { mode: "synthesis" })).status).toBe(200);
    const analysis = await ask(access_token, debate_id, analysisRequest(6));
    expect(analysis.status).toBe(200);
    expect((await analysis.json()).choices[0].message.content).toContain("## Introduzione");
    // Its two replays, then nothing.
    for (let replay = 0; replay < 2; replay += 1) expect((await ask(access_token, debate_id, analysisRequest(6))).status).toBe(200);
    expect((await ask(access_token, debate_id, analysisRequest(6))).status).toBe(409);
    expect((await askTurn(access_token, debate_id, 5, { mode: "synthesis" })).status).toBe(409);
  });

  test("parallel turns cannot pass the debate's limit", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let turn = 0; turn < 3; turn += 1) expect((await askTurn(access_token, debate_id, turn)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => askTurn(access_token, debate_id, 3 + (index % 3))));
    // Three turns left, and the two replays a debate may make.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
  });

  test("a Base user at 30/30 cannot start another debate (429)", async () => {
    const { access_token } = await signInAs(server.url, "base.esaurito@esempio.it");
    await status(access_token);
    await server.db.query("UPDATE users SET plan = 'base' WHERE email = 'base.esaurito@esempio.it'");
    forgetRecentAccounts(server.db);
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(access_token) })).status);
    expect(answers.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
