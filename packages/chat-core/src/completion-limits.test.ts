// @vitest-environment node
import { describe, expect, test, vi } from "vitest";
import { ANSWER_IDLE_TIMEOUT_MS, LlmHttpError, MODEL_CALL_TIMEOUT_MS } from "@oystar/conversation";
import { modelCompletion } from "./completion";
import { testChatSession } from "./test-session";
import { AnswerStalledError, classifyFailure as classifyChatError, type Schedule } from "@oystar/conversation";

/** Timers the test fires by hand: no waiting, no clock. */
function handTimers() {
  const pending = new Map<number, { task: () => void; delayMs: number }>();
  let next = 0;
  const schedule: Schedule = (task, delayMs) => {
    const id = ++next;
    pending.set(id, { task, delayMs });
    return () => pending.delete(id);
  };
  const fire = (delayMs: number) => {
    for (const [id, timer] of [...pending]) {
      if (timer.delayMs !== delayMs) continue;
      pending.delete(id);
      timer.task();
    }
  };
  const armed = (delayMs: number) => [...pending.values()].filter((timer) => timer.delayMs === delayMs).length;
  return { schedule, fire, armed };
}

const line = (content: string) => new TextEncoder().encode(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);

/** An endpoint whose answer the test writes piece by piece; it never ends by itself. */
function stallingEndpoint() {
  let writer: ReadableStreamDefaultController<Uint8Array> | null = null;
  let fetchSignal: AbortSignal | undefined;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    fetchSignal = init?.signal ?? undefined;
    // Like a stalled connection: it never hears of the abort by itself.
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  });
  return { fetch, write: (content: string) => writer?.enqueue(line(content)), aborted: () => fetchSignal?.aborted ?? false };
}

/** The answer's first piece, once the endpoint has been asked (a generator starts on its first read). */
async function firstPiece(answer: AsyncGenerator<string>, endpoint: ReturnType<typeof stallingEndpoint>, content: string) {
  const first = answer.next();
  await vi.waitFor(() => expect(endpoint.fetch).toHaveBeenCalled());
  endpoint.write(content);
  return (await first).value;
}

const request = (signal = new AbortController().signal) => ({
  question: "Ciao",
  history: [],
  token: "t",
  signal,
  options: { model: "openai/gpt-oss-120b" as const, deepThink: false },
});

describe("a stalled answer (spec 001 §8)", () => {
  test("no byte for the idle limit: cut off, and the request is aborted", async () => {
    const timers = handTimers();
    const endpoint = stallingEndpoint();
    const answer = modelCompletion({ baseUrl: "/groq", fetch: endpoint.fetch, schedule: timers.schedule })(request());
    expect(await firstPiece(answer, endpoint, "Buon")).toBe("Buon");
    // Each piece re-arms the one idle timer.
    expect(timers.armed(ANSWER_IDLE_TIMEOUT_MS)).toBe(1);
    endpoint.write("gio");
    expect((await answer.next()).value).toBe("gio");
    expect(timers.armed(ANSWER_IDLE_TIMEOUT_MS)).toBe(1);
    const next = answer.next();
    timers.fire(ANSWER_IDLE_TIMEOUT_MS);
    const error = await next.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect((error as Error).message).toBe("Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.");
    expect(endpoint.aborted()).toBe(true);
  });

  test("pieces keep coming but 120 s in all have passed: cut off", async () => {
    const timers = handTimers();
    const endpoint = stallingEndpoint();
    const answer = modelCompletion({ baseUrl: "/groq", fetch: endpoint.fetch, schedule: timers.schedule })(request());
    await firstPiece(answer, endpoint, "a");
    endpoint.write("b");
    await answer.next();
    const next = answer.next();
    timers.fire(MODEL_CALL_TIMEOUT_MS);
    const error = await next.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect((error as Error).message).toBe("La risposta ha superato il limite di 120 secondi ed è stata interrotta.");
    expect(endpoint.aborted()).toBe(true);
  });

  test("a complete answer leaves no timer behind", async () => {
    const timers = handTimers();
    const fetch = async () => new Response(new Blob([line("Ciao"), "data: [DONE]\n\n"]).stream());
    const pieces: string[] = [];
    for await (const piece of modelCompletion({ baseUrl: "/groq", fetch, schedule: timers.schedule })(request())) pieces.push(piece);
    expect(pieces).toEqual(["Ciao"]);
    expect(timers.armed(ANSWER_IDLE_TIMEOUT_MS) + timers.armed(MODEL_CALL_TIMEOUT_MS)).toBe(0);
  });

  test("the user's stop is not a stall", async () => {
    const timers = handTimers();
    const endpoint = stallingEndpoint();
    const user = new AbortController();
    const answer = modelCompletion({ baseUrl: "/groq", fetch: endpoint.fetch, schedule: timers.schedule })(request(user.signal));
    await firstPiece(answer, endpoint, "a");
    const next = answer.next();
    user.abort();
    const error = await next.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(AnswerStalledError);
    expect(endpoint.aborted()).toBe(true);
  });

  test("the chat keeps what had arrived and says why it stops there", async () => {
    const timers = handTimers();
    const endpoint = stallingEndpoint();
    const complete = modelCompletion({ baseUrl: "/groq", fetch: endpoint.fetch, schedule: timers.schedule });
    const chat = testChatSession({ complete });
    const sent = chat.send("Ciao");
    await vi.waitFor(() => expect(endpoint.fetch).toHaveBeenCalled());
    endpoint.write("Ecco l'inizio");
    await vi.waitFor(() => expect(chat.store.getState().partial).toBe("Ecco l'inizio"));
    timers.fire(ANSWER_IDLE_TIMEOUT_MS);
    await sent;
    expect(chat.store.getState().conversation.messages.at(-1)?.content).toBe(
      "Ecco l'inizio\n\n_(Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.)_",
    );
    expect(chat.store.getState().loading).toBe(false);
  });
});

describe("the direct call's stream errors (spec 001 §8)", () => {
  test("a non-OK answer is 'LLM HTTP error! status: {n}', keeping the status", async () => {
    const fetch = async () => Response.json({ error: "x" }, { status: 502 });
    const error = await modelCompletion({ baseUrl: "/groq", fetch })(request())
      .next()
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error).toMatchObject({ message: "LLM HTTP error! status: 502", status: 502 });
    expect(classifyChatError(error, { admin: false })).toMatchObject({
      kind: "llm",
      message: expect.stringContaining("LLM HTTP error! status: 502"),
    });
  });

  test("a 429 from the model call is still the quota", async () => {
    const fetch = async () => Response.json({ error: "quota" }, { status: 429 });
    const error = await modelCompletion({ baseUrl: "/groq", fetch })(request())
      .next()
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(classifyChatError(error, { admin: false })).toEqual({ kind: "quota", blockInput: true });
  });

  test("an answer without a body is 'Response body reader not available'", async () => {
    const fetch = async () => new Response(null, { status: 200 });
    await expect(modelCompletion({ baseUrl: "/groq", fetch })(request()).next()).rejects.toThrow("Response body reader not available");
  });

  test("an error without a message is 'Unknown error'", () => {
    expect(classifyChatError(new Error(""), { admin: false })).toMatchObject({ message: expect.stringContaining("Unknown error") });
    expect(classifyChatError({}, { admin: false })).toMatchObject({ message: expect.stringContaining("Unknown error") });
  });

  test("a line that cannot be read is logged by its position, never its content, and skipped", async () => {
    const log = vi.fn();
    const fetch = async () =>
      new Response(new Blob([line("Uno"), "data: {segreto non json\n\n", line(" due"), "data: [DONE]\n\n"]).stream());
    const pieces: string[] = [];
    for await (const piece of modelCompletion({ baseUrl: "/groq", fetch, log })(request())) pieces.push(piece);
    expect(pieces).toEqual(["Uno", " due"]);
    expect(log).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith("Riga 3 dello stream del modello non leggibile: saltata.");
    expect(JSON.stringify(log.mock.calls)).not.toContain("segreto");
  });
});
