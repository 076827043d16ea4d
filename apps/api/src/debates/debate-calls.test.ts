import { API_PATHS, readModelStream, type DebateCall, type Intervention, type ModelLeaderboard } from "@oystar/api-client";
import { analysisCall, debatePrompt, judgeCall, parseJudgeRun, turnCall, type DebateMode } from "@oystar/debate-engine";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { accountsChanged } from "../accounts/accounts";

// DESIGN.md §4: a debate is one unit of quota, and its id carries only the calls the debate
// engine makes — structured calls the server validates and builds the model's messages from.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
});
afterAll(() => server.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const status = async (token: string) =>
  (await (await fetch(`${server.url}/api/subscription/status`, { headers: auth(token) })).json()) as {
    queries_used: number;
    debates_used: number;
  };
const startDebate = async (token: string): Promise<{ debate_id: string }> =>
  (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(token) })).json();

const history = (count: number): Intervention[] =>
  Array.from({ length: count }, (_, turn) => ({
    speaker: turn % 2 === 0 ? "A" : "B",
    turn,
    content: `Intervento ${turn + 1}: il treno inquina meno.`,
  }));

/** Turn `turn` of a debate about trains and planes, as the debate engine sends it. */
const turn = (debateId: string, number: number, { length = 6, mode = "debate" as DebateMode } = {}) =>
  turnCall({
    debateId,
    mode,
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    models: { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" },
    length,
    provider: "cloud",
    history: history(number),
    turn: number,
  });
/** The analysis closing a synthesis of `length` turns. */
const analysis = (debateId: string, length = 6) =>
  analysisCall({
    debateId,
    mode: "synthesis",
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    models: { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" },
    length,
    provider: "cloud",
    history: history(length),
  });
/** One run of the judge of a debate of `length` turns, as the engine sends it. */
const judgement = (debateId: string, run: 1 | 2, { length = 6, judge = "llama-3.3-70b-versatile" as const } = {}) =>
  judgeCall(
    {
      debateId,
      mode: "debate",
      topic: "Treno contro aereo",
      options: { A: "Treno", B: "aereo" },
      models: { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" },
      length,
      provider: "cloud",
      history: history(length),
      judge,
    },
    run,
  );

const send = (token: string, body: unknown) =>
  fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
async function reply(response: Response): Promise<string> {
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  return text;
}
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;

describe("a debate is one unit of quota (DESIGN.md §4)", () => {
  test("its calls cost no questions; the offline model argues in character", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const before = await status(access_token);
    const { debate_id } = await startDebate(access_token);
    for (let number = 0; number < 6; number += 1) {
      const answer = await send(access_token, turn(debate_id, number));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await reply(answer)).toContain(`Turno ${number + 1} di 6`);
    }
    const after = await status(access_token);
    expect(after.queries_used).toBe(before.queries_used);
    expect(after.debates_used).toBe(before.debates_used + 1);
    expect(await turnsUsed(debate_id)).toBe(6);
  });

  test("a made-up, malformed or another user's debate id is refused, and costs nothing", async () => {
    const owner = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(owner.access_token);
    const intruder = await signInAs(server.url, "business@oystar.test");
    const before = await status(intruder.access_token);
    for (const id of [debate_id, "00000000-0000-4000-8000-000000000000"]) {
      const answer = await send(intruder.access_token, turn(id, 0));
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: "Dibattito non valido: avvia un nuovo dibattito." });
    }
    const malformed = await send(intruder.access_token, turn("42", 0));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Dibattito sconosciuto" });
    expect(await status(intruder.access_token)).toEqual(before);
    expect(await turnsUsed(debate_id)).toBe(0);
  });

  test("a debate with all its calls made, or started long ago, is over", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let number = 0; number < 6; number += 1) expect((await send(access_token, turn(debate_id, number))).status).toBe(200);
    // A turn cut off mid-answer may be asked again ('Prossimo' replays it), twice per debate…
    for (let replay = 0; replay < 2; replay += 1) expect((await send(access_token, turn(debate_id, 5))).status).toBe(200);
    // …then the judge's two runs (issue 26 §1)…
    for (const run of [1, 2] as const) expect((await send(access_token, judgement(debate_id, run))).status).toBe(200);
    // …and nothing more: the debate made its six turns, two replays and two judge runs.
    const over = await send(access_token, judgement(debate_id, 2));
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
    // No turn after the judge either.
    expect((await send(access_token, turn(debate_id, 5))).status).toBe(409);
    expect(await turnsUsed(debate_id)).toBe(6 + 2 + 2);
    const old = await startDebate(access_token);
    await server.db.query("UPDATE debates SET created_at = now() - interval '7 hours' WHERE id = $1", [old.debate_id]);
    const late = await send(access_token, turn(old.debate_id, 0));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
  });

  test("calls come in the debate's order: a turn already passed is refused", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (const number of [0, 1, 2]) expect((await send(access_token, turn(debate_id, number))).status).toBe(200);
    const back = await send(access_token, turn(debate_id, 1));
    expect(back.status).toBe(409);
    expect(await back.json()).toEqual({ error: "Questo turno del dibattito è già stato superato: avviane uno nuovo." });
    expect(await turnsUsed(debate_id)).toBe(3);
  });

  test("the first call fixes the debate's length, mode and models; a call that does not match is refused", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    expect((await send(access_token, turn(debate_id, 0, { length: 6 }))).status).toBe(200);
    const otherModels = { ...turn(debate_id, 1), models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-120b" } };
    for (const mismatch of [turn(debate_id, 1, { length: 200 }), turn(debate_id, 1, { length: 6, mode: "challenge" }), otherModels]) {
      const answer = await send(access_token, mismatch);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({
        error: "La richiesta non corrisponde al dibattito avviato (durata, modalità o modelli diversi): avviane uno nuovo.",
      });
    }
    expect(await turnsUsed(debate_id)).toBe(1);
    expect((await send(access_token, turn(debate_id, 1, { length: 6 }))).status).toBe(200);
  });

  test("a synthesis pays for its hidden debate and its analysis, nothing more", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let number = 0; number < 6; number += 1)
      expect((await send(access_token, turn(debate_id, number, { mode: "synthesis" }))).status).toBe(200);
    const closing = await send(access_token, analysis(debate_id));
    expect(closing.status).toBe(200);
    expect(await reply(closing)).toContain("## Introduzione");
    // Its two replays, then nothing: no turn after the analysis either.
    for (let replay = 0; replay < 2; replay += 1) expect((await send(access_token, analysis(debate_id))).status).toBe(200);
    expect((await send(access_token, analysis(debate_id))).status).toBe(409);
    expect((await send(access_token, turn(debate_id, 5, { mode: "synthesis" }))).status).toBe(409);
  });

  test("parallel calls cannot pass the debate's limit", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let number = 0; number < 3; number += 1) expect((await send(access_token, turn(debate_id, number))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(access_token, turn(debate_id, 3))));
    // Three turns left, and the two replays a debate may make (the judge's runs are not turns').
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
  });

  test("the offline judge says what it is, scores nothing, names no winner, and moves no leaderboard", async () => {
    const admin = await signInAs(server.url, "admin@oystar.test");
    const judged = async () => {
      const board = (await (
        await fetch(`${server.url}/api/admin/model-leaderboard`, { headers: auth(admin.access_token) })
      ).json()) as ModelLeaderboard;
      // Argued by the offline model in these models' names: never counted as theirs.
      expect(board.models.filter((row) => !row.offline)).toEqual([]);
      return Object.fromEntries(board.models.map((row) => [row.model, row.judge.wins + row.judge.draws + row.judge.losses]));
    };
    const before = await judged();
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    for (let number = 0; number < 6; number += 1) expect((await send(access_token, turn(debate_id, number))).status).toBe(200);
    const runs = [];
    for (const run of [1, 2] as const) runs.push(parseJudgeRun(await reply(await send(access_token, judgement(debate_id, run)))));
    for (const report of runs) {
      expect(report.offlineNote).toMatch(/^Modello dimostrativo offline: /);
      expect(report.sides[1].criteria.logica).toEqual({ score: null, motivation: "Non valutabile senza un modello linguistico." });
      expect(report.sides[2].criteria.persuasivita.score).toBeNull();
      // Issue 52 §1: no score on any criterion, offline.
      for (const lato of [1, 2] as const)
        expect(Object.values(report.sides[lato].criteria).map((criterion) => criterion.score)).toEqual([null, null, null, null]);
      // Issue 36 §1: a word-overlap measure decides nothing — no verdict, so nothing to count.
      expect(report.verdict).toBeNull();
    }
    const after = await judged();
    for (const model of ["openai/gpt-oss-120b", "openai/gpt-oss-20b"]) expect(after[model] ?? 0).toBe(before[model] ?? 0);
  });

  test("a Base user at 30/30 cannot start another debate (429)", async () => {
    const { access_token } = await signInAs(server.url, "base.esaurito@esempio.it");
    await status(access_token);
    await server.db.query("UPDATE users SET plan = 'base' WHERE email = 'base.esaurito@esempio.it'");
    accountsChanged(server.db);
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push((await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(access_token) })).status);
    expect(answers.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe("only the engine's own calls ride on a debate id (issue 22 §1)", () => {
  /** Valid calls, each bent one way the engine never sends. */
  const impostors = (debateId: string): Array<[string, unknown]> => {
    const valid = turn(debateId, 3);
    return [
      ["a chat request", { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Scrivi uno scraper in Python." }] }],
      ["messages beside the call", { ...valid, messages: [{ role: "user", content: "Scrivi uno scraper in Python." }] }],
      ["a turn past the debate's end", { ...turn(debateId, 5), turn: 6 }],
      ["a length off the slider", { ...valid, length: 5000 }],
      ["more interventions than the prompt quotes", { ...turn(debateId, 8, { length: 20 }), history: history(8) }],
      ["an intervention longer than a reply", { ...valid, history: [{ speaker: "A", turn: 2, content: "x".repeat(2001) }] }],
      ["an intervention from the future", { ...valid, history: [{ speaker: "B", turn: 3, content: "…" }] }],
      ["an intervention in the wrong side's turn", { ...valid, history: [{ speaker: "B", turn: 2, content: "…" }] }],
      ["an option longer than a thesis can make", { ...valid, options: { A: "x".repeat(1101), B: "aereo" } }],
      ["a model the product does not list", { ...valid, models: { A: "anthropic/claude-opus-4-very-expensive", B: "openai/gpt-oss-20b" } }],
      ["a sampling field", { ...valid, max_tokens: 8000 }],
      ["an analysis in a debate", { ...analysis(debateId), mode: "debate" }],
      ["a NUL in the topic", { ...valid, topic: "Treno\u0000aereo" }],
    ];
  };

  test("anything else is a 400, charges nothing and leaves the debate whole", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const { debate_id } = await startDebate(access_token);
    expect((await send(access_token, turn(debate_id, 0))).status).toBe(200);
    const before = await status(access_token);
    for (const [name, body] of impostors(debate_id)) {
      const answer = await send(access_token, body);
      expect(answer.status, name).toBe(400);
      expect(typeof (await answer.json()).error, name).toBe("string");
    }
    expect(await status(access_token)).toEqual(before);
    expect(await turnsUsed(debate_id)).toBe(1);
  });

  test("a debate's id on the chat gateway is refused (a page from before asks to be reloaded)", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const { debate_id } = await startDebate(access_token);
    const before = await status(access_token);
    const prompt = debatePrompt(turn(debate_id, 0) as DebateCall);
    const answer = await fetch(`${server.url}/groq/chat/completions`, {
      method: "POST",
      headers: { ...auth(access_token), "Content-Type": "application/json", "X-Debate-Id": debate_id },
      body: JSON.stringify({ ...prompt, model: "openai/gpt-oss-20b" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "Il dibattito è stato aggiornato: ricarica la pagina per continuare." });
    expect(await status(access_token)).toEqual(before);
  });
});
