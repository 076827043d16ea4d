import { expect, test } from "vitest";
import { formatDocumentContext, parseDocumentContext } from "./document-header";
import { formatPageMarker, formatSkippedPage, withoutPageMarkers } from "./page-markers";

test("a document after its question is read back as it was written", () => {
  const document = {
    name: "Verbale 3 marzo.pdf",
    pages: 2,
    text: `${formatPageMarker(1)}\nPresenti: tutti.\n${formatPageMarker(2)}\nFine.`,
  };
  const message = `Riassumi il verbale\n\n${formatDocumentContext(document)}`;
  expect(formatDocumentContext(document).split("\n")[0]).toBe("Documento «Verbale 3 marzo.pdf» (2 pagine):");
  expect(parseDocumentContext(message)).toEqual({ question: "Riassumi il verbale", document });
  expect(parseDocumentContext(formatDocumentContext({ name: "Nota.pdf", pages: 1, text: "Testo." }))).toEqual({
    question: "",
    document: { name: "Nota.pdf", pages: 1, text: "Testo." },
  });
});

test("a message without a document is not one", () => {
  expect(parseDocumentContext("Che cos'è un Documento «x» (3 pagine)?")).toBeNull();
});

test("page markers and skipped-page notes leave only the words", () => {
  const text = [formatPageMarker(1), "Prima pagina.", formatSkippedPage(2), formatPageMarker(3), "Terza."].join("\n");
  expect(withoutPageMarkers(text).split(/\s+/).filter(Boolean)).toEqual(["Prima", "pagina.", "Terza."]);
  // A line that only mentions a page is text.
  expect(withoutPageMarkers("Vedi --- Pagina 4 --- sopra")).toBe("Vedi --- Pagina 4 --- sopra");
});
