import { API_PATHS, apiPath, HttpError, type ApiClient, type CitedPassage, type RagPassage } from "@oystar/api-client";
import { createStore } from "zustand/vanilla";
import { conversationMessages } from "./messages";

// Issue 25, the source viewer: a citation or a source opens the passage it names where it stands
// in its document, and steps through the passages of that document the answer used; a PDF is
// shown at the passage's page, and its pages can be turned. What is loaded stays in memory while
// the page lives (stepping back is instant) and goes nowhere else: the server is asked for a
// passage by its id, never told the conversation. On the floor (issue 38 §1): a RAG answer's
// sources and a debate turn's passages open in it alike, both being cited passages.

/** What a screen opens: a document of an answer's sources, at one of the passages it lists. */
export type ViewerDocument = {
  /** The number the answer cites it by. */
  noteNumber: number;
  /** What the list shows until the passage has loaded. */
  title: string | null;
  filename: string | null;
  /** The passages to step through (their chunk ids), in the list's order. */
  passages: readonly string[];
  /** Issue 52 §6: those of them the text read but did not cite (the viewer says so); none when unsaid. */
  uncited?: readonly string[];
};

/**
 * A document as the viewer opens it: named by its lead passage (its number, title and file), and
 * the passages of it to step through, in their order — those the server says were not cited are
 * marked, so the viewer can say it.
 */
export function viewerDocument(lead: CitedPassage, passages: readonly CitedPassage[]): ViewerDocument {
  return {
    noteNumber: lead.noteNumber,
    title: lead.title || null,
    filename: lead.filename || null,
    passages: passages.map((passage) => passage.chunkId),
    uncited: passages.filter((passage) => passage.support?.cited === false).map((passage) => passage.chunkId),
  };
}

/**
 * Passage `noteNumber` of a text that numbers its passages one by one (a debate turn's), opened in
 * its document: the viewer steps through the passages of the same document, as a RAG citation does.
 */
export function passageInDocument(
  passages: readonly CitedPassage[],
  noteNumber: number,
): { document: ViewerDocument; position: number } | null {
  const cited = passages.find((passage) => passage.noteNumber === noteNumber);
  if (!cited) return null;
  const sameDocument = passages.filter((passage) => passage.document === cited.document);
  return { document: viewerDocument(cited, sameDocument), position: sameDocument.indexOf(cited) };
}

export type Loading<T> = { status: "loading" } | { status: "loaded"; value: T } | { status: "failed"; message: string };

export type SourceViewerState = {
  /** What is open, and at which of its passages; null while closed. */
  opened: (ViewerDocument & { position: number }) | null;
  passage: Loading<RagPassage> | null;
  /** A PDF's file, for its page view; null for other documents. */
  original: Loading<Uint8Array> | null;
  /** The PDF page shown: the passage's own until the reader turns pages. */
  page: number | null;
};

export type SourceViewerDependencies = {
  /** GET /api/rag/passages/:chunkId. */
  loadPassage: (chunkId: string, signal: AbortSignal) => Promise<RagPassage>;
  /** GET /api/rag/documents/:documentId/original. */
  loadOriginal: (documentId: string, signal: AbortSignal) => Promise<Uint8Array>;
};

export type SourceViewer = ReturnType<typeof createSourceViewer>;

const CLOSED: SourceViewerState = { opened: null, passage: null, original: null, page: null };

/** A failure as the viewer says it: gone (404), or could not be reached. */
const failureMessage = (error: unknown) =>
  error instanceof HttpError && error.status === 404 ? conversationMessages.viewer.notFound : conversationMessages.viewer.failed;

export function createSourceViewer(dependencies: SourceViewerDependencies) {
  const store = createStore<SourceViewerState>()(() => CLOSED);
  const passages = new Map<string, RagPassage>();
  // One original at a time: a PDF can weigh megabytes.
  let original: { documentId: string; bytes: Uint8Array } | null = null;
  let inFlight: AbortController | null = null;

  const current = () => {
    const { opened } = store.getState();
    return opened ? (opened.passages[opened.position] ?? null) : null;
  };

  /** Loads (or finds) the passage at the current position, then its PDF if it is one. */
  async function show() {
    inFlight?.abort();
    const chunkId = current();
    if (!chunkId) return;
    const known = passages.get(chunkId);
    if (known) return shown(known);
    const abort = new AbortController();
    inFlight = abort;
    store.setState({ passage: { status: "loading" } });
    try {
      const passage = await dependencies.loadPassage(chunkId, abort.signal);
      passages.set(chunkId, passage);
      if (!abort.signal.aborted) await shown(passage);
    } catch (error) {
      if (!abort.signal.aborted)
        store.setState({ passage: { status: "failed", message: failureMessage(error) }, original: null, page: null });
    }
  }

  async function shown(passage: RagPassage) {
    const pdf = passage.document.format === "pdf";
    store.setState({ passage: { status: "loaded", value: passage }, page: pdf ? (passage.page ?? 1) : null });
    if (!pdf) {
      store.setState({ original: null });
      return;
    }
    const { id } = passage.document;
    if (original?.documentId === id) {
      store.setState({ original: { status: "loaded", value: original.bytes } });
      return;
    }
    const abort = new AbortController();
    inFlight = abort;
    store.setState({ original: { status: "loading" } });
    try {
      const bytes = await dependencies.loadOriginal(id, abort.signal);
      original = { documentId: id, bytes };
      if (!abort.signal.aborted) store.setState({ original: { status: "loaded", value: bytes } });
    } catch (error) {
      if (!abort.signal.aborted) store.setState({ original: { status: "failed", message: failureMessage(error) } });
    }
  }

  const moveTo = (position: number) => {
    const { opened } = store.getState();
    if (!opened || position < 0 || position >= opened.passages.length || position === opened.position) return;
    store.setState({ opened: { ...opened, position } });
    void show();
  };

  return {
    store,
    /** Opens a document at one of its passages (the first unless told). */
    open(document: ViewerDocument, position = 0) {
      if (document.passages.length === 0) return;
      store.setState({
        ...CLOSED,
        opened: {
          ...document,
          passages: [...document.passages],
          uncited: [...(document.uncited ?? [])],
          position: Math.min(Math.max(position, 0), document.passages.length - 1),
        },
      });
      void show();
    },
    next: () => moveTo((store.getState().opened?.position ?? 0) + 1),
    previous: () => moveTo((store.getState().opened?.position ?? 0) - 1),
    /** Another page of the PDF shown (within its pages). */
    showPage(page: number) {
      const { passage } = store.getState();
      const pages = passage?.status === "loaded" ? passage.value.document.pages : null;
      if (pages === null || !Number.isInteger(page) || page < 1 || page > pages) return;
      store.setState({ page });
    },
    /** Tries again what failed. */
    retry: () => void show(),
    close() {
      inFlight?.abort();
      store.setState(CLOSED);
    },
    /** Forgets what was loaded (the screen goes). */
    dispose() {
      inFlight?.abort();
      passages.clear();
      original = null;
      store.setState(CLOSED);
    },
  };
}

/** The HTTP side of the viewer over the signed-in API client. */
export function httpSourceViewer(api: Pick<ApiClient, "call" | "raw">): SourceViewerDependencies {
  return {
    loadPassage: (chunkId, signal) => api.call("ragPassage", { params: { chunkId }, signal }),
    async loadOriginal(documentId, signal) {
      const response = await api.raw(apiPath(API_PATHS.ragOriginal, { documentId }), { signal, headers: { Accept: "application/pdf" } });
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
