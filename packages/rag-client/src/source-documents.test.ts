import { citedPassage } from "@oystar/conversation/testing";
import { describe, expect, test } from "vitest";
import { sourceDocuments } from "./source-documents";

// Issue 23 §5: one entry per document, its passages under it; every cited one in view.
const boboli = (chunkId: string, cited?: boolean) =>
  citedPassage({
    noteNumber: 1,
    chunkId,
    title: "Boboli",
    filename: "boboli.md",
    support: cited === undefined ? null : { cited, confidence: null },
  });
const ninfa = (chunkId: string, cited?: boolean) =>
  citedPassage({
    noteNumber: 2,
    chunkId,
    title: "Ninfa",
    filename: "ninfa.md",
    support: cited === undefined ? null : { cited, confidence: null },
  });
const rose = (chunkId: string, cited?: boolean) =>
  citedPassage({
    noteNumber: 3,
    chunkId,
    title: "Rose",
    filename: "rose.md",
    support: cited === undefined ? null : { cited, confidence: null },
  });

describe("sources grouped by document", () => {
  test("the server marks the cited passages: cited documents in view with their cited passages; the rest folded", () => {
    const documents = sourceDocuments(
      [boboli("1", true), boboli("2", false), ninfa("3", true), rose("4", false), rose("5", false)],
      new Set(),
    );
    expect(
      documents.cited.map((document) => [
        document.noteNumber,
        document.cited.map((passage) => passage.chunkId),
        document.consulted.map((passage) => passage.chunkId),
      ]),
    ).toEqual([
      [1, ["1"], ["2"]],
      [2, ["3"], []],
    ]);
    expect(documents.consulted.map((document) => [document.noteNumber, document.consulted.length])).toEqual([[3, 2]]);
  });

  test("a server that does not mark them: a passage is cited when the text cites its number", () => {
    const documents = sourceDocuments([boboli("1"), ninfa("2"), rose("3")], new Set([2]));
    expect(documents.cited.map((document) => document.lead.title)).toEqual(["Ninfa"]);
    expect(documents.consulted.map((document) => document.lead.title)).toEqual(["Boboli", "Rose"]);
  });

  test("an answer that cites nothing shows every document it was written from", () => {
    const documents = sourceDocuments([boboli("1", false), ninfa("2", false)], new Set());
    expect(documents.cited.map((document) => document.cited.length)).toEqual([1, 1]);
    expect(documents.consulted).toEqual([]);
  });

  test("documents come by their number, whatever the order of the list", () => {
    expect(sourceDocuments([rose("3", true), boboli("1", true)], new Set()).cited.map((document) => document.noteNumber)).toEqual([1, 3]);
  });
});
