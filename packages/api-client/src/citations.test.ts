import { expect, test } from "vitest";
import { citationNumbersIn, RAG_CITATION_WARNING, sourceOfCitation, withSingleWarning } from "./index";

test("the citation forms: [1], [1, 2], [1; 2] — in order, repeats kept; brackets of words are not citations", () => {
  expect(citationNumbersIn("Uno [1]. Due [2, 3]. Tre [3; 1]. Nota [a] e [ 4 ] e [5,]")).toEqual([1, 2, 3, 3, 1]);
});

test("a number above 100 names a passage by its chunk id, below it a note", () => {
  const sources = [
    { noteNumber: 1, chunkId: "340" },
    { noteNumber: 2, chunkId: "12" },
  ];
  expect(sourceOfCitation(2, sources)).toBe(sources[1]);
  expect(sourceOfCitation(340, sources)).toBe(sources[0]);
  expect(sourceOfCitation(12, sources)).toBeNull();
  expect(sourceOfCitation(101, sources)).toBeNull();
});

test("the citation warning is kept once, at the end", () => {
  expect(withSingleWarning(`Primo.\n\n${RAG_CITATION_WARNING}\n\nSecondo.\n\n${RAG_CITATION_WARNING}`)).toBe(
    `Primo.\n\nSecondo.\n\n${RAG_CITATION_WARNING}`,
  );
  expect(withSingleWarning("Nessuna nota.")).toBe("Nessuna nota.");
});
