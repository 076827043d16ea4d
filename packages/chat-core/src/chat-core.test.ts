import { HttpError } from "@oystar/api-client";
import { describe, expect, test, vi } from "vitest";
import { createChatSession, type ChatDependencies } from "./chat-session";
import { newMessage } from "./conversation";
import { contextUsage, cutHistoryToBudget } from "./history";
import { MARKERS } from "./markers";
import { canSend, classifyChatError, completedAnswer, isResetCommand } from "./send-rules";

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
    const messages = Array.from({ length: 14 }, (_, index) => newMessage(index % 2 ? "assistant" : "user", `${index}`.padEnd(400, "x"), index));
    expect(cutHistoryToBudget(messages, 100_000).map((message) => message.timestamp)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    // 400 characters ≈ 100 tokens each: a 350-token budget keeps the newest 3.
    expect(cutHistoryToBudget(messages, 350).map((message) => message.timestamp)).toEqual([11, 12, 13]);
  });

  test("context usage: characters over 8000, capped at 100 %", () => {
    expect(contextUsage([newMessage("user", "x".repeat(800), 0)])).toBe(10);
    expect(contextUsage([newMessage("user", "x".repeat(20_000), 0)])).toBe(100);
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

  test("a completed answer ends with a separator and the time to first character", () => {
    expect(completedAnswer("Ciao!", 420)).toBe("Ciao!\n\n---\nPrimo carattere in 0,42 s");
  });
});

function session(overrides: Partial<ChatDependencies> = {}) {
  let clock = 1_000;
  return createChatSession({
    getAccessToken: async () => "token",
    complete: async function* () {
      clock += 250;
      yield "Buon";
      clock += 100;
      yield "giorno";
    },
    now: () => clock,
    isAdmin: () => false,
    historyTokens: 6144,
    ...overrides,
  });
}

describe("send pipeline", () => {
  test("the question, the streamed partial text, then the answer with its first-character line", async () => {
    const chat = session();
    const partials: string[] = [];
    chat.subscribe(() => partials.push(chat.getSnapshot().partial));
    await chat.send("  Ciao  ");
    const messages = chat.getSnapshot().conversation.messages;
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "Ciao"],
      ["assistant", "Buongiorno\n\n---\nPrimo carattere in 0,25 s"],
    ]);
    expect(partials).toContain("Buon");
    expect(partials).toContain("Buongiorno");
    expect(chat.getSnapshot().loading).toBe(false);
  });

  test("without a token nothing is sent and the spec's alert shows", async () => {
    const complete = vi.fn();
    const chat = session({ getAccessToken: async () => null, complete });
    await chat.send("Ciao");
    expect(complete).not.toHaveBeenCalled();
    expect(chat.getSnapshot().alert).toBe("Token Auth0 non disponibile. Effettua il login.");
    expect(chat.getSnapshot().conversation.messages).toEqual([]);
  });

  test("a 429 shows the quota card and blocks the input", async () => {
    const chat = session({
      complete: async function* () {
        yield* [];
        throw new HttpError(429, { error: "Hai raggiunto il limite di domande del tuo piano." });
      },
    });
    await chat.send("Ciao");
    expect(chat.getSnapshot().conversation.messages.at(-1)?.content).toBe(MARKERS.quotaExceeded);
    expect(chat.getSnapshot().blocked).toBe(true);
    const messagesBefore = chat.getSnapshot().conversation.messages.length;
    await chat.send("Ancora?");
    expect(chat.getSnapshot().conversation.messages).toHaveLength(messagesBefore);
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
    expect(chat.getSnapshot().conversation.messages.at(-1)?.content).toBe(MARKERS.quotaExceeded);
    expect(chat.getSnapshot().blocked).toBe(false);
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

  test("a document goes with its question only and never into the history", async () => {
    const requests: { document?: string; history: number }[] = [];
    const chat = session({
      complete: async function* ({ document, history }) {
        requests.push({ document, history: history.length });
        yield "ok";
      },
    });
    expect(await chat.send("Riassumi", { document: "Documento «Nota.pdf» (1 pagina):\nTesto." })).toBe(true);
    expect(await chat.send("E poi?")).toBe(true);
    expect(requests).toEqual([
      { document: "Documento «Nota.pdf» (1 pagina):\nTesto.", history: 0 },
      { document: undefined, history: 2 },
    ]);
    expect(chat.getSnapshot().conversation.messages.map((message) => message.content)).not.toContain(expect.stringContaining("Testo."));
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

  test("'Altre azioni' drops the last question and its answer", async () => {
    const chat = session();
    await chat.send("Uno");
    await chat.send("Due");
    chat.dropLastExchange();
    expect(chat.getSnapshot().conversation.messages.map((message) => message.content.split("\n")[0])).toEqual(["Uno", "Buongiorno"]);
    chat.dropLastExchange();
    chat.dropLastExchange();
    expect(chat.getSnapshot().conversation.messages).toEqual([]);
    expect(chat.getSnapshot().conversation.contextUsage).toBe(0);
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
    await vi.waitFor(() => expect(chat.getSnapshot().partial).toBe("Prima parte"));
    return { chat, sending };
  }

  test("stop keeps what arrived, marked as cut short", async () => {
    const { chat, sending } = await midAnswer();
    chat.stop();
    await sending;
    expect(chat.getSnapshot().conversation.messages.at(-1)?.content).toBe("Prima parte\n\n_(risposta interrotta)_");
    expect(chat.getSnapshot().loading).toBe(false);
  });

  test("clear during an answer leaves an empty conversation", async () => {
    const { chat, sending } = await midAnswer();
    chat.clear();
    await sending;
    expect(chat.getSnapshot().conversation.messages).toEqual([]);
    expect(chat.getSnapshot().loading).toBe(false);
  });

  test("the chosen model and Deep Think go with the question", async () => {
    const seen: unknown[] = [];
    const chat = session({
      complete: async function* ({ options }) {
        seen.push(options);
        yield "ok";
      },
    });
    expect(chat.getSnapshot().options).toEqual({ model: "openai/gpt-oss-120b", deepThink: false });
    chat.setModel("openai/gpt-oss-20b");
    chat.setDeepThink(true);
    await chat.send("Pensaci bene");
    expect(seen).toEqual([{ model: "openai/gpt-oss-20b", deepThink: true }]);
  });
});
