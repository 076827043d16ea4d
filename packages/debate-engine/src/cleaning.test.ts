import { expect, test } from "vitest";
import { cleanMessage, cutTo } from "./cleaning";

test("markers, model tokens and non-Latin noise go; Italian, digits and punctuation stay", () => {
  const reply = "Perché no? L'85% dei casi costa 1.200 € — però è così. <|im_end|> LLM_NO_RESPONSE 😀👍🏽 Привет 你好 ثم";
  expect(cleanMessage(reply)).toBe("Perché no? L'85% dei casi costa 1.200 € — però è così.");
});

test("accents written as combining marks stay on their letter; line breaks survive, spaces are tidied", () => {
  expect(cleanMessage("Cosi\u0300   e\u0300\r\n\r\n\r\n\r\nvero:  (a) + [b] = {c}?  ")).toBe("Così è\n\nvero: (a) + [b] = {c}?");
});

test("Markdown punctuation is kept", () => {
  expect(cleanMessage("## Sintesi 1: **Titolo**\n1. passo `uno` _due_ #tre")).toBe("## Sintesi 1: **Titolo**\n1. passo `uno` _due_ #tre");
});

test("an earlier message is cut to its limit on one line", () => {
  expect(cutTo("a".repeat(150), 100)).toBe(`${"a".repeat(99)}…`);
  expect(cutTo("breve\nrisposta", 100)).toBe("breve risposta");
});
