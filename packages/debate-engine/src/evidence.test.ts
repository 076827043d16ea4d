import type { DebateJudgeCall, DebateTurnCall } from "@oystar/api-client";
import { expect, test } from "vitest";
import { debatePrompt, turnCall } from "./debate-request";
import { quoteFound, quotesIn } from "./debate-quotes";
import { createDebateSession } from "./debate-session";
import type { DebateSpeech, DebateState } from "./debate-state";
import { quoteTally, verifiedQuotes } from "./judge-measures";
import { judgePrompt } from "./judge-request";
import { FAKE_PASSAGES, fakeWorld, fromDocuments, inCharacter, type ModelScript } from "./testing/fake-world";

// issue 26 §2: the evidence of a debate argued from documents, as a phase of each turn of the
// pure machine — a fake model (answering as the server does), a virtual clock.

const speeches = (state: DebateState) => state.messages.filter((message): message is DebateSpeech => !message.card);

const judgeCalls = (world: ReturnType<typeof fakeWorld>) =>
  world.calls.map((call) => call.request).filter((call): call is DebateJudgeCall => call.kind === "judge");

async function playDebate(script: ModelScript, documents: string | null = "gardenroute-demo") {
  const world = fakeWorld({ script });
  const session = createDebateSession(world.ports, { length: 6, auto: true, judge: "llama-3.3-70b-versatile" });
  session.setDocuments(documents);
  session.start({ theses: ["Il giardino all'italiana", "Il giardino all'inglese"] });
  await world.settle();
  for (let turn = 1; turn < 6; turn += 1) {
    world.time.advance(3000);
    await world.settle();
  }
  return { world, session, state: () => session.store.getState() };
}

test("every turn of a debate argued from documents names the index; each intervention keeps its passages and the server's verdicts on its quotes", async () => {
  const { world, state } = await playDebate(fromDocuments);
  const turns = world.asked().filter((asked) => asked.kind === "turn");
  expect(turns).toHaveLength(6);
  for (const asked of turns) expect(asked.documents).toEqual({ index: "gardenroute-demo" });
  const spoken = speeches(state());
  expect(spoken).toHaveLength(6);
  for (const speech of spoken) {
    expect(speech.evidence).toEqual({
      index: "gardenroute-demo",
      passages: FAKE_PASSAGES,
      quotes: [
        { n: 1, text: "il bosso delle siepi va potato", status: "verified" },
        { n: 2, text: "le rose fioriscono due volte", status: "notFound" },
      ],
      seal: `seal${speech.turn}`.padEnd(43, "x"),
    });
  }
});

test("the judge's calls carry each turn's sealed verdicts; 'Prove' counts only the verified quotes", async () => {
  const { world } = await playDebate(fromDocuments);
  const judged = judgeCalls(world);
  expect(judged).toHaveLength(2);
  const [first] = judged;
  expect(first?.documents).toEqual({ index: "gardenroute-demo" });
  expect(first?.history[0]).toMatchObject({
    speaker: "A",
    turn: 0,
    quotes: { statuses: ["verified", "notFound"], seal: "seal0".padEnd(43, "x") },
  });
  if (!first) return;
  // Three turns each, one verified quote and one invented in each.
  expect(verifiedQuotes(first.history)).toEqual({ A: 3, B: 3 });
  expect(quoteTally(first.history)).toEqual({ A: { verified: 3, quoted: 6, turns: 3 }, B: { verified: 3, quoted: 6, turns: 3 } });
  // The judge model reads the verdicts beside each intervention, and the rule that only verified quotes are evidence.
  const prompt = judgePrompt(first)
    .messages.map((message) => message.content)
    .join("\n");
  expect(prompt).toContain("[Lato 1 · turno 1] (citazioni verificate: 1 su 2)");
  expect(prompt).toContain("Per Prove conta soltanto le citazioni verificate");
});

test("a debate not argued from documents sends no index, keeps no evidence, and its 'Prove' has nothing to count", async () => {
  const { world, state } = await playDebate(fromDocuments, null);
  for (const asked of world.asked()) expect(asked.documents).toBeUndefined();
  expect(speeches(state()).every((speech) => speech.evidence === undefined)).toBe(true);
  const [judged] = judgeCalls(world);
  expect(judged && verifiedQuotes(judged.history)).toEqual({ A: 0, B: 0 });
  expect(
    judged &&
      judgePrompt(judged)
        .messages.map((message) => message.content)
        .join("\n"),
  ).not.toContain("citazioni verificate");
});

test("a turn cut off before its verdicts keeps its passages, its quotes unchecked; evidence of a debate not from documents is ignored", async () => {
  const world = fakeWorld({ script: () => "controlled" });
  const session = createDebateSession(world.ports, { length: 6, auto: false });
  session.setDocuments("gardenroute-demo");
  session.start({ theses: ["Il bosso", "Il tasso"] });
  await world.settle();
  const [turn0] = world.controlled;
  turn0?.push({ passages: { index: "gardenroute-demo", passages: FAKE_PASSAGES } }, "Cito «il bosso delle siepi va potato» [1]. Dunque?");
  turn0?.end();
  await world.settle();
  expect(speeches(session.store.getState())[0]?.evidence).toEqual({
    index: "gardenroute-demo",
    passages: FAKE_PASSAGES,
    quotes: null,
    seal: null,
  });
  // The documents cannot change once a debate is on screen.
  session.setDocuments(null);
  expect(session.store.getState().settings.documents).toBe("gardenroute-demo");

  const plain = fakeWorld({ script: () => "controlled" });
  const other = createDebateSession(plain.ports, { length: 6, auto: false });
  other.start({ theses: ["Il bosso", "Il tasso"] });
  await plain.settle();
  plain.controlled[0]?.push({ passages: { index: "gardenroute-demo", passages: FAKE_PASSAGES } }, "Parola mia.");
  plain.controlled[0]?.end();
  await plain.settle();
  expect(speeches(other.store.getState())[0]?.evidence).toBeUndefined();
});

test("a turn's prompt, built by the server, lists the passages it retrieved, numbered, and the rule to quote them; earlier turns' [n] go", () => {
  const call: DebateTurnCall = turnCall({
    debateId: "5c7f0d4e-2a8b-4c1e-9f3a-6b2d8e1c0a47",
    mode: "debate",
    topic: "Bosso contro tasso",
    options: { A: "Il bosso", B: "Il tasso" },
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    length: 6,
    provider: "cloud",
    documents: "gardenroute-demo",
    history: [{ speaker: "A", turn: 0, content: "Come dice il testo, «il bosso regge la potatura» [1]. E il tasso?" }],
    turn: 1,
  });
  const prompt = debatePrompt(call, {
    passages: [
      { n: 1, title: "Giardini storici", page: null, text: "Il bosso regge la potatura\nstretta." },
      { n: 2, title: "Restauro", page: 3, text: "Il tasso cresce lento." },
    ],
  });
  const [system, user] = prompt.messages.map((message) => message.content);
  expect(system).toContain("copiate parola per parola tra «» e seguite dal numero del passaggio tra parentesi quadre");
  expect(user).toContain(
    "Passaggi dai documenti:\n[1] (Giardini storici) Il bosso regge la potatura stretta.\n[2] (Restauro, p. 3) Il tasso cresce lento.",
  );
  expect(user).toContain("«il bosso regge la potatura». E il tasso?");
  // Without passages the side is told there are none, and not to invent quotes.
  expect(debatePrompt(call, { passages: [] }).messages[0]?.content).toContain("non inventare citazioni");
  // A debate not from documents: the prompt is as it was.
  const { documents: _unused, ...plain } = call;
  expect(JSON.stringify(debatePrompt(plain))).not.toContain("Passaggi dai documenti");
});

test("quotes are the passage's words between «» (or quotation marks) followed by [n], with the sentence that uses them", () => {
  const reply =
    'Il restauro conta. Come scrive la guida, «le siepi di bosso vanno potate a fine inverno» [2], e ancora "il tasso resiste alla siccità estiva", [1]. «Troppo poco» [1]. Parole mie [3].';
  expect(quotesIn(reply)).toEqual([
    {
      n: 2,
      text: "le siepi di bosso vanno potate a fine inverno",
      sentence: "Come scrive la guida, «le siepi di bosso vanno potate a fine inverno» [2]",
    },
    {
      n: 1,
      text: "il tasso resiste alla siccità estiva",
      sentence:
        'Come scrive la guida, «le siepi di bosso vanno potate a fine inverno» [2], e ancora "il tasso resiste alla siccità estiva", [1]',
    },
  ]);
  const passage = "Nei giardini storici le siepi di bosso vanno potate a fine inverno, quando la pianta riposa.";
  expect(quoteFound("Le siepi di bosso vanno potate a fine inverno", passage)).toBe(true);
  expect(quoteFound("le siepi di bosso … a fine inverno", passage)).toBe(true);
  expect(quoteFound("le siepi di tasso vanno potate a fine inverno", passage)).toBe(false);
});

test("passages and verdicts of an abandoned call are not the current turn's", async () => {
  const script: ModelScript = (call, index) => (index === 0 ? "controlled" : inCharacter(call, index));
  const world = fakeWorld({ script });
  const session = createDebateSession(world.ports, { length: 6, auto: false });
  session.setDocuments("gardenroute-demo");
  session.start({ theses: ["Il bosso", "Il tasso"] });
  await world.settle();
  session.stop();
  world.controlled[0]?.push({ passages: { index: "gardenroute-demo", passages: FAKE_PASSAGES } });
  await world.settle();
  expect(session.store.getState().streaming).toBeNull();
  // Issue 50 §7: only the card saying where STOP ended it.
  expect(session.store.getState().messages.map((message) => message.card?.kind)).toEqual(["stopped"]);
});
