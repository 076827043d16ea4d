import { expect, test } from "vitest";
import { passageParagraphs } from "./passage-layout";

// Issue 25: the passage marked in its paragraphs, as plain text.

test("the passage is marked where it stands, across paragraphs, its surroundings not", () => {
  const paragraphs = passageParagraphs({
    before: "Primo paragrafo.\n\nSecondo, che continua",
    text: " nel passaggio.\n\nTerzo, tutto citato.",
    after: " Coda del terzo.\n\nQuarto.",
  });
  expect(paragraphs).toEqual([
    { pieces: [{ text: "Primo paragrafo.", cited: false }], opensPassage: false, closesPassage: false },
    {
      pieces: [
        { text: "Secondo, che continua", cited: false },
        { text: " nel passaggio.", cited: true },
      ],
      opensPassage: true,
      closesPassage: false,
    },
    {
      pieces: [
        { text: "Terzo, tutto citato.", cited: true },
        { text: " Coda del terzo.", cited: false },
      ],
      opensPassage: false,
      closesPassage: true,
    },
    { pieces: [{ text: "Quarto.", cited: false }], opensPassage: false, closesPassage: false },
  ]);
});

test("a passage alone (a document indexed before the viewer) is one marked paragraph", () => {
  expect(passageParagraphs({ before: "", text: "Solo il passaggio.", after: "" })).toEqual([
    { pieces: [{ text: "Solo il passaggio.", cited: true }], opensPassage: true, closesPassage: true },
  ]);
});

test("markup in a document stays text", () => {
  const [paragraph] = passageParagraphs({ before: "", text: "<img src=x onerror=alert(1)>", after: "" });
  expect(paragraph?.pieces[0]?.text).toBe("<img src=x onerror=alert(1)>");
});
