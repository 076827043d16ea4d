import { versionOf } from "@oystar/conversation";
import { expect, test } from "vitest";
import { createChatSession, type ChatDependencies } from "./chat-session";

// Issue 50 §4: the last question edited and asked again, any answer regenerated; what was said
// before stays as versions ('2 di 3'), each asked (and charged) as any question.

function chat() {
  const asked: { question: string; history: string[] }[] = [];
  let answers = 0;
  const complete: ChatDependencies["complete"] = async function* ({ question, history }) {
    asked.push({ question, history: history.map((message) => message.content) });
    answers += 1;
    yield `Risposta ${answers} a «${question}»`;
  };
  let clock = 1_000;
  const session = createChatSession({
    getAccessToken: async () => "token",
    complete,
    resetConnection: async () => "",
    now: () => (clock += 1),
    later: () => () => {},
    refreshQuota: () => {},
    isAdmin: () => false,
    backendStatus: () => "online",
  });
  const words = () => session.store.getState().conversation.messages.map((message) => message.content);
  const messages = () => session.store.getState().conversation.messages;
  return { session, asked, words, messages };
}

test("an answer regenerated: asked again with the same question and history, the earlier answer kept as '1 di 2'", async () => {
  const { session, asked, words, messages } = chat();
  await session.send("Quando fiorisce il glicine?");
  await session.send("E le rose?");
  const first = messages()[1]!;
  expect(await session.regenerate(first.id)).toBe(true);
  // Regenerating a middle answer sets aside what followed it too.
  expect(words()).toEqual(["Quando fiorisce il glicine?", "Risposta 3 a «Quando fiorisce il glicine?»"]);
  expect(asked.at(-1)).toEqual({ question: "Quando fiorisce il glicine?", history: [] });
  expect(versionOf(messages()[1]!)).toEqual({ number: 2, count: 2 });

  session.showVersion(messages()[1]!.id, -1);
  expect(words()).toEqual([
    "Quando fiorisce il glicine?",
    "Risposta 1 a «Quando fiorisce il glicine?»",
    "E le rose?",
    "Risposta 2 a «E le rose?»",
  ]);
  expect(versionOf(messages()[1]!)).toEqual({ number: 1, count: 2 });
  session.showVersion(messages()[1]!.id, 1);
  expect(words()).toEqual(["Quando fiorisce il glicine?", "Risposta 3 a «Quando fiorisce il glicine?»"]);
  // Three asks, three charges: a regeneration is a question like any other.
  expect(asked).toHaveLength(3);
});

test("the last question edited: asked with the history before it, the first version kept; only the last question can be", async () => {
  const { session, asked, words, messages } = chat();
  await session.send("Quando fiorisce il glicine?");
  await session.send("E le rose?");
  const firstQuestion = messages()[0]!;
  expect(await session.editQuestion(firstQuestion.id, "Quando fiorisce la camelia?")).toBe(false);
  const last = messages()[2]!;
  expect(await session.editQuestion(last.id, "  ")).toBe(false);
  expect(await session.editQuestion(last.id, "E le ortensie?")).toBe(true);
  expect(words()).toEqual([
    "Quando fiorisce il glicine?",
    "Risposta 1 a «Quando fiorisce il glicine?»",
    "E le ortensie?",
    "Risposta 3 a «E le ortensie?»",
  ]);
  expect(asked.at(-1)).toEqual({
    question: "E le ortensie?",
    history: ["Quando fiorisce il glicine?", "Risposta 1 a «Quando fiorisce il glicine?»"],
  });
  expect(versionOf(messages()[2]!)).toEqual({ number: 2, count: 2 });
  session.showVersion(messages()[2]!.id, -1);
  expect(words().slice(2)).toEqual(["E le rose?", "Risposta 2 a «E le rose?»"]);
  // The next question goes on from the version shown.
  await session.send("E i tulipani?");
  expect(asked.at(-1)?.history.slice(2)).toEqual(["E le rose?", "Risposta 2 a «E le rose?»"]);
});
