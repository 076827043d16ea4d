import { expect, test } from "vitest";
import { contextUsage, ragConversationSummary } from "./conversation-measures";

test("spec 001 §9: context usage is the characters over the capacity, as a whole percentage capped at 100", () => {
  expect(contextUsage([{ content: "x".repeat(800) }, { content: "y".repeat(3_200) }], 8_000)).toBe(50);
  expect(contextUsage([{ content: "x".repeat(3_199) }], 32_000)).toBe(10);
  expect(contextUsage([{ content: "x".repeat(40_000) }], 32_000)).toBe(100);
  expect(contextUsage([], 32_000)).toBe(0);
});

test("spec 001 §4, §9: RAG's summary names the questions of the last 10 messages by their first 50 characters, then the last answer's opening", () => {
  const messages = Array.from({ length: 12 }, (_, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content: index % 2 === 0 ? `Domanda   ${index}\n${"a".repeat(60)}` : `Risposta ${index}`,
  }));
  const summary = ragConversationSummary(messages, `  La risposta\n\nultima ${"b".repeat(400)}`);
  const lines = summary.split("\n");
  expect(lines.slice(0, 3)).toEqual(["Riepilogo della conversazione precedente:", "", "Domande:"]);
  // Messages 2–11 are the last ten: the questions 2, 4, 6, 8, 10, their spaces folded, cut at 50.
  expect(lines.slice(3, 8)).toEqual([2, 4, 6, 8, 10].map((index) => `- ${`Domanda ${index} ${"a".repeat(60)}`.slice(0, 50)}`));
  expect(lines[8]).toBe("");
  expect(lines[9]).toBe(`Ultima risposta: ${`La risposta ultima ${"b".repeat(400)}`.slice(0, 300)}`);
  expect(lines).toHaveLength(10);
});
