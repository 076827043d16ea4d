import { expect, test } from "vitest";
import { noteNumbersInRetrievalOrder, renumberCitations } from "./citation-numbering";

// Issue 23 §5: one number per document, in the order the answer first cites it.
const passages = [
  { chunkId: "501", documentKey: "demo/boboli.md" },
  { chunkId: "502", documentKey: "demo/villa-d-este.md" },
  { chunkId: "503", documentKey: "demo/boboli.md" },
  { chunkId: "504", documentKey: "demo/ninfa.md" },
];

test("citations are renumbered by document, [1] first, in the order they first appear", () => {
  const numbering = renumberCitations(passages);
  const shown = numbering.next("La villa ha cento fontane [2]. Il giardino è a Firenze [3]. E anche qui [1, 3].") + numbering.flush();
  expect(shown).toBe("La villa ha cento fontane [1]. Il giardino è a Firenze [2]. E anche qui [2].");
  expect(numbering.citedPassages()).toEqual(new Set([1, 2, 3]));
  // Every passage's number: villa-d-este 1, boboli 2 (both its passages), then the uncited ninfa.
  expect(numbering.noteNumbers()).toEqual([2, 1, 2, 3]);
});

test("a citation split across two streamed pieces is held back until it closes", () => {
  const numbering = renumberCitations(passages);
  const pieces = ["Le camelie fioriscono [", "4", "] in marzo [", "2][", "4]."];
  const shown = pieces.map((piece) => numbering.next(piece)).join("") + numbering.flush();
  expect(shown).toBe("Le camelie fioriscono [1] in marzo [2][1].");
  expect(numbering.next("[1](link) e [")).toBe("[3](link) e ");
  expect(numbering.flush()).toBe("[");
});

test("chunk ids (above 100) name their passage; invented numbers are kept as written", () => {
  const numbering = renumberCitations(passages);
  expect(numbering.next("Uno [503]. Due [9]. Tre [777].")).toBe("Uno [1]. Due [9]. Tre [777].");
  expect(numbering.citedPassages()).toEqual(new Set([3]));
});

test("before the answer, documents are numbered in retrieval order", () => {
  expect(noteNumbersInRetrievalOrder(passages)).toEqual([1, 2, 1, 3]);
});
