import { STOPPED_BY_USER } from "@oystar/api-client";
import { expect, test, vi } from "vitest";
import type { ChatDependencies } from "./chat-session";
import type { CompletionRequest, ResumeRequest } from "./completion";
import { testChatSession } from "./test-session";

// Issue 35 §2: an answer the server holds is known to the session while it is written, and a page
// reloaded mid-answer reads it again from the server and ends it in the conversation, asking nothing.

const HELD = "/api/streams/abcdefghijklmnopqrstuvwx";

test("while an answer streams its held address is known; once it is in the conversation it is not", async () => {
  let release = () => {};
  const complete = async function* ({ onStream }: CompletionRequest) {
    onStream?.(HELD);
    yield "Metà";
    await new Promise<void>((resolve) => (release = resolve));
    yield " e fine";
  };
  const chat = testChatSession({ complete });
  const sending = chat.send("Domanda?");
  await vi.waitFor(() => expect(chat.store.getState().partial).toBe("Metà"));
  expect(chat.store.getState().heldAnswer).toBe(HELD);
  release();
  await sending;
  expect(chat.store.getState().heldAnswer).toBeNull();
  expect(chat.store.getState().conversation.messages.at(-1)?.content).toBe("Metà e fine");
});

test("a reloaded page resumes the held answer of the conversation's last question, once, without asking again", async () => {
  const complete = vi.fn<ChatDependencies["complete"]>();
  const resume = vi.fn(async function* ({ streamUrl }: ResumeRequest) {
    expect(streamUrl).toBe(HELD);
    yield "Risposta";
    yield " ripresa";
  });
  const chat = testChatSession({ complete, resume });
  chat.open({ id: "9", createdAt: 9, messages: [{ id: "9-1", role: "user", content: "Domanda?", timestamp: 9 }] });
  expect(await chat.resume(HELD)).toBe(true);
  const messages = chat.store.getState().conversation.messages;
  expect(messages.map((message) => [message.role, message.content])).toEqual([
    ["user", "Domanda?"],
    ["assistant", "Risposta ripresa"],
  ]);
  expect(complete).not.toHaveBeenCalled();
  expect(chat.store.getState().heldAnswer).toBeNull();
  // Answered, the conversation has nothing left to resume.
  expect(await chat.resume(HELD)).toBe(false);
  expect(resume).toHaveBeenCalledOnce();
});

test("STOP during a resumed answer stops it on the server (the abort says so), leaving the screen does not", async () => {
  const reasons: unknown[] = [];
  const resume = async function* ({ signal }: ResumeRequest) {
    yield "Prima";
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    reasons.push(signal.reason);
  };
  const question = { id: "9", createdAt: 9, messages: [{ id: "9-1", role: "user" as const, content: "Domanda?", timestamp: 9 }] };
  const stopped = testChatSession({ complete: vi.fn(), resume });
  stopped.open(question);
  const first = stopped.resume(HELD);
  await vi.waitFor(() => expect(stopped.store.getState().partial).toBe("Prima"));
  stopped.stop();
  await first;
  expect(stopped.store.getState().conversation.messages.at(-1)?.content).toMatch(/^Prima\n\n/);
  const left = testChatSession({ complete: vi.fn(), resume });
  left.open(question);
  const second = left.resume(HELD);
  await vi.waitFor(() => expect(left.store.getState().partial).toBe("Prima"));
  left.dispose();
  await second;
  expect(reasons[0]).toBe(STOPPED_BY_USER);
  expect(reasons[1]).not.toBe(STOPPED_BY_USER);
  // Left, the answer is still held: the screen, back, resumes it.
  expect(left.store.getState().heldAnswer).toBe(HELD);
});
