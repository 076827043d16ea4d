import { createStore } from "zustand/vanilla";
import type { LoadedPdf } from "./document-context";
import { formatDocumentContext } from "./document-header";
import { pdfMessages } from "./messages";
import { limitDocumentText, pdfFileProblem, type PdfFileFacts } from "./pdf-limits";
import { PdfError, type ExtractedPdf } from "./pdf-text";

/** A file as the browser gives it (a File is one). */
export type PdfFile = PdfFileFacts & { arrayBuffer(): Promise<ArrayBuffer> };

/** spec 001 §4: no PDF, reading it, the OCR question for a scan, OCR running, loaded (issue 50 §5: until removed). */
export type PdfPhase<F extends PdfFile = PdfFile> =
  | { name: "empty" }
  | { name: "reading"; fileName: string }
  | { name: "scanned"; file: F; pages: number }
  | { name: "ocr"; fileName: string }
  | { name: "loaded"; pdf: LoadedPdf };

export type PdfContextState<F extends PdfFile = PdfFile> = {
  phase: PdfPhase<F>;
  /** A failure to show (the spec's alerts, shown with a Notice). */
  alert: string | null;
  /** Something the user should know that is not a failure (the document was cut). */
  warning: string | null;
};

export type PdfContextDependencies<F extends PdfFile> = {
  extract: (file: F) => Promise<ExtractedPdf>;
  /** The server's OCR (POST /api/ocr/extract-pdf); throws with the message to show. */
  ocr: (file: F) => Promise<{ text: string }>;
};

export type PdfContext<F extends PdfFile = PdfFile> = ReturnType<typeof createPdfContext<F>>;

const failureText = (error: unknown) =>
  error instanceof PdfError ? error.message : pdfMessages.uploadFailed(error instanceof Error ? error.message : String(error));

/**
 * The chat's PDF context (spec 001 §2–§5) as a store; extraction and OCR are injected. It is the
 * chat session's document port: the loaded PDF goes with every question until it is removed
 * (issue 50 §5).
 */
export function createPdfContext<F extends PdfFile>(dependencies: PdfContextDependencies<F>) {
  const store = createStore<PdfContextState<F>>()(() => ({ phase: { name: "empty" }, alert: null, warning: null }));
  // A file removed or replaced while it was being read must not come back when its text arrives.
  let generation = 0;
  const update = (change: Partial<PdfContextState<F>>) => store.setState(change);
  const phase = () => store.getState().phase;
  const busy = () => phase().name === "reading" || phase().name === "ocr";

  return {
    /** Read it (or bind it with zustand's useStore); it changes only through the steps below. */
    store,

    /** The loaded PDF as the model reads it after the question, and as the question's chip names it; null without one. */
    documentForQuestion(): { context: string; name: string; pages: number } | null {
      const current = phase();
      if (current.name !== "loaded") return null;
      const { name, pages } = current.pdf;
      return { context: formatDocumentContext(current.pdf), name, pages };
    },

    /** Reads a file the user chose or dropped; a file the checks refuse becomes an alert. */
    async load(file: F): Promise<void> {
      if (busy()) return;
      const problem = pdfFileProblem(file);
      if (problem) return update({ alert: problem });
      const mine = ++generation;
      update({ phase: { name: "reading", fileName: file.name }, alert: null, warning: null });
      try {
        const extracted = await dependencies.extract(file);
        if (mine !== generation) return;
        if (extracted.scanned) return update({ phase: { name: "scanned", file, pages: extracted.pages } });
        const { name, text, pages, size } = extracted;
        update({
          phase: { name: "loaded", pdf: { name, text, pages, size } },
          warning: extracted.truncated ? pdfMessages.truncatedAlert : null,
        });
      } catch (error) {
        if (mine === generation) update({ phase: { name: "empty" }, alert: failureText(error) });
      }
    },

    /** 'Sì, estrai testo': the server reads the scan. */
    async confirmOcr(): Promise<void> {
      const scanned = phase();
      if (scanned.name !== "scanned") return update({ alert: pdfMessages.ocrNoFile });
      const mine = ++generation;
      update({ phase: { name: "ocr", fileName: scanned.file.name }, alert: null });
      try {
        const { text, truncated } = limitDocumentText((await dependencies.ocr(scanned.file)).text);
        if (mine !== generation) return;
        const pdf = { name: scanned.file.name, text, pages: scanned.pages, size: scanned.file.size };
        update({ phase: { name: "loaded", pdf }, warning: truncated ? pdfMessages.ocrTruncatedAlert : null });
      } catch (error) {
        if (mine === generation)
          update({ phase: { name: "empty" }, alert: pdfMessages.ocrFailed(error instanceof Error ? error.message : String(error)) });
      }
    },

    /** 'No, annulla', or the remove button: no PDF any more. */
    remove() {
      generation += 1;
      update({ phase: { name: "empty" }, warning: null });
    },

    /** A refusal found before reading (a dropped file that is not a PDF). */
    showAlert(message: string) {
      update({ alert: message });
    },

    dismissAlert() {
      update({ alert: null });
    },

    dismissWarning() {
      update({ warning: null });
    },
  };
}
