import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import { afterEach, describe, expect, test } from "vitest";
import { answerSource, fedAnswer, nodeStreamAnswer, sendingNodeStreams, type AnswerFeed } from "./node-stream-answer";

// Issue 37 §1: a held answer's reader writes straight into the client's connection (fedAnswer),
// and a held answer reads the model's own stream (answerSource) — each a fast path beside the
// slower one it replaces on the Node road, which a web reader (the app in-process) still takes.

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server whose only answer is made by `produce`, writing into the feed as it likes. */
async function serving(produce: (feed: AnswerFeed) => void) {
  const answer = () => {
    const { response, feed } = fedAnswer({ status: 200, headers: { "Content-Type": "text/event-stream" } }, () => {});
    produce(feed);
    return response;
  };
  const server = serve({ fetch: sendingNodeStreams(() => answer()), port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, inProcess: answer };
}

/** Events written before the answer is sent, then one at a time, then the end. */
const producer = (feed: AnswerFeed) => {
  feed.write(Buffer.from("id: 1\ndata: uno\n\n"));
  feed.write(Buffer.from("id: 2\ndata: due\n\n"));
  void settle(20).then(() => {
    feed.write(Buffer.from("id: 3\ndata: tre\n\n"));
    return settle(20).then(() => feed.end());
  });
};

describe("an answer written straight into the connection", () => {
  test("the client over HTTP gets the same bytes, in the same order, as a reader of the Response in-process", async () => {
    const { url, inProcess } = await serving(producer);
    const overHttp = await (await fetch(url)).text();
    const read = await inProcess().text();
    expect(overHttp).toBe("id: 1\ndata: uno\n\nid: 2\ndata: due\n\nid: 3\ndata: tre\n\n");
    expect(read).toBe(overHttp);
  });

  test("the head goes at once, before any event; an answer ended before it was sent arrives whole", async () => {
    let later: AnswerFeed | null = null;
    const waiting = await serving((feed) => (later = feed));
    const response = await fetch(waiting.url);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    later!.write(Buffer.from("data: fine\n\n"));
    later!.end();
    expect(await response.text()).toBe("data: fine\n\n");

    const ended = await serving((feed) => {
      feed.write(Buffer.from("data: tutto\n\n"));
      feed.end();
      feed.write(Buffer.from("data: dopo la fine\n\n"));
    });
    expect(await (await fetch(ended.url)).text()).toBe("data: tutto\n\n");
  });

  test("a web reader that gives up is told, and nothing more is pushed to it", async () => {
    let cancelled = false;
    const { response, feed } = fedAnswer({ status: 200 }, () => (cancelled = true));
    const reader = response.body!.getReader();
    feed.write(Buffer.from("data: uno\n\n"));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: uno\n\n");
    await reader.cancel();
    expect(cancelled).toBe(true);
    expect(() => feed.write(Buffer.from("data: due\n\n"))).not.toThrow();
    expect(() => feed.end()).not.toThrow();
  });
});

describe("a held answer reading the model's own stream", () => {
  const read = async (source: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  };

  test("gives the same bytes as the copy through a stream of its own it replaces", async () => {
    // The model's stream paused after its first bytes, as the gateway leaves it (fast path).
    const model = new PassThrough();
    model.write("data: due\n\n");
    model.pause();
    setTimeout(() => model.end("data: tre\n\n"), 10);
    const direct = answerSource(nodeStreamAnswer(Buffer.from("data: uno\n\n"), model, {}, () => {}));
    expect(direct).toBe(model);
    // A stream in object mode (a generator's) still goes through the copy (slow path).
    const generated = Readable.from([Buffer.from("data: due\n\n"), Buffer.from("data: tre\n\n")]);
    const copied = answerSource(nodeStreamAnswer(Buffer.from("data: uno\n\n"), generated, {}, () => {}));
    expect(copied).not.toBe(generated);
    const [fast, slow] = await Promise.all([read(direct), read(copied)]);
    expect(fast).toBe("data: uno\n\ndata: due\n\ndata: tre\n\n");
    expect(slow).toBe(fast);
  });
});
