import { expect, test } from "vitest";
import { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample } from "./typing-demo";

test("typing demo: speeds 15/25/40/60 with 25 default, seconds rounded up, a sample per model", () => {
  expect(TYPING_SPEEDS).toEqual([15, 25, 40, 60]);
  expect(DEFAULT_TYPING_SPEED).toBe(25);
  expect(estimatedTypingSeconds(100, 25)).toBe(4);
  expect(estimatedTypingSeconds(101, 25)).toBe(5);
  expect(typingSample("openai/gpt-oss-20b")).not.toBe(typingSample("openai/gpt-oss-120b"));
  expect(typingSample("sconosciuto")).toBe(typingSample("openai/gpt-oss-120b"));
});
