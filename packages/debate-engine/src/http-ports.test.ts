import { createApiClient } from "@oystar/api-client";
import { AnswerStalledError, LlmHttpError, type Schedule } from "@oystar/conversation";
import { describe, expect, test, vi } from "vitest";
import { createDebateSession } from "./debate-session";
import { keptDebateOf } from "./kept-debate";
import { turnCall } from "./debate-request";
import { httpDebatePorts } from "./http-ports";
import type { ModelPiece } from "./ports";
import { virtualTime } from "@oystar/conversation/testing";

// The network ports against an in-memory fetch that answers like the product's API.

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };

function api(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(request);
    return answer(request);
  };
  return { client: createApiClient({ baseUrl: "https://oystar.test", fetch, getAccessToken: async () => "tok" }), seen };
}

/** Turn 0 of a debate, as the engine calls it. */
const request = turnCall({
  debateId: "5c7f0d4e-2a8b-4c1e-9f3a-6b2d8e1c0a47",
  mode: "debate",
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-120b" },
  length: 6,
  provider: "cloud",
  history: [],
  turn: 0,
});

const sse = (...pieces: string[]) =>
  new Response(
    [...pieces.map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`), "data: [DONE]\n\n"].join(""),
    {
      headers: { "Content-Type": "text/event-stream" },
    },
  );

test("a model call posts the debate's structured call and yields the streamed text", async () => {
  const model = api(() => sse("Il treno ", "vince."));
  const ports = httpDebatePorts({ api: model.client });
  const pieces: ModelPiece[] = [];
  for await (const piece of ports.model({ request, signal: new AbortController().signal })) pieces.push(piece);
  expect(pieces).toEqual(["Il treno ", "vince."]);
  expect(model.seen).toMatchObject([
    { url: "https://oystar.test/api/debates/calls", method: "POST", headers: { Authorization: "Bearer tok" }, body: request },
  ]);
});

test("a turn argued from documents yields its passages before the words and its quotes' verdicts after; an unreadable event is dropped", async () => {
  const passages = {
    index: "gardenroute-demo",
    passages: [
      {
        noteNumber: 1,
        chunkId: "42",
        document: "gardenroute-demo/giardini.md",
        title: "Giardini",
        filename: "giardini.md",
        url: null,
        page: null,
        place: null,
        excerpt: "Il bosso…",
        support: null,
      },
    ],
  };
  const quotes = { quotes: [{ n: 1, text: "il bosso va potato in inverno", status: "verified" }], seal: "a".repeat(43) };
  const body = [
    `event: debate-passages\ndata: ${JSON.stringify(passages)}\n\n`,
    `data: ${JSON.stringify({ choices: [{ delta: { content: "«il bosso va potato in inverno» [1]" } }] })}\n\n`,
    'event: debate-quotes\ndata: {"quotes":"nessuna"}\n\n',
    `event: debate-quotes\ndata: ${JSON.stringify(quotes)}\n\n`,
    "data: [DONE]\n\n",
  ].join("");
  const model = api(() => new Response(body, { headers: { "Content-Type": "text/event-stream" } }));
  const pieces: ModelPiece[] = [];
  for await (const piece of httpDebatePorts({ api: model.client }).model({ request, signal: new AbortController().signal }))
    pieces.push(piece);
  expect(pieces).toEqual([{ passages }, "«il bosso va potato in inverno» [1]", { quotes }]);
});

test("the increment gives the debate id, or quota exhausted on 429; other failures are errors", async () => {
  const ok = api(() => Response.json({ debate_id: "7", debates_used: 1, debates_limit: 30 }));
  expect(await httpDebatePorts({ api: ok.client }).startDebate()).toEqual({ status: "started", debateId: "7" });
  expect(ok.seen).toMatchObject([{ url: "https://oystar.test/api/debates/increment", method: "POST" }]);
  const exhausted = api(() => Response.json({ error: "Hai raggiunto il limite di dibattiti del tuo piano corrente." }, { status: 429 }));
  expect(await httpDebatePorts({ api: exhausted.client }).startDebate()).toEqual({ status: "quotaExhausted" });
  const broken = api(() => Response.json({ error: "Errore interno" }, { status: 500 }));
  await expect(httpDebatePorts({ api: broken.client }).startDebate()).rejects.toMatchObject({ status: 500 });
});

test("the provider reset posts the provider and both models", async () => {
  const reset = api(() => Response.json({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } }));
  const answer = await httpDebatePorts({ api: reset.client }).resetProvider({ provider: "cloud", models: ["a", "b"] });
  expect(answer.status).toBe("success");
  expect(reset.seen).toMatchObject([{ url: "https://oystar.test/api/ollama/reset", body: { provider: "cloud", models: ["a", "b"] } }]);
});

describe("a turn's stream has the chat's limits (spec 001 §8)", () => {
  const piece = (content: string) => new TextEncoder().encode(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);

  /** A model endpoint the test writes to piece by piece, on a virtual clock; it never ends by itself. */
  function stallingModel(answer: "stream" | "silent" = "stream") {
    const time = virtualTime();
    const schedule: Schedule = time.clock.later;
    let writer: ReadableStreamDefaultController<Uint8Array> | null = null;
    let fetchSignal: AbortSignal | undefined;
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      fetchSignal = init?.signal ?? undefined;
      // A model that never sends its headers; like fetch, it gives up when aborted.
      if (answer === "silent")
        return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
      // Like a stalled connection: the body never hears of the abort by itself.
      return new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) }), {
        headers: { "Content-Type": "text/event-stream" },
      });
    });
    const log = vi.fn();
    const client = createApiClient({ baseUrl: "https://oystar.test", fetch, getAccessToken: async () => "tok" });
    const ports = httpDebatePorts({ api: client, limits: { schedule, log } });
    return {
      time,
      ports,
      log,
      fetch,
      write: (content: string) => writer?.enqueue(piece(content)),
      aborted: () => fetchSignal?.aborted ?? false,
    };
  }

  const turn = (model: ReturnType<typeof stallingModel>) =>
    model.ports.model({ request, signal: new AbortController().signal })[Symbol.asyncIterator]();
  const failureOf = (pending: Promise<unknown>) =>
    pending.then(
      () => null,
      (reason: unknown) => reason,
    );

  test("a stream that stops sending is cut off after 30 s, and the request aborted", async () => {
    const model = stallingModel();
    const pieces = turn(model);
    const first = pieces.next();
    await vi.waitFor(() => expect(model.fetch).toHaveBeenCalled());
    model.write("Il treno");
    expect((await first).value).toBe("Il treno");
    const next = pieces.next();
    model.time.advance(29_999);
    model.write(" vince");
    expect((await next).value).toBe(" vince");
    const stalled = failureOf(pieces.next());
    model.time.advance(30_000);
    const error = await stalled;
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect((error as Error).message).toBe("Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.");
    expect(model.aborted()).toBe(true);
  });

  test("the 120 s hold after the headers: a stream still sending at 120 s is cut off", async () => {
    const model = stallingModel();
    const pieces = turn(model);
    const first = pieces.next();
    await vi.waitFor(() => expect(model.fetch).toHaveBeenCalled());
    model.write("a");
    await first;
    for (let elapsed = 20_000; elapsed < 120_000; elapsed += 20_000) {
      const next = pieces.next();
      model.time.advance(20_000);
      model.write("b");
      await next;
    }
    const cut = failureOf(pieces.next());
    model.time.advance(20_000);
    const error = await cut;
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect((error as Error).message).toBe("La risposta ha superato il limite di 120 secondi ed è stata interrotta.");
    expect(model.aborted()).toBe(true);
  });

  test("and before them: a model that never answers is given up at 120 s", async () => {
    const model = stallingModel("silent");
    const cut = failureOf(turn(model).next());
    await vi.waitFor(() => expect(model.fetch).toHaveBeenCalled());
    model.time.advance(120_000);
    expect(await cut).toBeInstanceOf(AnswerStalledError);
    expect(model.aborted()).toBe(true);
  });

  test("a line that cannot be read is logged by its position, never its content, and skipped", async () => {
    const log = vi.fn();
    const body = new Blob([piece("Uno"), "data: {segreto non json\n\n", piece(" due"), "data: [DONE]\n\n"]).stream();
    const client = createApiClient({ baseUrl: "https://oystar.test", fetch: async () => new Response(body) });
    const pieces: ModelPiece[] = [];
    for await (const text of httpDebatePorts({ api: client, limits: { log } }).model({ request, signal: new AbortController().signal }))
      pieces.push(text);
    expect(pieces).toEqual(["Uno", " due"]);
    expect(log).toHaveBeenCalledExactlyOnceWith("Riga 3 dello stream del modello non leggibile: saltata.");
    expect(JSON.stringify(log.mock.calls)).not.toContain("segreto");
  });

  test("a non-OK answer is 'LLM HTTP error! status: {n}'; the debate's card keeps the server's words", async () => {
    const client = createApiClient({
      baseUrl: "https://oystar.test",
      fetch: async () => Response.json({ error: "Il modello non risponde. Riprova tra poco." }, { status: 502 }),
    });
    const error = await failureOf(
      httpDebatePorts({ api: client }).model({ request, signal: new AbortController().signal })[Symbol.asyncIterator]().next(),
    );
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error).toMatchObject({
      message: "LLM HTTP error! status: 502",
      status: 502,
      serverMessage: "Il modello non risponde. Riprova tra poco.",
    });
  });

  test("in a debate, a stalled turn ends in the error card and 'Prossimo' can play it again", async () => {
    const model = stallingModel();
    const reset = async () => ({ status: "success" as const, message: "ok", details: { actions: [] } });
    const session = createDebateSession(
      { ...model.ports, clock: model.time.clock, resetProvider: reset, startDebate: async () => ({ status: "started", debateId: "41" }) },
      { length: 6, auto: false },
    );
    session.start({ theses: ["Il treno", "L'aereo"] });
    await vi.waitFor(() => expect(model.fetch).toHaveBeenCalled());
    model.write("Il treno è");
    await vi.waitFor(() => expect(session.store.getState().streaming?.text).toBe("Il treno è"));
    model.time.advance(30_000);
    await vi.waitFor(() => expect(session.store.getState().status).toBe("between"));
    expect(session.store.getState().messages).toMatchObject([
      { card: { kind: "error", message: "❌ Errore: Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta." } },
    ]);
    session.next();
    await vi.waitFor(() => expect(model.fetch).toHaveBeenCalledTimes(2));
    expect(session.store.getState().streaming).toMatchObject({ speaker: "A", turn: 0 });
    session.dispose();
  });
});

describe("issue 35 §2: a debate call the server holds", () => {
  const HELD = "abcdefghijklmnopqrstuvwx";
  const events = ["Il treno ", "inquina ", "meno."].map(
    (content, index) => `id: ${index + 1}\ndata: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`,
  );
  /** The first answer: one event, then the connection drops. */
  function dropping(): Response {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(new TextEncoder().encode(events[0]!));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
  }

  test("is asked for, and a connection that drops resumes after the last event: nothing lost, nothing twice", async () => {
    const model = api((seen) =>
      seen.method === "POST"
        ? dropping()
        : new Response([...events.slice(Number(seen.headers["Last-Event-ID"])), "data: [DONE]\n\n"].join(""), {
            headers: { "Content-Type": "text/event-stream" },
          }),
    );
    const pieces: ModelPiece[] = [];
    for await (const piece of httpDebatePorts({ api: model.client }).model({ request, signal: new AbortController().signal }))
      pieces.push(piece);
    expect(pieces.join("")).toBe("Il treno inquina meno.");
    expect(model.seen[0]?.headers["Oystar-Resumable"]).toBe("1");
    expect(model.seen.slice(1).map((seen) => [seen.method, seen.url, seen.headers["Last-Event-ID"]])).toEqual([
      ["GET", `/api/streams/${HELD}`, "1"],
    ]);
  });

  test("STOP stops the call on the server too; a screen left does not, and still names the turn held", async () => {
    const model = api((seen) => {
      if (seen.method === "DELETE") return new Response(null, { status: 204 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(events[0]!));
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
    });
    const deleted = () => model.seen.filter((seen) => seen.method === "DELETE").map((seen) => seen.url);
    const play = () => {
      const session = createDebateSession(
        {
          ...httpDebatePorts({ api: model.client }),
          clock: virtualTime().clock,
          resetProvider: async () => ({ status: "success", message: "ok", details: { actions: [] } }),
          startDebate: async () => ({ status: "started", debateId: "41" }),
        },
        { length: 6, auto: false },
      );
      session.start({ theses: ["Il treno", "L'aereo"] });
      return session;
    };

    const stopped = play();
    await vi.waitFor(() => expect(stopped.store.getState().streaming?.text).toBe("Il treno "));
    stopped.stop();
    await vi.waitFor(() => expect(deleted()).toEqual([`/api/streams/${HELD}`]));

    // Issue 35 §3: leaving the screen keeps the turn running on the server, to be taken up.
    const left = play();
    await vi.waitFor(() => expect(left.store.getState().streaming?.text).toBe("Il treno "));
    left.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deleted()).toHaveLength(1);
    expect(left.held.getState().heldTurn).toEqual({ debateId: "41", turn: 0, streamUrl: `/api/streams/${HELD}` });
  });
});

describe("issue 35 §2: a turn taken up after a reload", () => {
  const HELD = "abcdefghijklmnopqrstuvwx";
  const turnEvents = (words: string[]) =>
    [
      ...words.map((content, index) => `id: ${index + 1}\ndata: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`),
      `id: ${words.length + 1}\ndata: [DONE]\n\n`,
    ].join("");
  const held = (text: string) => new Response(text, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
  const ports = (client: ReturnType<typeof api>["client"]) => ({
    ...httpDebatePorts({ api: client }),
    clock: virtualTime().clock,
    resetProvider: async () => ({ status: "success", message: "ok", details: { actions: [] } }),
    startDebate: async () => ({ status: "started" as const, debateId: "41" }),
  });

  test("while a turn is written the session says where the server holds it; once it is in, nothing is held", async () => {
    let finish = () => {};
    const model = api(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('id: 1\ndata: {"choices":[{"delta":{"content":"Il treno "}}]}\n\n'));
          finish = () => {
            controller.enqueue(
              new TextEncoder().encode('id: 2\ndata: {"choices":[{"delta":{"content":"vince."}}]}\n\nid: 3\ndata: [DONE]\n\n'),
            );
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
    });
    const session = createDebateSession(ports(model.client), { length: 6, auto: false });
    session.start({ theses: ["Il treno", "L'aereo"] });
    await vi.waitFor(() =>
      expect(session.held.getState().heldTurn).toEqual({ debateId: "41", turn: 0, streamUrl: `/api/streams/${HELD}` }),
    );
    finish();
    await vi.waitFor(() => expect(session.store.getState().status).toBe("between"));
    expect(session.held.getState().heldTurn).toBeNull();
  });

  test("a debate opened again takes up the turn the server holds: read from its start, not asked again", async () => {
    // The debate as the device kept it: its first turn played.
    const first = api(() => held(turnEvents(["Il treno ", "inquina meno."])));
    const played = createDebateSession(ports(first.client), { length: 6, auto: false });
    played.start({ theses: ["Il treno", "L'aereo"] });
    await vi.waitFor(() => expect(played.store.getState().status).toBe("between"));
    const kept = keptDebateOf(played.store.getState());
    expect(kept).not.toBeNull();

    const reloaded = api((seen) =>
      seen.method === "GET" ? held(turnEvents(["L'aereo ", "è più veloce."])) : new Response(null, { status: 500 }),
    );
    const session = createDebateSession(ports(reloaded.client), { length: 6, auto: false });
    session.open(kept!);
    expect(session.resumeTurn({ debateId: "41", turn: 2, streamUrl: `/api/streams/${HELD}` })).toBe(false);
    expect(session.resumeTurn({ debateId: "41", turn: 1, streamUrl: `/api/streams/${HELD}` })).toBe(true);
    await vi.waitFor(() => expect(session.store.getState().turn).toBe(2));
    expect(reloaded.seen.map((seen) => [seen.method, seen.url])).toEqual([["GET", `/api/streams/${HELD}`]]);
    expect(
      session.store
        .getState()
        .messages.filter((message) => message.turn !== undefined)
        .map((message) => message.content),
    ).toEqual(["Il treno inquina meno.", "L'aereo è più veloce."]);
  });
});
