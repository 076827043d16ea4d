import { citedPassage } from "@oystar/conversation/testing";
import { defaultSettings, HttpError, RAG_CITATION_WARNING, StreamError } from "@oystar/api-client";
import { MARKERS, QUOTA_REFRESH_DELAY_MS } from "@oystar/conversation";
import { describe, expect, test } from "vitest";
import { ragMessages } from "./messages";
import type { RagConversation } from "./rag-conversation";
import { createRagSession, selectModel } from "./rag-session";
import { RAG_CLIENT_DEFAULTS } from "./rag-settings";
import { LiveAnswer, scriptedWorld, settle } from "./testing/scripted-world";

const passages = [
  citedPassage({
    filename: "villa-aurora.md",
    chunkId: "11",
    url: "https://giardini.example/villa-aurora",
    title: "Villa Aurora",
    noteNumber: 1,
  }),
  citedPassage({ filename: "limonaie.md", chunkId: "12", title: "Le limonaie", noteNumber: 2, page: 3 }),
];

describe("asking a question", () => {
  test("the question is added, the answer streams in, and the final message keeps the sources of the last list", async () => {
    const live = new LiveAnswer();
    const world = scriptedWorld([live]);
    const session = createRagSession(world.dependencies);
    const answered = session.send("  Quanti limoni ci sono?  ");
    await settle();
    expect(session.store.getState().loading).toBe(true);
    expect(session.store.getState().conversation.messages).toMatchObject([{ role: "user", content: "Quanti limoni ci sono?" }]);

    live.send({ sources: passages });
    live.send({ chunk: "Ci sono cento limoni [1]" });
    await settle();
    expect(session.store.getState().partial).toBe("Ci sono cento limoni [1]");
    expect(session.store.getState().partialSources.map((source) => source.noteNumber)).toEqual([1, 2]);

    live.send({ chunk: " nella limonaia [2]." });
    live.send({
      sources: passages.map((source, index) => ({ ...source, support: { cited: true, confidence: index === 0 ? 0.82 : 0.4 } })),
    });
    live.send({ contextUsage: 3 });
    live.end();
    expect(await answered).toBe(true);

    const state = session.store.getState();
    expect(state.loading).toBe(false);
    expect(state.partial).toBe("");
    const answer = state.conversation.messages[1];
    expect(answer).toMatchObject({ role: "assistant", content: "Ci sono cento limoni [1] nella limonaia [2]." });
    expect(answer?.sources).toEqual([
      citedPassage({
        noteNumber: 1,
        chunkId: "11",
        filename: "villa-aurora.md",
        title: "Villa Aurora",
        url: "https://giardini.example/villa-aurora",
        support: { cited: true, confidence: 0.82 },
      }),
      citedPassage({
        noteNumber: 2,
        chunkId: "12",
        filename: "limonaie.md",
        title: "Le limonaie",
        page: 3,
        support: { cited: true, confidence: 0.4 },
      }),
    ]);
    expect(state.conversation.contextUsage).toBe(3);
    // spec 001 §4: the question counter is read again half a second after each question.
    expect(world.later.map((entry) => entry.delayMs)).toEqual([QUOTA_REFRESH_DELAY_MS]);
  });

  test("the request carries the admin's settings, the chosen model and the conversation so far", async () => {
    const world = scriptedWorld([[{ chunk: "Prima risposta [1]." }], [{ chunk: "Seconda." }]]);
    const session = createRagSession(world.dependencies);
    session.configure({ ...defaultSettings, rag_top_k_retrieval: 30, rag_index_names: ["gardenroute-demo", "altrui"] });
    session.setUsableIndexes(["gardenroute-demo"]);
    session.setModel("openai/gpt-oss-20b");
    await session.send("Prima domanda");
    await session.send("Seconda domanda");
    const [first, second] = world.requests;
    expect(first).toMatchObject({
      question: "Prima domanda",
      top_k_retrieval_per_index: 30,
      llm_model: "openai/gpt-oss-20b",
      chat_history: [],
    });
    // Another customer's index is never named: the server would refuse the whole question.
    expect(first?.index_names).toEqual(["gardenroute-demo"]);
    expect(second?.chat_history).toEqual([
      { role: "user", content: "Prima domanda" },
      { role: "assistant", content: "Prima risposta [1]." },
    ]);
  });

  test("send is refused for an empty or blank question and while an answer is coming", async () => {
    const live = new LiveAnswer();
    const world = scriptedWorld([live]);
    const session = createRagSession(world.dependencies);
    expect(await session.send("   \n ")).toBe(false);
    const first = session.send("Una domanda");
    expect(await session.send("Un'altra")).toBe(false);
    live.send({ chunk: "Risposta." });
    live.end();
    await first;
    expect(world.requests.map((request) => request.question)).toEqual(["Una domanda"]);
  });

  test("clearing while an answer streams drops it and starts a fresh conversation", async () => {
    const live = new LiveAnswer();
    const session = createRagSession(scriptedWorld([live]).dependencies);
    const answered = session.send("Domanda");
    live.send({ chunk: "Inizio" });
    await settle();
    const before = session.store.getState().conversation.id;
    session.clear();
    live.send({ chunk: " e fine." });
    live.end();
    expect(await answered).toBe(false);
    const state = session.store.getState();
    expect(state.conversation.messages).toEqual([]);
    expect(state.conversation.id).not.toBe(before);
    expect(state.loading).toBe(false);
  });
});

describe("the citation warning note", () => {
  test("kept only once, at the end of the answer", async () => {
    const world = scriptedWorld([
      [{ chunk: `Testo [1].\n\n${RAG_CITATION_WARNING}` }, { chunk: "\n\nAltro testo [2]." }, { chunk: `\n\n${RAG_CITATION_WARNING}` }],
    ]);
    const session = createRagSession(world.dependencies);
    await session.send("Domanda");
    const content = session.store.getState().conversation.messages[1]?.content ?? "";
    expect(content.split(RAG_CITATION_WARNING)).toHaveLength(2);
    expect(content).toBe(`Testo [1].\n\nAltro testo [2].\n\n${RAG_CITATION_WARNING}`);
  });
});

describe("context usage and the summary", () => {
  test("a summary event replaces the conversation with a summary message; the exchange just answered stays under it", async () => {
    const world = scriptedWorld([
      [{ chunk: "Uno." }, { contextUsage: 40 }],
      [{ chunk: "Due." }, { contextUsage: 91 }, { summary: "Riepilogo della conversazione precedente:\n\nDomande:\n- Prima" }],
    ]);
    const session = createRagSession(world.dependencies);
    await session.send("Prima");
    expect(session.store.getState().contextWarning).toBeNull();
    await session.send("Seconda");
    const state = session.store.getState();
    expect(state.conversation.messages.map((message) => [message.role, message.kind ?? null, message.content])).toEqual([
      ["assistant", "summary", "Riepilogo della conversazione precedente:\n\nDomande:\n- Prima"],
      ["user", null, "Seconda"],
      ["assistant", null, "Due."],
    ]);
    expect(state.conversation.summary).toContain("Riepilogo");
    // spec 001 §2: the 90 % banner says why; the conversation is small again.
    expect(state.contextWarning).toBe(91);
    expect(state.conversation.contextUsage).toBeLessThan(90);
  });

  test("at 90 % without a summary from the server, the client summarises the conversation itself", async () => {
    const world = scriptedWorld([[{ chunk: "Uno." }], [{ chunk: "Due, una risposta." }, { contextUsage: 90 }]]);
    const session = createRagSession(world.dependencies);
    await session.send("Dove si trova la limonaia di Villa Aurora e quando è aperta ai visitatori?");
    await session.send("Seconda");
    const [summary] = session.store.getState().conversation.messages;
    expect(summary?.kind).toBe("summary");
    expect(summary?.content).toBe(
      [
        "Riepilogo della conversazione precedente:",
        "",
        "Domande:",
        "- Dove si trova la limonaia di Villa Aurora e quando",
        "- Seconda",
        "",
        "Ultima risposta: Due, una risposta.",
      ].join("\n"),
    );
    expect(session.store.getState().contextWarning).toBe(90);
  });

  test("without a figure from the server, usage is the conversation's characters over 32000", async () => {
    const world = scriptedWorld([[{ chunk: "x".repeat(15_990) }]]);
    const session = createRagSession(world.dependencies);
    await session.send("0123456789");
    expect(session.store.getState().conversation.contextUsage).toBe(50);
  });
});

describe("failures (spec 001 §8)", () => {
  test("429: the QUOTA_EXCEEDED_UPGRADE card", async () => {
    const world = scriptedWorld([{ events: [], error: new HttpError(429, { error: "Quota esaurita" }) }]);
    const session = createRagSession(world.dependencies);
    expect(await session.send("Domanda")).toBe(false);
    expect(session.store.getState().conversation.messages[1]).toMatchObject({
      role: "assistant",
      card: MARKERS.quotaExceeded,
      content: "",
    });
    expect(world.later).toHaveLength(1);
  });

  test("another refusal: the generic message, and the server's reason beside it", async () => {
    const world = scriptedWorld([{ events: [], error: new HttpError(403, { error: "Indice non disponibile: «altrui»." }) }]);
    const session = createRagSession(world.dependencies);
    await session.send("Domanda");
    const state = session.store.getState();
    expect(state.conversation.messages[1]).toMatchObject({ content: ragMessages.generic, kind: "error" });
    expect(state.alert).toBe("Dettaglio: Indice non disponibile: «altrui».");
  });

  test("an error event mid-answer: the generic message replaces the partial text; failed answers never become history", async () => {
    const world = scriptedWorld([
      { events: [{ sources: passages }, { chunk: "Mezza risp" }], error: new StreamError(ragMessages.generic) },
      [{ chunk: "Bene." }],
    ]);
    const session = createRagSession(world.dependencies);
    await session.send("Prima");
    expect(session.store.getState().conversation.messages[1]?.content).toBe(
      "Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.",
    );
    expect(session.store.getState().alert).toBe("Dettaglio: Stream error occurred");
    await session.send("Seconda");
    expect(world.requests[1]?.chat_history).toEqual([{ role: "user", content: "Prima" }]);
  });

  test("401: the authentication message", async () => {
    const world = scriptedWorld([{ events: [], error: new HttpError(401, {}) }]);
    const session = createRagSession(world.dependencies);
    await session.send("Domanda");
    expect(session.store.getState().conversation.messages[1]?.content).toMatch(/^Errore di autenticazione/);
  });
});

// Issue 35 §1: a RAG conversation kept on the device goes on where it stopped.
describe("opening a kept conversation", () => {
  const kept = {
    id: "500",
    createdAt: 500,
    contextUsage: 77,
    messages: [
      { id: "rag-500-1", role: "user" as const, content: "Quanti limoni ci sono?", timestamp: 500 },
      {
        id: "rag-500-2",
        role: "assistant" as const,
        content: "Cento limoni [1].",
        timestamp: 501,
        sources: [citedPassage({ noteNumber: 1, chunkId: "11", filename: "villa-aurora.md", title: "Villa Aurora" })],
      },
    ],
  };
  // Issue 38 §1: the same answer as a device kept it before the one cited-passage contract.
  const keptBefore = {
    ...kept,
    messages: [
      kept.messages[0]!,
      {
        ...kept.messages[1]!,
        sources: [{ noteNumber: 1, chunkId: "11", filename: "villa-aurora.md", title: "Villa Aurora", cited: true }],
      },
    ],
  } as unknown as RagConversation;

  test("its answers keep their sources, and its messages are the history of the next question", async () => {
    const world = scriptedWorld([[{ chunk: "Prima." }], [{ chunk: "In serra [1]." }]]);
    const session = createRagSession(world.dependencies);
    await session.send("Una domanda di un'altra conversazione");
    session.open(kept);
    const opened = session.store.getState().conversation;
    expect(opened).toMatchObject({ id: "500", createdAt: 500 });
    expect(opened.messages[1]?.sources).toEqual(kept.messages[1]?.sources);
    // Kept in the older shape, it opens with the same source, its citation check kept.
    session.open(keptBefore);
    expect(session.store.getState().conversation.messages[1]?.sources).toEqual([
      { ...kept.messages[1]?.sources?.[0], document: "villa-aurora.md", support: { cited: true, confidence: null } },
    ]);
    session.open(kept);
    // Usage is read again from its messages (a few characters), not taken from the record.
    expect(opened.contextUsage).toBe(0);
    await session.send("E d'inverno?");
    expect(world.requests[1]?.chat_history).toEqual([
      { role: "user", content: "Quanti limoni ci sono?" },
      // Issue 49 §3: with the passages its answer cited (their acts decide an article asked alone).
      { role: "assistant", content: "Cento limoni [1].", cited: ["11"] },
    ]);
    expect(session.store.getState().conversation.messages.map((message) => message.content)).toEqual([
      "Quanti limoni ci sono?",
      "Cento limoni [1].",
      "E d'inverno?",
      "In serra [1].",
    ]);
  });

  test("opened while an answer streams, the answer stops and the kept conversation is shown", async () => {
    const live = new LiveAnswer();
    const session = createRagSession(scriptedWorld([live]).dependencies);
    const answered = session.send("Domanda in corso");
    live.send({ sources: passages });
    live.send({ chunk: "Mezza" });
    await settle();
    session.open(kept);
    live.send({ chunk: " e fine." });
    live.end();
    expect(await answered).toBe(false);
    const state = session.store.getState();
    expect(state).toMatchObject({ loading: false, partial: "", partialSources: [] });
    expect(state.conversation.messages.map((message) => message.content)).toEqual(["Quanti limoni ci sono?", "Cento limoni [1]."]);
  });
});

describe("an answer the server holds (issue 35 §2)", () => {
  test("while it streams the session says where it is held; once it is in, it is held no more", async () => {
    const live = new LiveAnswer();
    const session = createRagSession(scriptedWorld([live]).dependencies);
    const answered = session.send("Quanti limoni ci sono?");
    await settle();
    expect(session.store.getState().heldAnswer).toBe("/api/streams/risposta-1");
    live.send({ sources: passages });
    live.send({ chunk: "Cento [1]." });
    live.end();
    expect(await answered).toBe(true);
    expect(session.store.getState().heldAnswer).toBeNull();
  });

  test("a reloaded page takes up the answer to its last question: sources and words arrive once, nothing is asked again", async () => {
    const world = scriptedWorld([[{ sources: passages }, { chunk: "Cento limoni " }, { chunk: "nella limonaia [2]." }]]);
    const session = createRagSession(world.dependencies);
    session.open({
      id: "700",
      createdAt: 700,
      messages: [{ id: "rag-700-1", role: "user", content: "Quanti limoni ci sono?", timestamp: 700 }],
    });
    expect(await session.resume("/api/streams/risposta-tenuta")).toBe(true);
    expect(world.resumes).toEqual(["/api/streams/risposta-tenuta"]);
    expect(world.requests).toEqual([]);
    const state = session.store.getState();
    expect(state.heldAnswer).toBeNull();
    expect(state.conversation.messages.map((message) => message.content)).toEqual([
      "Quanti limoni ci sono?",
      "Cento limoni nella limonaia [2].",
    ]);
    expect(state.conversation.messages[1]?.sources?.map((source) => source.filename)).toEqual(["villa-aurora.md", "limonaie.md"]);
  });

  test("nothing is taken up for a conversation whose last question is answered", async () => {
    const world = scriptedWorld();
    const session = createRagSession(world.dependencies);
    session.open({
      id: "701",
      createdAt: 701,
      messages: [
        { id: "rag-701-1", role: "user", content: "Domanda?", timestamp: 701 },
        { id: "rag-701-2", role: "assistant", content: "Risposta.", timestamp: 702 },
      ],
    });
    expect(await session.resume("/api/streams/risposta-tenuta")).toBe(false);
    expect(world.resumes).toEqual([]);
  });

  test("an answer the server no longer holds ends as a failure in the RAG's words, and is held no more", async () => {
    const world = scriptedWorld([{ events: [], error: new StreamError("La risposta non è più disponibile.") }]);
    const session = createRagSession(world.dependencies);
    session.open({
      id: "702",
      createdAt: 702,
      messages: [{ id: "rag-702-1", role: "user", content: "Domanda?", timestamp: 702 }],
    });
    expect(await session.resume("/api/streams/scaduta")).toBe(false);
    const state = session.store.getState();
    expect(state.heldAnswer).toBeNull();
    expect(state.conversation.messages.at(-1)).toMatchObject({ role: "assistant", kind: "error" });
  });
});

describe("settings and model", () => {
  test("before the admin's settings arrive the client defaults apply; the admin's model is the default choice", () => {
    const session = createRagSession(scriptedWorld().dependencies);
    expect(session.store.getState().settings).toEqual(RAG_CLIENT_DEFAULTS);
    session.configure({ ...defaultSettings, rag_llm_model: "openai/gpt-oss-20b" });
    expect(selectModel(session.store.getState())).toBe("openai/gpt-oss-20b");
  });

  test("spec 001 §9: any of the RAG's models can be chosen, with either provider; a model not offered cannot", () => {
    const session = createRagSession(scriptedWorld().dependencies);
    session.configure({ ...defaultSettings, rag_provider: "cloud" });
    session.setModel("mixtral-8x7b-32768");
    expect(selectModel(session.store.getState())).toBe("mixtral-8x7b-32768");
    // A new save of the settings keeps a choice still offered…
    session.configure({ ...defaultSettings, rag_provider: "vm" });
    expect(selectModel(session.store.getState())).toBe("mixtral-8x7b-32768");
    // …and a model outside the RAG's list is refused.
    session.setModel("meta-llama/llama-guard-4-12b");
    expect(selectModel(session.store.getState())).toBe("mixtral-8x7b-32768");
    session.setModel(defaultSettings.rag_llm_model);
    expect(selectModel(session.store.getState())).toBe(defaultSettings.rag_llm_model);
  });
});

test("issue 55 §1: while a busy server's wait runs, the notice says so; the answer then comes as any other", async () => {
  const live = new LiveAnswer();
  const world = scriptedWorld([live]);
  const ask = world.dependencies.ask;
  const session = createRagSession({
    ...world.dependencies,
    ask: async function* (request, signal, onStream, onBusy) {
      onBusy?.(3);
      yield* ask(request, signal, onStream);
    },
  });
  const answered = session.send("Quante fontane ci sono?");
  await settle();
  expect(session.store.getState().notice).toBe("Servizio molto richiesto, riprovo tra 3 s");
  live.send({ chunk: "Dodici." });
  await settle();
  expect(session.store.getState().notice).toBeNull();
  live.end();
  expect(await answered).toBe(true);
});
