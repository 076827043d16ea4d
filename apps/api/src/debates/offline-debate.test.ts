import { OFFLINE_MODEL } from "@oystar/api-client";
import {
  analysisCall,
  createDebateSession,
  parseSynthesisAnalysis,
  turnCall,
  type DebatePorts,
  type Intervention,
} from "@oystar/debate-engine";
import { expect, test } from "vitest";
import { composeOfflineDebateReply } from "./offline-debate";

const subject = {
  debateId: "00000000-0000-4000-8000-000000000001",
  mode: "debate" as const,
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: OFFLINE_MODEL, B: OFFLINE_MODEL },
  provider: "cloud" as const,
};

/** A whole debate of `length` turns answered by the offline model, through the engine's calls. */
function offlineDebate(length: number, options: { A: string; B: string } = subject.options) {
  const history: Intervention[] = [];
  for (let turn = 0; turn < length; turn += 1) {
    const reply = composeOfflineDebateReply(turnCall({ ...subject, options, turn, length, history }));
    history.push({ speaker: turn % 2 === 0 ? "A" : "B", turn, content: reply });
  }
  return history;
}

test("each turn argues its side in Italian, within 800 characters, ending with a question or a proposal, without emoticons", () => {
  const debate = offlineDebate(20);
  for (const { content } of debate) {
    expect(content.length).toBeLessThanOrEqual(800);
    expect(content.trimEnd().endsWith("?")).toBe(true);
    expect(content).not.toMatch(/\p{Extended_Pictographic}/u);
  }
  expect(debate[0]?.content).toContain("come Lato A sostengo «Treno»");
  expect(debate[1]?.content).toContain("come Lato B contesto «Treno»");
  expect(debate[19]?.content).toMatch(/^Turno 20 di 20, fase di sintesi: /);
  // No two turns alike; the same request always gets the same reply.
  expect(new Set(debate.map((item) => item.content)).size).toBe(20);
  expect(offlineDebate(20)).toEqual(debate);
});

// Issue 36 §1: in the user's words, without its name or a borrowed one.
const saysOffline = (text: string) => text.includes("Modello dimostrativo offline");

test("it says it is the offline model once per debate: on its first turn", () => {
  expect(offlineDebate(12).map((item) => saysOffline(item.content))).toEqual([true, ...Array(11).fill(false)]);
});

test("a synthesis says it once too: on its hidden debate's first turn, not again in the analysis", () => {
  const history: Intervention[] = [];
  for (let turn = 0; turn < 6; turn += 1) {
    history.push({
      speaker: turn % 2 === 0 ? "A" : "B",
      turn,
      content: composeOfflineDebateReply(turnCall({ ...subject, mode: "synthesis", turn, length: 6, history })),
    });
  }
  const analysis = composeOfflineDebateReply(analysisCall({ ...subject, mode: "synthesis", length: 6, history }));
  expect([...history.map((item) => item.content), analysis].filter(saysOffline)).toEqual([history[0]?.content]);
});

test("very long options still give replies within the limit", () => {
  const long = { A: `Il treno ${"ad alta velocità ".repeat(40)}`, B: `L'aereo ${"a basso costo ".repeat(40)}` };
  for (const { content } of offlineDebate(8, long)) {
    expect(content.length).toBeLessThanOrEqual(800);
    expect(content.endsWith("?")).toBe(true);
  }
});

test("an analysis request gets an answer the engine reads as introduction, three syntheses and conclusions", () => {
  const history = offlineDebate(6);
  const analysis = parseSynthesisAnalysis(composeOfflineDebateReply(analysisCall({ ...subject, mode: "synthesis", length: 6, history })));
  expect(analysis.introduction).toContain("gli ultimi 2 interventi su 6");
  expect(analysis.syntheses.map((synthesis) => synthesis.title)).toEqual(["Un percorso comune", "Prevale «Treno»", "Prevale «aereo»"]);
  expect(analysis.syntheses[0].plan).toHaveLength(4);
  expect(analysis.conclusions).toContain("il Lato A ha parlato 1 volta e il Lato B 1 volta");
});

test("a whole debate and a synthesis run end to end on the offline model", async () => {
  let debates = 0;
  const timers: (() => void)[] = [];
  const ports: DebatePorts = {
    async *model({ request }) {
      yield composeOfflineDebateReply(request);
    },
    clock: {
      now: () => 0,
      later: (callback) => {
        timers.push(callback);
        return () => {};
      },
    },
    resetProvider: async () => ({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } }),
    startDebate: async () => ({ status: "started", debateId: String(++debates) }),
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const session = createDebateSession(ports, { length: 6, auto: true });
  session.start({ theses: ["Il treno", "L'aereo"] });
  await settle();
  while (timers.length > 0) {
    timers.shift()?.();
    await settle();
  }
  const state = session.store.getState();
  expect(state.status).toBe("finished");
  expect(state.messages.map((message) => message.card?.kind ?? message.speaker)).toEqual([
    "A",
    "B",
    "A",
    "B",
    "A",
    "B",
    "judgement",
    "feedbackForm",
  ]);
  // issue 26 §1, issue 52 §1: the offline judge says what it is and scores nothing.
  const judged = state.messages.find((message) => message.card?.kind === "judgement")?.card;
  expect(judged).toMatchObject({ judgement: { status: "done", scorecard: { offline: true, judge: OFFLINE_MODEL } } });
  if (judged?.kind !== "judgement" || judged.judgement.status !== "done") throw new Error("no scorecard");
  const { scorecard } = judged.judgement;
  expect(scorecard.note).toMatch(/^Modello dimostrativo offline: nessun modello linguistico è collegato/);
  for (const side of ["A", "B"] as const) {
    const { criteria, strongest, weakest } = scorecard.sides[side];
    // Issue 52 §1: no score at all ('n.d.'), what it counted said in words.
    expect([criteria.logica.score, criteria.prove.score, criteria.persuasivita.score, criteria.replica.score, strongest, weakest]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(criteria.prove.motivation).toMatch(/^Non valutabile senza un modello linguistico\. Il dibattito non si basa su documenti/);
    expect(criteria.replica.motivation).toMatch(/Riprende la domanda del turno precedente in \d turn[oi] su \d/);
  }
  // Issue 36 §1: what it measured is no verdict — no winner, no agreement between readings.
  expect(scorecard).toMatchObject({ verdict: null, runs: [null, null], agreement: null });

  session.startSynthesis({ topic: "Treno contro aereo" });
  await settle();
  expect(session.store.getState().synthesis.result?.syntheses[0].plan.length).toBeGreaterThan(0);
  expect(debates).toBe(2);
});
