import { createApiClient } from "@oystar/api-client";
import type { SessionWorld } from "../session-world";
import { virtualTime } from "./virtual-time";

// The one fake world the three conversations are tested on (issue 24): a virtual clock that also
// times the answer-stream runner's limits, the quota reads it schedules, and a server — the
// model gateway, the debate's calls, RAG's ask-stream — whose answers the test scripts as the
// frames of an event stream. Nothing here waits on real time or the network.

/** One answer of the server: its stream's frames (then it ends, unless it `stalls`), or a refusal. */
export type ScriptedReply = { frames: readonly string[]; stalls?: boolean } | { status: number; body?: unknown };

/** One event-stream frame (`data: …`, with its `event:` name when it has one). */
export const streamFrame = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

/** A model's answer (an OpenAI-compatible stream), a piece per frame. */
export const modelFrames = (...pieces: string[]) => pieces.map((content) => streamFrame({ choices: [{ delta: { content } }] }));

export type FakeConversationWorld = ReturnType<typeof fakeConversationWorld>;

export function fakeConversationWorld(replies: ScriptedReply[] = []) {
  const time = virtualTime();
  const requests: Array<{ path: string; body: unknown }> = [];
  let quotaReads = 0;
  const encoder = new TextEncoder();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({
      path: new URL(String(input), "http://oystar.test").pathname,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const reply = replies.shift() ?? { frames: [] };
    if ("status" in reply) return Response.json(reply.body ?? {}, { status: reply.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const frame of reply.frames) controller.enqueue(encoder.encode(frame));
        // A stalled connection sends nothing more and never hears of an abort by itself.
        if (!reply.stalls) controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
  const session: SessionWorld = { ...time.clock, refreshQuota: () => void (quotaReads += 1) };
  return {
    ...time,
    /** What a chat or RAG session needs of the world: the clock, and the quota read again. */
    session,
    /** The server's client, on this origin (the debate's calls, RAG's ask-stream). */
    api: createApiClient({ fetch }),
    /** The server's fetch, for clients made by the feature itself (the chat's model gateway). */
    fetch,
    /** The runner's limits on the world's clock (streamCompletion's `schedule`). */
    limits: { schedule: time.clock.later, log: () => {} },
    /** What was asked, in order: each request's path and JSON body. */
    requests,
    quotaReads: () => quotaReads,
    /** Lets every promise the session is waiting on settle (no real time passes). */
    settle: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  };
}
