// @vitest-environment node
import { createApiClient } from "@oystar/api-client";
import { expect, test } from "vitest";
import {
  AnswerStalledError,
  ANSWER_IDLE_TIMEOUT_MS,
  classifyFailure,
  isResetCommand,
  LlmHttpError,
  streamCompletion,
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
