import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type * as Jspdf from "jspdf";
import { beforeEach, expect, test, vi } from "vitest";
import { answerPdf } from "./answer-pdf";

// jspdf is the one third party here: this stand-in cannot write some characters (as a font that
// lacks them), or nothing at all, so the spec 001 §8 fallback can be seen.
const writer = vi.hoisted(() => ({ refuses: (_text: string): boolean => false }));
vi.mock("jspdf", async (importOriginal) => {
  const real = await importOriginal<typeof Jspdf>();
  function jsPDF(...args: ConstructorParameters<typeof real.jsPDF>) {
    const doc = new real.jsPDF(...args);
    const text = doc.text.bind(doc) as (...rest: unknown[]) => unknown;
    Object.assign(doc, {
      text: (value: string | string[], ...rest: unknown[]) => {
        if ([value].flat().some((line) => writer.refuses(line))) throw new Error("carattere non disponibile nel font");
        return text(value, ...rest);
      },
    });
    return doc;
  }
  return { ...real, jsPDF, default: jsPDF };
});

const date = new Date("2026-03-04T10:00:00Z");

async function textOf(blob: Blob): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0 }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

beforeEach(() => {
  writer.refuses = () => false;
});

test("a text the PDF cannot write as it is: 'Errore nella generazione del PDF...', then the simplified text", async () => {
  writer.refuses = (line) => /\p{Extended_Pictographic}/u.test(line);
  const onFallback = vi.fn();
  const pdf = await answerPdf({ text: "Perché “sì” — fatto 🚀", date }, { onFallback });
  expect(onFallback).toHaveBeenCalledOnce();
  expect(onFallback).toHaveBeenCalledWith("Errore nella generazione del PDF...", expect.any(Error));
  expect(await textOf(pdf)).toContain('Perché "sì" - fatto');
});

test("when the simplified text fails too: 'Errore durante la generazione del PDF'", async () => {
  writer.refuses = () => true;
  const onFallback = vi.fn();
  await expect(answerPdf({ text: "Una risposta", date }, { onFallback })).rejects.toThrow(
    new Error("Errore durante la generazione del PDF"),
  );
  expect(onFallback).toHaveBeenCalledWith("Errore nella generazione del PDF...", expect.any(Error));
});

test("a text written at the first try reports nothing", async () => {
  const onFallback = vi.fn();
  expect(await textOf(await answerPdf({ text: "Una risposta", date }, { onFallback }))).toContain("Una risposta");
  expect(onFallback).not.toHaveBeenCalled();
});
