// @vitest-environment node
import { createApiClient } from "@oystar/api-client";
import { expect, expectTypeOf, test } from "vitest";
import {
  AnswerStalledError,
  ANSWER_IDLE_TIMEOUT_MS,
  classifyFailure,
  isResetCommand,
  LlmHttpError,
  newConversation,
  streamCompletion,
  type ChatMessage,
  type Conversation,
  type Schedule,
} from "./index";

// The floor's answer-stream runner and failure classifier, as the chat, the debate and RAG use them.

const line = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** Timers the test fires by hand. */
function handTimers() {
  const pending = new Set<{ task: () => void; delayMs: number }>();
  const schedule: Schedule = (task, delayMs) => {
    const timer = { task, delayMs };
    pending.add(timer);
    return () => pending.delete(timer);
  };
  const fire = (delayMs: number) =>
    [...pending].filter((timer) => timer.delayMs === delayMs).forEach((timer) => (pending.delete(timer), timer.task()));
  return { schedule, fire };
}

/** An endpoint that sends `pieces` and then, unless `ends`, keeps the connection open. */
function endpoint(pieces: string[], { status = 200, ends = true } = {}) {
  return createApiClient({
    baseUrl: "http://modello.test",
    fetch: async () => {
      if (status !== 200)
        return new Response(JSON.stringify({ error: "Quota esaurita" }), { status, headers: { "Content-Type": "application/json" } });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          if (ends) controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    },
  });
}

const collect = async (answer: AsyncGenerator<string>) => {
  const pieces: string[] = [];
  for await (const piece of answer) pieces.push(piece);
  return pieces;
};

test("an answer's pieces arrive in order; an unreadable line is reported by its position only and skipped", async () => {
  const logged: string[] = [];
  const pieces = await collect(
    streamCompletion(
      endpoint([line("Buon"), "data: {non json segreto\n\n", line("giorno"), "data: [DONE]\n\n"]),
      {},
      { signal: new AbortController().signal, log: (message) => logged.push(message) },
    ),
  );
  expect(pieces.join("")).toBe("Buongiorno");
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(/^Riga \d+ dello stream del modello non leggibile: saltata\.$/);
  expect(logged[0]).not.toContain("segreto");
});

test("a model that stops sending is cut off after the idle limit, with the spec's reason", async () => {
  const timers = handTimers();
  const answer = streamCompletion(
    endpoint([line("Prima parte")], { ends: false }),
    {},
    { signal: new AbortController().signal, schedule: timers.schedule },
  );
  expect((await answer.next()).value).toBe("Prima parte");
  const next = answer.next();
  timers.fire(ANSWER_IDLE_TIMEOUT_MS);
  const error = await next.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AnswerStalledError);
  expect(classifyFailure(error, { admin: false })).toEqual({
    kind: "stalled",
    message: "Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.",
  });
});

test("a refusal keeps its status: 429 is the quota card (input blocked, except for the admin), 401 the sign-in message", async () => {
  const refused = await collect(streamCompletion(endpoint([], { status: 429 }), {}, { signal: new AbortController().signal })).catch(
    (caught: unknown) => caught,
  );
  expect(refused).toBeInstanceOf(LlmHttpError);
  expect((refused as LlmHttpError).message).toBe("LLM HTTP error! status: 429");
  expect(classifyFailure(refused, { admin: false })).toEqual({ kind: "quota", blockInput: true });
  expect(classifyFailure(refused, { admin: true })).toEqual({ kind: "quota", blockInput: false });
  expect(classifyFailure(new LlmHttpError(401, null), { admin: false }).kind).toBe("auth");
  expect(classifyFailure(new Error("rete assente"), { admin: false })).toEqual({
    kind: "llm",
    message: "Errore di comunicazione con il modello: rete assente. Verifica che il backend sia attivo e raggiungibile.",
  });
});

test("only the exact `*reset*` command resets the connection", () => {
  expect(isResetCommand("  *reset* ")).toBe(true);
  expect(isResetCommand("*reset* adesso")).toBe(false);
});

test("issue 55 §1: a question a busy server refused is asked once more after its Retry-After, and the screen is told the wait", async () => {
  const timers = handTimers();
  let asked = 0;
  const busyOnce = createApiClient({
    baseUrl: "http://modello.test",
    fetch: async () => {
      asked += 1;
      if (asked === 1)
        return new Response(JSON.stringify({ error: "Servizio molto richiesto: riprova tra 4 s." }), {
          status: 503,
          headers: { "Content-Type": "application/json", "Retry-After": "4" },
        });
      return new Response(line("Eccomi") + "data: [DONE]\n\n", { headers: { "Content-Type": "text/event-stream" } });
    },
  });
  const told: number[] = [];
  const answer = collect(
    streamCompletion(
      busyOnce,
      {},
      { signal: new AbortController().signal, schedule: timers.schedule, onBusy: (seconds) => told.push(seconds) },
    ),
  );
  await expect.poll(() => told).toEqual([4]);
  expect(asked).toBe(1);
  timers.fire(4000);
  expect(await answer).toEqual(["Eccomi"]);
  expect(asked).toBe(2);

  // Refused again, the refusal is the answer's failure, with the server's words.
  asked = 0;
  const alwaysBusy = createApiClient({
    baseUrl: "http://modello.test",
    fetch: async () => {
      asked += 1;
      return new Response(JSON.stringify({ error: "Servizio molto richiesto: riprova tra 2 s." }), {
        status: 503,
        headers: { "Content-Type": "application/json", "Retry-After": "2" },
      });
    },
  });
  const refused = collect(streamCompletion(alwaysBusy, {}, { signal: new AbortController().signal, schedule: timers.schedule }));
  await expect.poll(() => asked).toBe(1);
  timers.fire(2000);
  const error = await refused.catch((caught: unknown) => caught);
  expect(error).toMatchObject({ status: 503, serverMessage: "Servizio molto richiesto: riprova tra 2 s." });
  expect(asked).toBe(2);
});

test("one factory makes every module's fresh conversation: empty, its id the moment it was made, its messages the module's own type", () => {
  type CitingMessage = ChatMessage & { sources?: { chunkId: string }[] };
  const conversation = newConversation<CitingMessage>(1_700_000_000_000);
  expect(conversation).toEqual({ id: "1700000000000", messages: [], contextUsage: 0, createdAt: 1_700_000_000_000 });
  // A module's typed fields stay typed: a message with sources goes in without a cast.
  conversation.messages.push({ id: "m", role: "assistant", content: "…", timestamp: 1, sources: [{ chunkId: "c1" }] });
  expectTypeOf(conversation.messages[0]?.sources).toEqualTypeOf<{ chunkId: string }[] | undefined>();
  expectTypeOf(newConversation(1)).toEqualTypeOf<Conversation>();
});
