import { citedPassage } from "@oystar/conversation/testing";
import { RAG_CITATION_WARNING } from "@oystar/api-client";
import { describe, expect, test } from "vitest";
import { citationNumbers, citedNoteNumbers, shownSources, sourceElementId, sourceOfCitation, withSingleWarning } from "./citations";

const sources = [
  citedPassage({ noteNumber: 1, chunkId: "4711", title: "Villa Aurora" }),
  citedPassage({ noteNumber: 2, chunkId: "4712", title: "Limonaie" }),
];

describe("citations", () => {
  test("numbers in order of first appearance, groups included", () => {
    expect(citationNumbers("Uno [2]. Due [1, 3]; tre [3; 2] e [x] no.")).toEqual([2, 1, 3]);
  });

  test("spec 001 §5: numbers above 100 are chunk ids", () => {
    expect(sourceOfCitation(2, sources)?.title).toBe("Limonaie");
    expect(sourceOfCitation(4711, sources)?.title).toBe("Villa Aurora");
    expect(sourceOfCitation(100, sources)).toBeNull();
    expect([...citedNoteNumbers("Vedi [4712] e [9].", sources)]).toEqual([2]);
  });

  test("the warning note kept once, at the end", () => {
    expect(withSingleWarning(`${RAG_CITATION_WARNING}\n\nTesto.\n\n${RAG_CITATION_WARNING}`)).toBe(`Testo.\n\n${RAG_CITATION_WARNING}`);
    expect(withSingleWarning("Testo senza nota.")).toBe("Testo senza nota.");
  });

  test("spec 001 §5: sources are shown only when the URL begins with http", () => {
    const sources = [
      citedPassage({ noteNumber: 1, chunkId: "1", title: "Boboli", url: "https://giardini.example/boboli" }),
      citedPassage({ noteNumber: 2, chunkId: "2", title: "Regolamento", url: "file:///srv/regolamento.pdf" }),
      citedPassage({ noteNumber: 3, chunkId: "3", title: "Appunti", url: "/interno/appunti.md" }),
      citedPassage({ noteNumber: 4, chunkId: "4", title: "Senza indirizzo" }),
    ];
    expect(shownSources(sources).map((source) => source.noteNumber)).toEqual([1]);
  });

  test("source ids are safe element ids", () => {
    expect(sourceElementId("rag-1:2 3", 4)).toBe("fonte-rag-1_2_3-4");
  });
});
