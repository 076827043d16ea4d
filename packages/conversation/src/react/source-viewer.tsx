import { retryOnce } from "@oystar/ui-kit";
import { Dialog, Spinner } from "@oystar/ui-kit/react";
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { conversationMessages } from "../messages";
import type { LoadPdfRenderer } from "../pdf-renderer";
import type { SourceViewer as SourceViewerSession, ViewerDocument } from "../source-viewer";

// Issue 25: where a screen keeps its source viewer. The dialog itself is here (it costs nothing:
// the ui-kit's); what it shows — the passage in its text, a PDF's page — loads the first time a
// source is opened, and pdf.js only when that source is a PDF.

/** Opens a document of an answer's sources at one of its passages; `from` gets the focus back. */
export type OpenSource = (document: ViewerDocument, position: number, from: HTMLElement | null) => void;

const OpenSourceContext = createContext<OpenSource | null>(null);

/** How the answers under a SourceViewerProvider open a source; null where no viewer is provided. */
export const useOpenSource = () => useContext(OpenSourceContext);

const SourceViewerContent = lazy(retryOnce(() => import("./source-viewer-content")));

export type SourceViewerProviderProps = {
  viewer: SourceViewerSession;
  /** pdf.js, for a PDF's page view (loaded by the app when first needed). */
  loadPdfRenderer: LoadPdfRenderer;
  children?: ReactNode;
};

/**
 * Gives the answers under it a way to open their sources, and shows the viewer while one is open:
 * a side panel beside the conversation on a wide screen, a full-screen sheet on a phone. Escape
 * and its close button close it; the focus stays in it while open and goes back to the citation
 * or the source that opened it.
 */
export function SourceViewerProvider({ viewer, loadPdfRenderer, children }: SourceViewerProviderProps) {
  const [openedFrom, setOpenedFrom] = useState<HTMLElement | null>(null);
  const open = useCallback<OpenSource>(
    (document, position, from) => {
      setOpenedFrom(from);
      viewer.open(document, position);
    },
    [viewer],
  );
  useEffect(() => () => viewer.dispose(), [viewer]);
  return (
    <OpenSourceContext.Provider value={open}>
      {children}
      <SourceViewerDialog viewer={viewer} loadPdfRenderer={loadPdfRenderer} returnFocus={openedFrom} />
    </OpenSourceContext.Provider>
  );
}

function SourceViewerDialog({
  viewer,
  loadPdfRenderer,
  returnFocus,
}: {
  viewer: SourceViewerSession;
  loadPdfRenderer: LoadPdfRenderer;
  returnFocus: HTMLElement | null;
}) {
  const opened = useStore(viewer.store, (state) => state.opened);
  const loaded = useStore(viewer.store, (state) => (state.passage?.status === "loaded" ? state.passage.value.document : null));
  if (!opened) return null;
  // The list's words until the server's arrive: the same title, the document's own.
  const title = loaded?.title || opened.title || opened.filename || conversationMessages.viewer.source(opened.noteNumber);
  return (
    <Dialog open onClose={viewer.close} placement="side" className="rag-viewer" title={title} returnFocus={returnFocus}>
      <div className="rag-viewer__content">
        <Suspense fallback={<Spinner label={conversationMessages.viewer.loadingPassage} />}>
          <SourceViewerContent viewer={viewer} loadPdfRenderer={loadPdfRenderer} />
        </Suspense>
      </div>
    </Dialog>
  );
}
