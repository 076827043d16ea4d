import { HttpError } from "@oystar/api-client";
import { describe, expect, test, vi } from "vitest";
import { createChatSession, type ChatDependencies, type ChatDocument } from "./chat-session";
import { classifyFailure as classifyChatError, isResetCommand, MARKERS, QUOTA_REFRESH_DELAY_MS } from "@oystar/conversation";
import { conversationSummary, newMessage } from "./conversation";
import { chatContextUsage, cutHistoryToBudget } from "./history";
import { canSend } from "./send-rules";

describe("rules", () => {
  test("sending needs text, no request in flight, an online backend and an open input", () => {
    const ok = { input: "Ciao", loading: false, backend: "online" as const, blocked: false };
    expect(canSend(ok)).toBe(true);
    expect(canSend({ ...ok, input: "   " })).toBe(false);
    expect(canSend({ ...ok, loading: true })).toBe(false);
    expect(canSend({ ...ok, backend: "offline" })).toBe(false);
    expect(canSend({ ...ok, backend: "checking" })).toBe(false);
    expect(canSend({ ...ok, blocked: true })).toBe(false);
  });

  test("only the exact *reset* is the reset command", () => {
    expect(isResetCommand("*reset*")).toBe(true);
    expect(isResetCommand(" *reset* ")).toBe(true);
    expect(isResetCommand("reset")).toBe(false);
    expect(isResetCommand("*reset* per favore")).toBe(false);
  });

  test("history: the last 10 messages, cut from the oldest side to the token budget", () => {
    const messages = Array.from({ length: 14 }, (_, index) =>
      newMessage(index % 2 ? "assistant" : "user", `${index}`.padEnd(400, "x"), index),
    );
    expect(cutHistoryToBudget(messages, 100_000).map((message) => message.timestamp)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    // 400 characters ≈ 100 tokens each: a 350-token budget keeps the newest 3.
    expect(cutHistoryToBudget(messages, 350).map((message) => message.timestamp)).toEqual([11, 12, 13]);
  });

  test("context usage: characters over 8000, capped at 100 %", () => {
    expect(chatContextUsage([newMessage("user", "x".repeat(800), 0)])).toBe(10);
    expect(chatContextUsage([newMessage("user", "x".repeat(20_000), 0)])).toBe(100);
  });

  test("errors: 429 is the quota (never blocking the admin), auth words are the session, the rest the model", () => {
    expect(classifyChatError(new HttpError(429, { error: "x" }), { admin: false })).toEqual({ kind: "quota", blockInput: true });
    expect(classifyChatError(new HttpError(429, null), { admin: true })).toEqual({ kind: "quota", blockInput: false });
    expect(classifyChatError(new Error("Token expired"), { admin: false }).kind).toBe("auth");
    expect(classifyChatError(new HttpError(401, null), { admin: false }).kind).toBe("auth");
    const other = classifyChatError(new Error("HTTP error! status: 502"), { admin: false });
    expect(other).toEqual({
      kind: "llm",
      message: "Errore di comunicazione con il modello: HTTP error! status: 502. Verifica che il backend sia attivo e raggiungibile.",
    });
  });
});

/** Tasks the session asked to run later, with their delay: the test runs them when it wants. */
let scheduled: Array<{ task: () => void; delayMs: number }> = [];

function session(overrides: Partial<ChatDependencies> = {}) {
  let clock = 1_000;
  scheduled = [];
  return createChatSession({
    getAccessToken: async () => "token",
    complete: async function* () {
      clock += 250;
      yield "Buon";
      clock += 100;
      yield "giorno";
    },
    resetConnection: async (model) => `Connessione reimpostata: ${model}`,
    now: () => clock,
    later: (task, delayMs) => {
      scheduled.push({ task, delayMs });
      return () => {};
    },
    refreshQuota: () => {},
    isAdmin: () => false,
    backendStatus: () => "online",
    ...overrides,
  });
}

/** A loaded PDF as the PDF context holds it, seen through the chat's document port. */
function pdfDocument() {
  const steps: string[] = [];
  let phase: "loaded" | "empty" = "loaded";
  const document: ChatDocument = {
    documentForQuestion: () =>
      phase === "loaded" ? { context: "Documento «Nota.pdf» (1 pagina):\nTesto.", name: "Nota.pdf", pages: 1 } : null,
    remove: () => void steps.push((phase = "empty")),
  };
  return { document, steps };
}

// spec 001 §9 (issue 14 §7): the summary helper.
describe("conversation summary", () => {
  test("the first 50 characters of each user message among the last 10", () => {
    const messages = Array.from({ length: 14 }, (_, index) =>
      newMessage(index % 2 ? "assistant" : "user", index % 2 ? `Risposta ${index}` : `Domanda ${index} `.padEnd(80, "x"), index),
    );
    const lines = conversationSummary(messages).split("\n");
    // Messages 4–13: the user ones are 4, 6, 8, 10, 12.
    expect(lines.map((line) => line.split(" ")[1])).toEqual(["4", "6", "8", "10", "12"]);
    expect(lines.every((line) => line.length === 50)).toBe(true);
  });

  test("whole characters only, no cards, nothing for an empty conversation", () => {
    expect(conversationSummary([newMessage("user", "🦪".repeat(60), 1)])).toBe("🦪".repeat(50));
    expect(conversationSummary([newMessage("user", "", 1, { card: MARKERS.quotaExceeded })])).toBe("");
    expect(conversationSummary([])).toBe("");
  });

  test("the chat keeps it on its conversation", async () => {
    const chat = session();
    await chat.send("Qual è la capitale della Francia?");
    expect(chat.store.getState().conversation.summary).toBe("Qual è la capitale della Francia?");
  });
});

describe("send pipeline", () => {
  test("the question, the streamed partial text, then the answer with its time to first character", async () => {
    const chat = session();
    const partials: string[] = [];
    chat.store.subscribe((state) => partials.push(state.partial));
    await chat.send("  Ciao  ");
    const messages = chat.store.getState().conversation.messages;
    expect(messages.map(({ role, content, firstCharacterMs }) => ({ role, content, firstCharacterMs }))).toEqual([
      { role: "user", content: "Ciao", firstCharacterMs: undefined },
      { role: "assistant", content: "Buongiorno", firstCharacterMs: 250 },
    ]);
    expect(partials).toContain("Buon");
    expect(partials).toContain("Buongiorno");
    expect(chat.store.getState().loading).toBe(false);
  });

  test("without a token nothing is sent and the spec's alert shows", async () => {
    const complete = vi.fn();
    const chat = session({ getAccessToken: async () => null, complete });
    await chat.send("Ciao");
    expect(complete).not.toHaveBeenCalled();
    expect(chat.store.getState().alert).toBe("Token Auth0 non disponibile. Effettua il login.");
    expect(chat.store.getState().conversation.messages).toEqual([]);
  });

  test("a 429 shows the quota card and blocks the input", async () => {
    const chat = session({
      complete: async function* () {
        yield* [];
        throw new HttpError(429, { error: "Hai raggiunto il limite di domande del tuo piano." });
      },
    });
    await chat.send("Ciao");
    expect(chat.store.getState().conversation.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "",
      card: MARKERS.quotaExceeded,
    });
    expect(chat.store.getState().blocked).toBe(true);
    const messagesBefore = chat.store.getState().conversation.messages.length;
    await chat.send("Ancora?");
    expect(chat.store.getState().conversation.messages).toHaveLength(messagesBefore);
  });

  test("issue 55 §1: while a busy server's wait runs, the notice says so; the answer then comes as any other", async () => {
    let goOn = () => {};
    const chat = session({
      complete: async function* ({ onBusy }) {
        onBusy?.(4);
        await new Promise<void>((resolve) => (goOn = resolve));
        yield "Eccomi";
      },
    });
    const sending = chat.send("Ciao");
    await vi.waitFor(() => expect(chat.store.getState().notice).toBe("Servizio molto richiesto, riprovo tra 4 s"));
    goOn();
    await sending;
    expect(chat.store.getState().notice).toBeNull();
    expect(chat.store.getState().conversation.messages.at(-1)).toMatchObject({ role: "assistant", content: "Eccomi" });
  });

  test("the admin sees the quota card but keeps the input", async () => {
    const chat = session({
      isAdmin: () => true,
      complete: async function* () {
        yield* [];
        throw new HttpError(429, null);
      },
    });
    await chat.send("Ciao");
    expect(chat.store.getState().conversation.messages.at(-1)?.card).toBe(MARKERS.quotaExceeded);
    expect(chat.store.getState().blocked).toBe(false);
  });

  test("the history sent is the conversation before the question", async () => {
    const seen: number[] = [];
    const chat = session({
      complete: async function* ({ history }) {
        seen.push(history.length);
        yield "ok";
      },
    });
    await chat.send("Uno");
    await chat.send("Due");
    expect(seen).toEqual([0, 2]);
  });

  // Issue 35 §1: a conversation kept on the device goes on where it stopped.
  test("an opened conversation goes on where it stopped: its messages are the history of the next question", async () => {
    const seen: { role: string; content: string }[][] = [];
    const chat = session({
      complete: async function* ({ history }) {
        seen.push(history.map(({ role, content }) => ({ role, content })));
        yield "Sì, a maggio.";
      },
    });
    await chat.send("Prima domanda di un'altra chat");
    chat.open({
      id: "500",
      createdAt: 500,
      messages: [
        { id: "500-1", role: "user", content: "Quando fiorisce il glicine?", timestamp: 500 },
        { id: "500-2", role: "assistant", content: "In aprile.", timestamp: 501 },
      ],
    });
    expect(chat.store.getState().conversation).toMatchObject({ id: "500", createdAt: 500, summary: "Quando fiorisce il glicine?" });
    expect(chat.store.getState().conversation.contextUsage).toBe(chatContextUsage(chat.store.getState().conversation.messages));
    await chat.send("E le rose?");
    expect(seen[1]).toEqual([
      { role: "user", content: "Quando fiorisce il glicine?" },
      { role: "assistant", content: "In aprile." },
    ]);
    expect(chat.store.getState().conversation.messages.map((message) => message.content)).toEqual([
      "Quando fiorisce il glicine?",
      "In aprile.",
      "E le rose?",
      "Sì, a maggio.",
    ]);
  });

  test("issue 50 §5: a document goes with every question until removed, never into the history; the thread shows it and the answers it was used for", async () => {
    const requests: { document?: string; history: number }[] = [];
    const { document } = pdfDocument();
    const chat = session({
      document,
      complete: async function* ({ document: sent, history }) {
        requests.push({ document: sent, history: history.length });
        yield "ok";
      },
    });
    expect(await chat.send("Scrivi un riassunto esecutivo del documento «Nota.pdf»", { label: "Riassunto esecutivo" })).toBe(true);
    expect(await chat.send("E le scadenze?")).toBe(true);
    document.remove();
    expect(await chat.send("Grazie")).toBe(true);
    expect(requests).toEqual([
      { document: "Documento «Nota.pdf» (1 pagina):\nTesto.", history: 0 },
      { document: "Documento «Nota.pdf» (1 pagina):\nTesto.", history: 2 },
      { document: undefined, history: 4 },
    ]);
    const messages = chat.store.getState().conversation.messages;
    expect(messages.map((message) => message.content)).not.toContain(expect.stringContaining("Testo."));
    expect(messages.map(({ role, label, attachment, basedOn }) => ({ role, label, attachment, basedOn }))).toEqual([
      { role: "user", label: "Riassunto esecutivo", attachment: { name: "Nota.pdf", pages: 1 }, basedOn: undefined },
      { role: "assistant", label: undefined, attachment: undefined, basedOn: "Nota.pdf" },
      { role: "user", label: undefined, attachment: { name: "Nota.pdf", pages: 1 }, basedOn: undefined },
      { role: "assistant", label: undefined, attachment: undefined, basedOn: "Nota.pdf" },
      { role: "user", label: undefined, attachment: undefined, basedOn: undefined },
      { role: "assistant", label: undefined, attachment: undefined, basedOn: undefined },
    ]);
  });

  test("a failed answer leaves the document for the next question", async () => {
    const { document, steps } = pdfDocument();
    const chat = session({
      document,
      complete: async function* () {
        yield* [];
        throw new Error("HTTP error! status: 502");
      },
    });
    expect(await chat.send("Riassumi")).toBe(false);
    expect(steps).toEqual([]);
    expect(document.documentForQuestion()).not.toBeNull();
  });

  test("nothing is sent while the backend is not online, or with an empty input", async () => {
    const complete = vi.fn();
    expect(await session({ complete, backendStatus: () => "offline" }).send("Ciao")).toBe(false);
    expect(await session({ complete, backendStatus: () => "checking" }).send("Ciao")).toBe(false);
    expect(await session({ complete }).send("   ")).toBe(false);
    expect(complete).not.toHaveBeenCalled();
  });

  test("*reset* resets the connection instead of asking, and says what happened", async () => {
    const complete = vi.fn();
    const chat = session({ complete });
    chat.setModel("openai/gpt-oss-20b");
    expect(await chat.send(" *reset* ")).toBe(false);
    expect(complete).not.toHaveBeenCalled();
    expect(chat.store.getState().notice).toBe("Connessione reimpostata: openai/gpt-oss-20b");
    expect(chat.store.getState().conversation.messages).toEqual([]);
  });

  test("the plan and quotas are read again 500 ms after each question", async () => {
    const refreshQuota = vi.fn();
    const chat = session({ refreshQuota });
    await chat.send("Ciao");
    expect(scheduled.map(({ delayMs }) => delayMs)).toEqual([QUOTA_REFRESH_DELAY_MS]);
    expect(QUOTA_REFRESH_DELAY_MS).toBe(500);
    expect(refreshQuota).not.toHaveBeenCalled();
    scheduled[0]?.task();
    expect(refreshQuota).toHaveBeenCalledOnce();
  });

  test("send says whether a complete answer arrived", async () => {
    const failing = session({
      complete: async function* () {
        yield* [];
        throw new Error("HTTP error! status: 502");
      },
    });
    expect(await failing.send("Ciao")).toBe(false);
    expect(await session({ getAccessToken: async () => null }).send("Ciao")).toBe(false);
  });
});

describe("stopping, clearing, options", () => {
  /** A model that sends one piece, then waits until the request is aborted. */
  const stalling: ChatDependencies["complete"] = async function* ({ signal }) {
    yield "Prima parte";
    await new Promise((resolve) => signal.addEventListener("abort", resolve));
  };

  /** A chat in the middle of a stalled answer, and the promise of its send. */
  async function midAnswer() {
    const chat = session({ complete: stalling });
    const sending = chat.send("Racconta");
    await vi.waitFor(() => expect(chat.store.getState().partial).toBe("Prima parte"));
    return { chat, sending };
  }

  test("stop keeps what arrived, marked as cut short", async () => {
    const { chat, sending } = await midAnswer();
    chat.stop();
    await sending;
    expect(chat.store.getState().conversation.messages.at(-1)?.content).toBe("Prima parte\n\n_(risposta interrotta)_");
    expect(chat.store.getState().loading).toBe(false);
  });

  test("clear during an answer leaves an empty conversation", async () => {
    const { chat, sending } = await midAnswer();
    chat.clear();
    await sending;
    expect(chat.store.getState().conversation.messages).toEqual([]);
    expect(chat.store.getState().loading).toBe(false);
  });

  test("opening a conversation while an answer streams stops it, and leaves the document behind", async () => {
    const { chat, sending } = await midAnswer();
    chat.open({ id: "7", createdAt: 7, messages: [{ id: "7-1", role: "user", content: "Vecchia", timestamp: 7 }] });
    await sending;
    expect(chat.store.getState()).toMatchObject({ loading: false, partial: "" });
    expect(chat.store.getState().conversation.messages.map((message) => message.content)).toEqual(["Vecchia"]);
    const { document, steps } = pdfDocument();
    session({ document }).open({ id: "8", createdAt: 8, messages: [] });
    expect(steps).toEqual(["empty"]);
  });

  test("a new chat starts without the document", () => {
    const { document, steps } = pdfDocument();
    session({ document }).clear();
    expect(steps).toEqual(["empty"]);
  });

  test("the chosen model and Deep Think go with the question", async () => {
    const seen: unknown[] = [];
    const chat = session({
      complete: async function* ({ options }) {
        seen.push(options);
        yield "ok";
      },
    });
    expect(chat.store.getState().options).toEqual({ model: "openai/gpt-oss-120b", deepThink: false });
    chat.setModel("openai/gpt-oss-20b");
    chat.setDeepThink(true);
    await chat.send("Pensaci bene");
    expect(seen).toEqual([{ model: "openai/gpt-oss-20b", deepThink: true }]);
  });
});
