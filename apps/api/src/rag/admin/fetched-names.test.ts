import { expect, test } from "vitest";
import { filenameForUrl } from "../ingest/url-filenames";

// Issue 54 §2: an address without an extension is named by its content's media type, so that the
// Office variants and RTF served by a site are read (and not taken for web pages).

test("an address without an extension is named by its media type, the Office variants and RTF too", () => {
  expect(filenameForUrl("https://studio.example/modelli/contratto", "application/vnd.ms-word.document.macroEnabled.12")).toBe(
    "studio.example_modelli_contratto.docm",
  );
  expect(filenameForUrl("https://studio.example/assemblea", "application/vnd.openxmlformats-officedocument.presentationml.slideshow")).toBe(
    "studio.example_assemblea.ppsx",
  );
  expect(filenameForUrl("https://studio.example/parere", "application/rtf; charset=windows-1252")).toBe("studio.example_parere.rtf");
  expect(filenameForUrl("https://studio.example/parcelle.xlsm", "application/octet-stream")).toBe("studio.example_parcelle.xlsm");
});
