import { describe, expect, test } from "vitest";
import { sizeInKilobytes } from "./document-context";
import { createPdfContext, type PdfFile } from "./pdf-context";
import { limitDocumentText, pdfFileProblem } from "./pdf-limits";
import { PdfError, type ExtractedPdf } from "./pdf-text";

const file = (name = "Verbale.pdf", size = 20_480, type = "application/pdf"): PdfFile => ({
  name,
  size,
  type,
  arrayBuffer: async () => new ArrayBuffer(size),
});

const extracted = (change: Partial<ExtractedPdf> = {}): ExtractedPdf => ({
  name: "Verbale.pdf",
  size: 20_480,
  pages: 2,
  text: "--- Pagina 1 ---\nIl consiglio approva il bilancio.",
  truncated: false,
  scanned: false,
  skippedPages: [],
  ...change,
});

/** A promise the test settles when it wants (a slow extraction or OCR). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("checking a file before reading it", () => {
  test("only PDFs, up to 100 MB", () => {
    expect(pdfFileProblem(file())).toBeNull();
    expect(pdfFileProblem(file("senza-tipo.pdf", 10, ""))).toBeNull();
    expect(pdfFileProblem(file("foto.png", 10, "image/png"))).toBe("Sono supportati solo file PDF.");
    expect(pdfFileProblem(file("enorme.pdf", 104_857_601))).toBe("File troppo grande: 101 MB. Il massimo è 100 MB.");
    expect(pdfFileProblem(file("limite.pdf", 104_857_600))).toBeNull();
  });

  test("text is cut only past 100,000 characters", () => {
    expect(limitDocumentText("a".repeat(100_000))).toEqual({ text: "a".repeat(100_000), truncated: false });
    expect(limitDocumentText("a".repeat(100_001)).truncated).toBe(true);
  });

  test("the size the user sees", () => {
    expect(sizeInKilobytes(20_480)).toBe("20 KB");
    expect(sizeInKilobytes(100)).toBe("1 KB");
  });
});

describe("the chat's PDF context", () => {
  test("a PDF is read and goes with every question until removed (issue 50 §5)", async () => {
    const context = createPdfContext({ extract: async () => extracted(), ocr: async () => ({ text: "" }) });
    const reading = context.load(file());
    expect(context.store.getState().phase).toEqual({ name: "reading", fileName: "Verbale.pdf" });
    await reading;
    const pdf = { name: "Verbale.pdf", pages: 2, size: 20_480, text: "--- Pagina 1 ---\nIl consiglio approva il bilancio." };
    expect(context.store.getState().phase).toEqual({ name: "loaded", pdf });
    // The chat's document port: the PDF goes with each question, named for its chip.
    const sent = { context: `Documento «Verbale.pdf» (2 pagine):\n${pdf.text}`, name: "Verbale.pdf", pages: 2 };
    expect(context.documentForQuestion()).toEqual(sent);
    expect(context.documentForQuestion()).toEqual(sent);
    context.remove();
    expect(context.store.getState().phase).toEqual({ name: "empty" });
    expect(context.documentForQuestion()).toBeNull();
  });

  test("a refused file is never read", async () => {
    let reads = 0;
    const context = createPdfContext({ extract: async () => (reads++, extracted()), ocr: async () => ({ text: "" }) });
    await context.load(file("foto.png", 10, "image/png"));
    expect(reads).toBe(0);
    expect(context.store.getState()).toMatchObject({ phase: { name: "empty" }, alert: "Sono supportati solo file PDF." });
  });

  test("extraction failures say why; unexpected ones say the PDF could not be loaded", async () => {
    const tooBig = createPdfContext({
      extract: async () => Promise.reject(new PdfError("Il PDF è troppo grande: 1200 pagine (massimo 1000).")),
      ocr: async () => ({ text: "" }),
    });
    await tooBig.load(file());
    expect(tooBig.store.getState().alert).toBe("Il PDF è troppo grande: 1200 pagine (massimo 1000).");
    const broken = createPdfContext({ extract: async () => Promise.reject(new Error("worker perso")), ocr: async () => ({ text: "" }) });
    await broken.load(file());
    expect(broken.store.getState()).toMatchObject({
      phase: { name: "empty" },
      alert: "Errore durante il caricamento del PDF: worker perso",
    });
  });

  test("a cut document warns the user", async () => {
    const context = createPdfContext({ extract: async () => extracted({ truncated: true }), ocr: async () => ({ text: "" }) });
    await context.load(file());
    expect(context.store.getState().warning).toMatch(/supera i 100\.000 caratteri/);
  });

  test("a scan asks for OCR; confirmed, the server's text is loaded", async () => {
    const ocr = deferred<{ text: string }>();
    const seen: PdfFile[] = [];
    const scan = file("Scansione.pdf");
    const context = createPdfContext({
      extract: async () => extracted({ scanned: true, pages: 3, text: "" }),
      ocr: (given) => (seen.push(given), ocr.promise),
    });
    await context.load(scan);
    expect(context.store.getState().phase).toEqual({ name: "scanned", file: scan, pages: 3 });
    const running = context.confirmOcr();
    expect(context.store.getState().phase).toEqual({ name: "ocr", fileName: "Scansione.pdf" });
    ocr.resolve({ text: "Testo letto dall'OCR." });
    await running;
    expect(seen).toEqual([scan]);
    expect(context.store.getState().phase).toEqual({
      name: "loaded",
      pdf: { name: "Scansione.pdf", pages: 3, size: 20_480, text: "Testo letto dall'OCR." },
    });
  });

  test("OCR text over the limit is cut with the OCR warning; an OCR failure is shown", async () => {
    const long = createPdfContext({ extract: async () => extracted({ scanned: true }), ocr: async () => ({ text: "a".repeat(100_001) }) });
    await long.load(file());
    await long.confirmOcr();
    expect(long.store.getState().warning).toMatch(/circa 2500 caratteri per pagina/);
    const failing = createPdfContext({
      extract: async () => extracted({ scanned: true }),
      ocr: async () => Promise.reject(new Error("OCR failed: 502")),
    });
    await failing.load(file());
    await failing.confirmOcr();
    expect(failing.store.getState()).toMatchObject({ phase: { name: "empty" }, alert: "❌ Errore OCR: OCR failed: 502" });
  });

  test("OCR without a scanned file says there is nothing to process", async () => {
    const context = createPdfContext({ extract: async () => extracted(), ocr: async () => ({ text: "" }) });
    await context.confirmOcr();
    expect(context.store.getState().alert).toBe("Nessun file PDF da processare");
  });

  test("a PDF removed while it is read does not come back", async () => {
    const slow = deferred<ExtractedPdf>();
    const context = createPdfContext({ extract: () => slow.promise, ocr: async () => ({ text: "" }) });
    const reading = context.load(file());
    context.remove();
    slow.resolve(extracted());
    await reading;
    expect(context.store.getState().phase).toEqual({ name: "empty" });
  });
});
