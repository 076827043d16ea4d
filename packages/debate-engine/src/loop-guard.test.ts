import { expect, test } from "vitest";
import { guardChunk, newLoopGuard, type GuardStep } from "./loop-guard";

function feed(chunks: string[], capChars?: number): GuardStep & { fed: number } {
  let step: GuardStep = { guard: newLoopGuard(), tripped: null };
  let fed = 0;
  for (const chunk of chunks) {
    step = guardChunk(step.guard, chunk, { capChars });
    fed += 1;
    if (step.tripped) break;
  }
  return { ...step, fed };
}

test("the same chunk three times in a row stops the reply, which keeps it once", () => {
  const step = feed(["Il punto è", " che", " ripeto", " ripeto", " ripeto", " ancora"]);
  expect(step.tripped).toBe("repeat");
  expect(step.fed).toBe(5);
  expect(step.guard.text).toBe("Il punto è che ripeto");
});

test("whitespace between the copies does not hide a loop; two copies are allowed", () => {
  expect(feed(["va bene", "\n", "va bene", " ", "va bene"]).tripped).toBe("repeat");
  expect(feed(["sì", "sì", "no", "sì", "sì"]).tripped).toBeNull();
});

test("punctuation between the copies is emphasis, not a loop", () => {
  expect(feed([" molto", ",", " molto", ",", " molto", "!"]).tripped).toBeNull();
});

test("punctuation streamed a character at a time is writing, not a loop", () => {
  const step = feed(["Forse", ".", ".", ".", " O no", "-", "-", "-"]);
  expect(step.tripped).toBeNull();
  expect(step.guard.text).toBe("Forse... O no---");
});

test("a reply over 2000 characters stops and keeps its whole sentences", () => {
  const sentence = (n: number) => `Questa è la frase numero ${100 + n}, lunga. `;
  const chunks = Array.from({ length: 80 }, (_, n) => sentence(n));
  const step = feed(chunks);
  expect(step.tripped).toBe("length");
  expect(step.guard.text.length).toBeLessThanOrEqual(2000);
  expect(step.guard.text.endsWith("lunga.")).toBe(true);
  expect(step.fed).toBe(Math.ceil(2001 / sentence(0).length));
});

test("without a sentence end, the cut falls on a word", () => {
  const step = feed(["parola ".repeat(400)]);
  expect(step.tripped).toBe("length");
  expect(step.guard.text).toMatch(/^(parola )+parola…$/);
});
