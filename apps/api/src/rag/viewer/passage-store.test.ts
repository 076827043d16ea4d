import { expect, test } from "vitest";
import { SURROUNDINGS_MAX, textAfter, textBefore, utf16Offset } from "./passage-store";

// A passage's surroundings as the viewer shows them (issue 25): whole paragraphs, cut only when long.

const words = (count: number, word = "parola") => Array.from({ length: count }, () => word).join(" ");

test("before a passage: the rest of its paragraph and two paragraphs, from the document's start when it is near", () => {
  expect(textBefore("Uno.\n\nDue.\n\nTre.\n\nQuattro. Inizio del suo", "document")).toBe("Due.\n\nTre.\n\nQuattro. Inizio del suo");
  expect(textBefore("Solo questo.\n\n", "document")).toBe("Solo questo.\n\n");
  expect(textBefore("", "document")).toBe("");
});

test("long surroundings are cut between words, with an ellipsis where they were cut", () => {
  const long = words(600);
  const before = textBefore(`${long}\n\n`, "document");
  expect(before.startsWith("…parola")).toBe(true);
  expect(before.length).toBeLessThanOrEqual(SURROUNDINGS_MAX + 1);
  const after = textAfter(` ${long}`);
  expect(after.endsWith("parola…")).toBe(true);
  expect(after.length).toBeLessThanOrEqual(SURROUNDINGS_MAX + 1);
  // A text the database's window cut mid-paragraph says so even when short enough.
  expect(textBefore("metà di un paragrafo. Inizio", "window")).toBe("…di un paragrafo. Inizio");
});

test("after a passage: the rest of its paragraph and two paragraphs", () => {
  expect(textAfter(" fine del suo.\n\nUno.\n\nDue.\n\nTre.")).toBe(" fine del suo.\n\nUno.\n\nDue.");
});

test("code points to UTF-16 offsets", () => {
  expect(utf16Offset("🌹a🌷b", 2)).toBe(3);
  expect(utf16Offset("abc", 10)).toBe(3);
});
