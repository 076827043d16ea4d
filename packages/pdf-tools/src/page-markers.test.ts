import { expect, test } from "vitest";
import { formatPageMarker, formatSkippedPage, pagesOf, withoutPageMarkers } from "./page-markers";

const pages = [formatPageMarker(1), "Primo.", formatPageMarker(2), "Secondo.", formatSkippedPage(3), formatPageMarker(10), "Decimo."].join(
  "\n",
);

test("a document's text is read back page by page from the markers written for it", () => {
  expect(pagesOf(pages).map((page) => [page.page, page.text.trim()])).toEqual([
    [1, "Primo."],
    [2, `Secondo.\n${formatSkippedPage(3)}`],
    [10, "Decimo."],
  ]);
  expect(pagesOf("Senza pagine.")).toEqual([{ page: null, text: "Senza pagine." }]);
  expect(pagesOf(`Prima della pagina.\n${formatPageMarker(1)}\nUno.`).map((page) => page.page)).toEqual([null, 1]);
});

test("without its markers the text is what a reader sees", () => {
  expect(withoutPageMarkers(pages).split(/\s+/).filter(Boolean)).toEqual(["Primo.", "Secondo.", "Decimo."]);
});
