import { buildTurnRequest } from "@oystar/debate-engine";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { forgetRecentAccounts } from "../accounts/accounts";
import { signInAs } from "../../test-support/sign-in";
import { MODEL_CALLS_PER_DEBATE } from "./model-call-charge";

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
const turnRequest = (turn: number) => {
  const request = buildTurnRequest({
    mode: "debate",
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    turn,
    length: 6,
    history: [],
    model: "openai/gpt-oss-20b",
    provider: "cloud",
  });
  return { ...request, stream: false };
};
const askTurn = (token: string, debateId: string | null, turn = 0) =>
  fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json", ...(debateId ? { "X-Debate-Id": debateId } : {}) },
    body: JSON.stringify(turnRequest(turn)),
  });

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

  test("a debate with no turns left, or started long ago, is over", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const used = await startDebate(access_token);
    await server.db.query("UPDATE debates SET turns_used = $2 WHERE id = $1", [used.debate_id, MODEL_CALLS_PER_DEBATE]);
    expect((await askTurn(access_token, used.debate_id)).status).toBe(409);
    const old = await startDebate(access_token);
    await server.db.query("UPDATE debates SET created_at = now() - interval '7 hours' WHERE id = $1", [old.debate_id]);
    const answer = await askTurn(access_token, old.debate_id);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: "Il dibattito è concluso: avviane uno nuovo." });
  });

  test("parallel turns cannot pass the debate's limit", async () => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const { debate_id } = await startDebate(access_token);
    await server.db.query("UPDATE debates SET turns_used = $2 WHERE id = $1", [debate_id, MODEL_CALLS_PER_DEBATE - 3]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => askTurn(access_token, debate_id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
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
