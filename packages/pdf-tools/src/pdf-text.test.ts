import { jsPDF, type jsPDFOptions } from "jspdf";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import { PDF_LIMITS } from "./pdf-limits";
import { extractPdfText, type PdfOpener } from "./pdf-text";

// Real PDFs written with jspdf, read with pdf.js (its legacy build runs in Node).
const openWithPdfjs: PdfOpener = (data) => getDocument({ data, verbosity: 0 });

function pdfFile(pages: string[][], options: jsPDFOptions = {}) {
  const document = new jsPDF(options);
  pages.forEach((lines, index) => {
    if (index > 0) document.addPage();
    lines.forEach((line, row) => document.text(line, 20, 20 + row * 8));
  });
  const bytes = document.output("arraybuffer");
  return { name: "Verbale.pdf", size: bytes.byteLength, bytes: async () => bytes };
}

const sentence = "Il consiglio approva il bilancio e nomina la nuova segreteria.";

describe("reading a PDF's text", () => {
  test("every page's text follows its marker; a PDF with text is not a scan", async () => {
    const pdf = await extractPdfText(pdfFile([[sentence, "Presenti: Rossi, Bianchi."], ["Seconda pagina: le azioni."]]), openWithPdfjs);
    expect(pdf.pages).toBe(2);
    expect(pdf.text).toBe(`--- Pagina 1 ---\n${sentence}\nPresenti: Rossi, Bianchi.\n--- Pagina 2 ---\nSeconda pagina: le azioni.`);
    expect(pdf.scanned).toBe(false);
    expect(pdf.truncated).toBe(false);
    expect(pdf.name).toBe("Verbale.pdf");
  });

  test("under 100 characters of text the PDF is taken for a scan", async () => {
    const pdf = await extractPdfText(pdfFile([["Pag. 1"], [], []]), openWithPdfjs);
    expect(pdf.pages).toBe(3);
    expect(pdf.scanned).toBe(true);
  });

  test("text over 100,000 characters is cut, with a note pointing to RAG", async () => {
    const lines = Array.from({ length: 30 }, () => sentence);
    const pdf = await extractPdfText(pdfFile(Array.from({ length: 60 }, () => lines)), openWithPdfjs);
    expect(pdf.truncated).toBe(true);
    expect(pdf.text.length).toBeGreaterThan(PDF_LIMITS.maxTextChars);
    expect(pdf.text.length).toBeLessThan(PDF_LIMITS.maxTextChars + 200);
    expect(pdf.text).toMatch(/Documento troncato a 100\.000 caratteri.*RAG/);
  });

  test("over 1000 pages is refused with the page count", async () => {
    const file = pdfFile(Array.from({ length: 1001 }, () => []));
    await expect(extractPdfText(file, openWithPdfjs)).rejects.toThrow("Il PDF è troppo grande: 1001 pagine (massimo 1000).");
  });

  test("a password-protected PDF says so", async () => {
    const file = pdfFile([[sentence]], { encryption: { userPassword: "segreta", ownerPassword: "segreta", userPermissions: ["print"] } });
    await expect(extractPdfText(file, openWithPdfjs)).rejects.toThrow("Il PDF è protetto da password");
  });

  test("bytes that are not a PDF give the failed-extraction message", async () => {
    const bytes = new TextEncoder().encode("non sono un PDF").buffer;
    const file = { name: "finto.pdf", size: bytes.byteLength, bytes: async () => bytes };
    await expect(extractPdfText(file, openWithPdfjs)).rejects.toThrow("Impossibile estrarre il testo dal PDF");
  });
});

describe("the spec's timeouts", () => {
  const never = new Promise<never>(() => undefined);
  const file = { name: "lento.pdf", size: 10, bytes: async () => new ArrayBuffer(10) };
  const timeouts = { load: 30, parse: 30, page: 30 };

  test("a file that cannot be read in time", async () => {
    const slowFile = { ...file, bytes: () => never };
    await expect(extractPdfText(slowFile, openWithPdfjs, timeouts)).rejects.toThrow("Timeout nel caricamento del PDF");
  });

  test("a document that does not open in time", async () => {
    const open: PdfOpener = () => ({ promise: never, destroy: async () => undefined });
    await expect(extractPdfText(file, open, timeouts)).rejects.toThrow("Timeout nell'analisi del PDF");
  });

  test("a page that does not answer in time is marked and skipped", async () => {
    const words = { items: [{ str: sentence.repeat(2), hasEOL: false }] };
    const open: PdfOpener = () => ({
      promise: Promise.resolve({
        numPages: 3,
        getPage: async (page: number) => ({ getTextContent: () => (page === 2 ? never : Promise.resolve(words)) }),
      }),
      destroy: async () => undefined,
    });
    const pdf = await extractPdfText(file, open, timeouts);
    expect(pdf.skippedPages).toEqual([2]);
    expect(pdf.text).toContain("--- Pagina 2 ---\n[Pagina 2: errore di estrazione, pagina saltata]\n--- Pagina 3 ---");
    expect(pdf.scanned).toBe(false);
  });
});
