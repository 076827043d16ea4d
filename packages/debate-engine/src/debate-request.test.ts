import { chatCompletionRequestSchema } from "@oystar/api-client";
import { expect, test } from "vitest";
import { buildAnalysisRequest, buildTurnRequest, readDebateRequest, type Intervention, type TurnRequestInput } from "./debate-request";
import { FOLLOW_UP_STYLES, OPENING_INSTRUCTION } from "./prompts";

const history = (count: number): Intervention[] =>
  Array.from({ length: count }, (_, turn) => ({ speaker: turn % 2 === 0 ? "A" : "B", turn, content: `Intervento ${turn}: ${"argomento ".repeat(30)}fine.` }));

const turnInput = (overrides: Partial<TurnRequestInput> = {}): TurnRequestInput => ({
  mode: "debate",
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  turn: 0,
  length: 20,
  history: [],
  model: "openai/gpt-oss-120b",
  provider: "cloud",
  ...overrides,
});

const system = (request: ReturnType<typeof buildTurnRequest>) => request.messages[0]?.content ?? "";
const user = (request: ReturnType<typeof buildTurnRequest>) => request.messages[1]?.content ?? "";

test("each phase has its own prompt for A (affirms) and B (negates), with topic and options filled in", () => {
  const prompts = new Set<string>();
  for (const turn of [0, 1, 6, 7, 13, 14]) {
    const text = system(buildTurnRequest(turnInput({ turn, history: history(turn) })));
    prompts.add(text.split("\n")[0] ?? "");
    expect(text).not.toMatch(/\{topic\}|\{ownOption\}|\{otherOption\}/);
    expect(text).toContain("«Treno contro aereo»");
  }
  expect(prompts.size).toBe(6);
  const a = system(buildTurnRequest(turnInput({ turn: 0 })));
  const b = system(buildTurnRequest(turnInput({ turn: 1, history: history(1) })));
  expect(a).toContain("Sostieni con decisione la prima opzione: «Treno»");
  expect(a).toContain("contesta l'opzione «aereo»");
  expect(b).toContain("Sostieni con decisione la seconda opzione: «aereo»");
  expect(b).toContain("nega la tesi «Treno»");
});

test("the prompts carry the rules: 800 characters at most, a question or a proposal at the end, no emoticons", () => {
  const text = system(buildTurnRequest(turnInput()));
  expect(text).toContain("al massimo 800 caratteri");
  expect(text).toContain("termina con una domanda o con una proposta");
  expect(text).toContain("non usare emoticon");
});

test("presets follow the phase, and the request is one the gateway accepts", () => {
  const at = (turn: number) => buildTurnRequest(turnInput({ turn, history: history(turn) }));
  expect(at(0)).toMatchObject({ temperature: 0.8, top_p: 0.9, max_tokens: 1000, stream: true, model: "openai/gpt-oss-120b" });
  expect(at(6)).toMatchObject({ temperature: 0.7, top_p: 0.8, max_tokens: 1000 });
  expect(at(13)).toMatchObject({ temperature: 0.9, top_p: 0.9, max_tokens: 1000 });
  expect(chatCompletionRequestSchema.safeParse(at(13)).success).toBe(true);
});

test("context: last 5 interventions on cloud, 10 otherwise; the latest whole, earlier ones cut to 100 characters", () => {
  const quoted = (text: string) => text.split("\n").filter((line) => line.startsWith("[Modello"));
  const cloud = quoted(user(buildTurnRequest(turnInput({ turn: 12, history: history(12) }))));
  expect(cloud).toHaveLength(5);
  expect(cloud[0]).toMatch(/^\[Modello B · turno 8\] Intervento 7: /);
  expect(cloud[0]).toHaveLength("[Modello B · turno 8] ".length + 100);
  expect(cloud[0]?.endsWith("…")).toBe(true);
  expect(cloud[4]).toContain("fine.");
  const local = quoted(user(buildTurnRequest(turnInput({ turn: 12, history: history(12), provider: "local" }))));
  expect(local).toHaveLength(10);
  // spec 001 §9: the background synthesis debate keeps 200 characters.
  const synthesis = quoted(user(buildTurnRequest(turnInput({ mode: "synthesis", turn: 12, history: history(12) }))));
  expect(synthesis[0]).toHaveLength("[Modello B · turno 8] ".length + 200);
});

test("the first turn opens; later turns rotate through eight follow-up styles by turn number", () => {
  expect(user(buildTurnRequest(turnInput()))).toBe(OPENING_INSTRUCTION);
  const styles = Array.from({ length: 16 }, (_, index) => {
    const text = user(buildTurnRequest(turnInput({ turn: index + 1, history: history(index + 1), length: 40 })));
    return FOLLOW_UP_STYLES.findIndex((style) => text.endsWith(style));
  });
  expect(styles).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0]);
});

test("the server reads a turn request back exactly as the client wrote it", () => {
  const request = buildTurnRequest(turnInput({ mode: "challenge", topic: "Il nucleare «salva» il clima", options: { A: "Il nucleare", B: "Non è vero che il nucleare" }, turn: 7, history: history(7) }));
  expect(readDebateRequest(request.messages)).toEqual({
    kind: "turn",
    mode: "challenge",
    topic: "Il nucleare «salva» il clima",
    ownOption: "Non è vero che il nucleare",
    otherOption: "Il nucleare",
    phase: "riflessione",
    turn: 7,
    length: 20,
    speaker: "B",
    context: history(7)
      .slice(-5)
      .map((item, index) => ({ ...item, content: index === 4 ? item.content.replace(/\s+/g, " ") : `${item.content.slice(0, 99).trimEnd()}…` })),
  });
});

test("an analysis request quotes the last third of the debate and is read back", () => {
  const request = buildAnalysisRequest({ topic: "Treno contro aereo", options: { A: "Treno", B: "aereo" }, length: 6, history: history(6), model: "openai/gpt-oss-120b" });
  expect(request.max_tokens).toBe(3000);
  expect(readDebateRequest(request.messages)).toEqual({
    kind: "analysis",
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    length: 6,
    transcript: history(6)
      .slice(4)
      .map((item) => ({ ...item, content: item.content.replace(/\s+/g, " ") })),
  });
  expect(request.messages[0]?.content).toContain("## Sintesi 1: <titolo>");
});

test("anything else is not a debate request", () => {
  expect(readDebateRequest([{ role: "user", content: "Qual è la capitale d'Italia?" }])).toBeNull();
  expect(readDebateRequest([{ role: "system", content: "Scheda del dibattito OYSTAR\n- Tema: x" }, { role: "user", content: "ciao" }])).toBeNull();
});
