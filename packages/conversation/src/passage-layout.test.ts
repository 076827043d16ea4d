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

// Issue 52 §7: the viewer showed the Markdown list markers of a document's list as they are.
test("a list item's '- ' reads as a bullet; the passage's words are still the ones marked", () => {
  const paragraphs = passageParagraphs({
    before: "## Le specie\n\n- Lavanda vera: la più rustica.\n\n",
    text: "- Spigo: profumo canforato.",
    after: "\n\n* Lavandino: ibrido.\n\nUn trattino - in mezzo resta.",
  });
  expect(paragraphs.map((paragraph) => paragraph.pieces.map((piece) => piece.text).join(""))).toEqual([
    "## Le specie",
    "• Lavanda vera: la più rustica.",
    "• Spigo: profumo canforato.",
    "• Lavandino: ibrido.",
    "Un trattino - in mezzo resta.",
  ]);
  expect(paragraphs[2]?.pieces).toEqual([{ text: "• Spigo: profumo canforato.", cited: true }]);
});
