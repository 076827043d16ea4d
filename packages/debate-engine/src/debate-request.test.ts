import { chatCompletionRequestSchema, debateCallSchema, type Intervention } from "@oystar/api-client";
import { expect, test } from "vitest";
import { analysisCall, debatePrompt, turnCall } from "./debate-request";
import { FOLLOW_UP_STYLES, OPENING_INSTRUCTION } from "./prompts";

const history = (count: number): Intervention[] =>
  Array.from({ length: count }, (_, turn) => ({
    speaker: turn % 2 === 0 ? "A" : "B",
    turn,
    content: `Intervento ${turn}: ${"argomento ".repeat(30)}fine.`,
  }));

type TurnFacts = Parameters<typeof turnCall>[0];
const facts = (overrides: Partial<TurnFacts> = {}): TurnFacts => ({
  debateId: "5c7f0d4e-2a8b-4c1e-9f3a-6b2d8e1c0a47",
  mode: "debate",
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
  length: 20,
  provider: "cloud",
  history: [],
  turn: 0,
  ...overrides,
});
/** A turn's prompt, as the server builds it from the engine's call. */
const buildTurnRequest = (overrides: Partial<TurnFacts> = {}) => debatePrompt(turnCall(facts(overrides)));

const system = (request: ReturnType<typeof buildTurnRequest>) => request.messages[0]?.content ?? "";
const user = (request: ReturnType<typeof buildTurnRequest>) => request.messages[1]?.content ?? "";

test("each phase has its own prompt for A (affirms) and B (negates), with topic and options filled in", () => {
  const prompts = new Set<string>();
  for (const turn of [0, 1, 6, 7, 13, 14]) {
    const text = system(buildTurnRequest({ turn, history: history(turn) }));
    prompts.add(text.split("\n")[0] ?? "");
    expect(text).not.toMatch(/\{topic\}|\{ownOption\}|\{otherOption\}/);
    expect(text).toContain("«Treno contro aereo»");
  }
  expect(prompts.size).toBe(6);
  const a = system(buildTurnRequest({ turn: 0 }));
  const b = system(buildTurnRequest({ turn: 1, history: history(1) }));
  expect(a).toContain("Sostieni con decisione la prima opzione: «Treno»");
  expect(a).toContain("contesta l'opzione «aereo»");
  expect(b).toContain("Sostieni con decisione la seconda opzione: «aereo»");
  expect(b).toContain("nega la tesi «Treno»");
});

test("the prompts carry the rules: 800 characters at most, a question or a proposal at the end, no emoticons", () => {
  const text = system(buildTurnRequest());
  expect(text).toContain("al massimo 800 caratteri");
  expect(text).toContain("termina con una domanda o con una proposta");
  expect(text).toContain("non usare emoticon");
});

test("presets follow the phase, and the request is one the gateway accepts", () => {
  const at = (turn: number) => buildTurnRequest({ turn, history: history(turn) });
  expect(at(0)).toMatchObject({ temperature: 0.8, top_p: 0.9, max_tokens: 1000, stream: true, model: "openai/gpt-oss-120b" });
  expect(at(6)).toMatchObject({ temperature: 0.7, top_p: 0.8, max_tokens: 1000 });
  expect(at(13)).toMatchObject({ temperature: 0.9, top_p: 0.9, max_tokens: 1000 });
  expect(chatCompletionRequestSchema.safeParse(at(13)).success).toBe(true);
});

test("context: last 5 interventions on cloud, 10 otherwise; the latest whole, earlier ones cut to 100 characters", () => {
  const quoted = (text: string) => text.split("\n").filter((line) => line.startsWith("[Modello"));
  const cloud = quoted(user(buildTurnRequest({ turn: 12, history: history(12) })));
  expect(cloud).toHaveLength(5);
  expect(cloud[0]).toMatch(/^\[Modello B · turno 8\] Intervento 7: /);
  expect(cloud[0]).toHaveLength("[Modello B · turno 8] ".length + 100);
  expect(cloud[0]?.endsWith("…")).toBe(true);
  expect(cloud[4]).toContain("fine.");
  const local = quoted(user(buildTurnRequest({ turn: 12, history: history(12), provider: "local" })));
  expect(local).toHaveLength(10);
  // spec 001 §9: the background synthesis debate keeps 200 characters.
  const synthesis = quoted(user(buildTurnRequest({ mode: "synthesis", turn: 12, history: history(12) })));
  expect(synthesis[0]).toHaveLength("[Modello B · turno 8] ".length + 200);
});

test("the first turn opens; later turns rotate through eight follow-up styles by turn number", () => {
  expect(user(buildTurnRequest())).toBe(OPENING_INSTRUCTION);
  const styles = Array.from({ length: 16 }, (_, index) => {
    const text = user(buildTurnRequest({ turn: index + 1, history: history(index + 1), length: 40 }));
    return FOLLOW_UP_STYLES.findIndex((style) => text.endsWith(style));
  });
  expect(styles).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0]);
});

test("the calls the engine makes are the ones the server accepts", () => {
  for (const turn of [0, 1, 7, 19]) {
    for (const provider of ["cloud", "local"] as const) {
      const call = turnCall(facts({ turn, provider, history: history(turn) }));
      expect(debateCallSchema.safeParse(call).success).toBe(true);
      // spec 001 §9: only the interventions the prompt quotes travel.
      expect(call.history.map((item) => item.turn)).toEqual(
        history(turn)
          .slice(provider === "cloud" ? -5 : -10)
          .map((item) => item.turn),
      );
    }
  }
  const closing = analysisCall({ ...facts({ mode: "synthesis", length: 6 }), history: history(6) });
  expect(debateCallSchema.safeParse(closing).success).toBe(true);
  // spec 001 §4: the last third.
  expect(closing.history.map((item) => item.turn)).toEqual([4, 5]);
});

test("a reply longer than the contract's limit (a note added to it) is quoted cut to the limit", () => {
  const long = [{ speaker: "A" as const, turn: 0, content: "parola ".repeat(400) }];
  const call = turnCall(facts({ turn: 1, history: long }));
  expect(call.history[0]?.content.length).toBe(2000);
  expect(debateCallSchema.safeParse(call).success).toBe(true);
});

test("an analysis quotes the last third of the debate, with room for its five sections", () => {
  const request = debatePrompt(analysisCall({ ...facts({ mode: "synthesis", length: 6 }), history: history(6) }));
  expect(request).toMatchObject({ model: "openai/gpt-oss-120b", max_tokens: 3000 });
  expect(request.messages[1]?.content.split("\n").filter((line) => line.startsWith("[Modello"))).toHaveLength(2);
  expect(request.messages[0]?.content).toContain("## Sintesi 1: <titolo>");
});
