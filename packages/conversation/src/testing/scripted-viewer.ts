import { HttpError, type RagPassage } from "@oystar/api-client";
import type { LoadPdfRenderer } from "../pdf-renderer";
import { createSourceViewer, type SourceViewerDependencies } from "../source-viewer";

// The source viewer's server for tests and stories: passages and originals from tables, every
// call remembered; what is not in a table is 404, as the server says of a missing passage.

export function scriptedViewer(passages: readonly RagPassage[], originals: Record<string, Uint8Array> = {}) {
  const calls: string[] = [];
  const dependencies: SourceViewerDependencies = {
    async loadPassage(chunkId) {
      calls.push(`passage ${chunkId}`);
      const found = passages.find((passage) => passage.chunkId === chunkId);
      if (!found) throw new HttpError(404, { error: "Passaggio non trovato." });
      return found;
    },
    async loadOriginal(documentId) {
      calls.push(`original ${documentId}`);
      const found = originals[documentId];
      if (!found) throw new HttpError(404, { error: "Documento originale non trovato." });
      return found;
    },
  };
  return { dependencies, calls };
}

/** For passages of text documents: no page to draw, so no pdf.js. */
const noPdfRenderer: LoadPdfRenderer = () => Promise.reject(new Error("nessun PDF: solo passaggi di testo"));

/** A source viewer over scripted passages of text documents, as SourceViewerProvider takes it (`provider`). */
export function scriptedSourceViewer(passages: readonly RagPassage[]) {
  const server = scriptedViewer(passages);
  return { provider: { viewer: createSourceViewer(server.dependencies), loadPdfRenderer: noPdfRenderer }, calls: server.calls };
}

/** A passage of a text document, its surroundings around it. */
export function textPassage(
  chunkId: string,
  text: string,
  document: Partial<RagPassage["document"]> & { id: string; title: string; filename: string },
  surroundings = { before: "", after: "" },
): RagPassage {
  return { chunkId, page: null, text, ...surroundings, document: { url: null, format: "text", pages: null, ...document } };
}
