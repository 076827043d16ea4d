import { citedPassage } from "@oystar/conversation/testing";
import { createApiClient, defaultSettings, type StreamChunk } from "@oystar/api-client";
import { cutsOf, unsafeMarkup, xssPayloads } from "@oystar/vitest-config/hostile-text";
import { drawingSurface } from "@oystar/vitest-config/drawing-surface";
import { expect, test } from "vitest";
import { httpAskStream } from "../ask-stream";
import type { RagMessage } from "../rag-conversation";
import { createRagSession, type RagState } from "../rag-session";
import { RagAnswer } from "./rag-answer";

// Issue 28 §5: each payload of the security team's list in a RAG answer — its text, whole and cut
// in two at every position, and its sources' titles, file names, addresses and excerpts — read
// from POST /api/ask-stream's event stream by the screen's own reader (httpAskStream), kept by
// the RAG session and drawn as the conversation draws each answer; and as the server's summary.
// (The source viewer's passages: rag-answer-viewer.test.tsx; in Chromium: e2e xss-sinks.spec.ts.)

const surface = drawingSurface();
const { container } = surface;

/** The conversation as the screen shows it: each finished answer with its sources, the one streaming. */
function draw({ conversation, partial, loading, answerId }: Pick<RagState, "conversation" | "partial" | "loading" | "answerId">) {
  const answers = conversation.messages.filter((message) => message.role === "assistant");
  surface.draw(
    <>
      {answers.map((message) => (
        <RagAnswer key={message.id} message={message} sources={message.sources} />
      ))}
      {loading && answerId ? <RagAnswer message={{ id: answerId, content: partial }} streaming /> : null}
    </>,
  );
}

/** The server's events as they come off the wire, the bytes in two chunks cut at `cutShare`. */
function askStreamResponse(events: StreamChunk[], cutShare: number): Response {
  const bytes = new TextEncoder().encode(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}event: end\ndata: {}\n\n`);
  const at = Math.max(1, Math.floor(bytes.length * cutShare));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, at));
      if (at < bytes.length) controller.enqueue(bytes.subarray(at));
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

/** Sources made of the payload: as title, file name and excerpt, one with it in its http address, one with it in a javascript: address. */
const hostileSources = (payload: string) => [
  citedPassage({
    filename: `${payload}.pdf`,
    title: payload,
    url: `https://esempio.invalid/documento?q=${payload}`,
    noteNumber: 1,
    chunkId: "11",
    excerpt: payload,
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: `${payload}.md`,
    title: payload,
    url: ` javascript:${payload}`,
    noteNumber: 2,
    chunkId: "12",
    excerpt: payload,
    support: { cited: true, confidence: null },
  }),
];

/** Asks one question of a session reading `events`; draws every state it goes through. */
async function answerDrawn(
  events: StreamChunk[],
  cutShare: number,
): Promise<{ problems: string[]; answer: RagMessage | undefined; messages: RagMessage[] }> {
  const api = createApiClient({ fetch: async () => askStreamResponse(events, cutShare) });
  const session = createRagSession({
    ask: httpAskStream(api),
    now: () => 1,
    later: () => () => {},
    refreshQuota: () => {},
    settings: defaultSettings,
  });
  const problems: string[] = [];
  const unsubscribe = session.store.subscribe((state) => {
    draw(state);
    problems.push(...unsafeMarkup(container));
  });
  await session.send("Domanda sui documenti");
  unsubscribe();
  const messages = session.store.getState().conversation.messages;
  return { problems, answer: messages.findLast((message) => message.role === "assistant" && message.kind !== "summary"), messages };
}

test("the Markdown renderer has loaded (the first answer is shown as text until then)", async () => {
  draw({
    conversation: {
      messages: [{ id: "r", role: "assistant", content: "**pronto**", timestamp: 0 }],
    } as unknown as RagState["conversation"],
    partial: "",
    loading: false,
    answerId: null,
  });
  await expect.poll(() => container.querySelector("strong")?.textContent, { timeout: 30_000 }).toBe("pronto");
});

test.each(xssPayloads.map((payload, index) => [index + 1, payload] as const))(
  "payload %i as a RAG answer and its sources, the answer cut at every position, draws nothing that runs or loads",
  async (_, payload) => {
    const sources = hostileSources(payload);
    const cuts = cutsOf(`${payload} [1] [2]`);
    for (const [index, [before, after]] of cuts.entries()) {
      const events: StreamChunk[] = [{ sources }, ...[before, after].filter(Boolean).map((chunk) => ({ chunk })), { sources }];
      const { problems, answer } = await answerDrawn(events, index / cuts.length);
      expect(answer?.content, `cut at ${before.length}`).toBe(`${payload} [1] [2]`);
      expect(problems, `cut at ${before.length}`).toEqual([]);
    }
    // The finished answer lists its source with an http address, by the payload as its title, as text.
    const list = container.querySelector(".rag-source");
    expect(list?.querySelector(".rag-source__title")?.textContent).toBe(payload);
    expect(list?.querySelector("a.rag-source__title")?.getAttribute("href")).toMatch(/^https:\/\/esempio\.invalid\/documento\?q=/);
  },
);

test.each(xssPayloads.map((payload, index) => [index + 1, payload] as const))(
  "payload %i as the server's summary of the conversation is drawn as text",
  async (_, payload) => {
    const { problems, messages } = await answerDrawn([{ chunk: "Risposta." }, { contextUsage: 95, summary: payload }], 0.5);
    expect(messages.find((message) => message.kind === "summary")?.content).toBe(payload);
    expect(problems).toEqual([]);
  },
);
