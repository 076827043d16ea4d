import { expect, test } from "vitest";
import { filledPdfForm } from "../../../test-support/mail-and-forms";
import { pdfText } from "./pdf-text";
import { chunkText } from "./text-chunking";

// Issue 54 §4: a filled PDF form's values and the notes on its pages were not indexed (pdftotext
// reads them): now after the page's text, each marked as what it is.

test("a filled PDF form: the page's text, then its filled fields, then the notes left on it", async () => {
  const { text } = await pdfText(filledPdfForm().bytes);
  expect(text).toBe(
    [
      "--- Pagina 1 ---",
      [
        "Modulo di conferimento di incarico professionale",
        "Campo «Cliente»: Ferretti Costruzioni srl",
        "Campo «Oggetto dell'incarico»: Ricorso contro il diniego del permesso di costruire",
        "Campo «Consenso privacy»: sì",
        "Annotazione di Avv. Greco: Manca la firma del legale rappresentante",
        "Annotazione: Da restituire entro venerdì",
      ].join("\n\n"),
    ].join("\n"),
  );
  // Indexed on the page they stand on.
  expect(chunkText(text).map((chunk) => chunk.page)).toEqual([1]);
});
