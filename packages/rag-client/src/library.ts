import {
  HttpError,
  type LibraryDocument,
  type LibraryDocuments,
  type LibraryIndex,
  type LibraryIndexes,
  type LibrarySite,
  type LibraryUpload,
} from "@oystar/api-client";
import type { Clock } from "@oystar/conversation";
import { createStore } from "zustand/vanilla";
import { libraryMessages } from "./library-messages";

// Issue 48, 'I miei documenti': the customer's indexes, the one open, its documents and sites, as
// a store the page reads. The server decides everything (plan, space, owner); this keeps what it
// said and asks again while something is moving — a document queued or being read, a site being
// read — so that each status moves on its own while the page is open.

/** A file to upload, with its path in the index (a folder's sub-folders kept). */
export type UploadFile = { file: Blob; path: string };

/** The calls the library makes (httpLibrary over the API), and the clock it asks again with. */
export type LibraryPorts = {
  listIndexes(): Promise<LibraryIndexes>;
  createIndex(label: string): Promise<LibraryIndex>;
  deleteIndex(name: string): Promise<void>;
  listDocuments(name: string): Promise<LibraryDocuments>;
  upload(name: string, files: readonly UploadFile[]): Promise<LibraryUpload>;
  replace(name: string, id: string, file: UploadFile): Promise<LibraryUpload>;
  remove(name: string, id: string): Promise<void>;
  addSite(name: string, url: string): Promise<LibrarySite>;
  syncSite(name: string, id: string): Promise<LibrarySite>;
  later: Clock["later"];
};

export type LibraryState = {
  indexes: LibraryIndexes | null;
  loadFailed: boolean;
  /** The open index's name, and what it holds (null while it loads). */
  open: string | null;
  contents: LibraryDocuments | null;
  /** Files still being sent. */
  sending: number;
  /** The server's refusal of the last action (in Italian), shown until the next one. */
  error: string | null;
};

/** How often the page asks again while something moves. */
export const LIBRARY_POLL_MS = 1000;
/** An upload is sent in batches this large (files, bytes): a folder of a thousand files is many requests, each refused or kept whole. */
export const UPLOAD_BATCH = { files: 50, bytes: 20 * 1024 * 1024 } as const;

/** Whether anything of the index is still moving: a document queued or read, a site read. */
export const isMoving = (contents: LibraryDocuments | null) =>
  Boolean(
    contents &&
    (contents.documents.some((document) => document.state === "queued" || document.state === "reading") ||
      contents.sites.some((site) => site.state === "reading" || site.state === "waiting")),
  );

/** The files in batches of at most UPLOAD_BATCH files and bytes (a file larger than that goes alone). */
export function uploadBatches(files: readonly UploadFile[]): UploadFile[][] {
  const batches: UploadFile[][] = [];
  let current: UploadFile[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && (current.length >= UPLOAD_BATCH.files || bytes + file.file.size > UPLOAD_BATCH.bytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The documents whose path holds the filter's words (case aside), in the list's order. */
export function filterDocuments(documents: readonly LibraryDocument[], filter: string): LibraryDocument[] {
  const words = filter.toLocaleLowerCase("it-IT").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...documents];
  return documents.filter((document) => {
    const path = document.path.toLocaleLowerCase("it-IT");
    return words.every((word) => path.includes(word));
  });
}

/** A document's state as the page says it: 'In coda', 'OCR: pagina 3 di 12', 'Indicizzato — 12 passaggi, letto con OCR', 'Rifiutato: …'. */
export function documentStatus(document: LibraryDocument): string {
  switch (document.state) {
    case "queued":
      return libraryMessages.queued;
    case "reading":
      return document.ocr ? libraryMessages.ocrPage(document.ocr.page, document.ocr.pages) : libraryMessages.reading;
    case "indexed": {
      const details = [
        document.passages !== null ? libraryMessages.passages(document.passages) : null,
        document.scanned ? libraryMessages.readWithOcr : null,
      ].filter(Boolean);
      return details.length > 0 ? `${libraryMessages.indexed} — ${details.join(", ")}` : libraryMessages.indexed;
    }
    case "refused":
      return libraryMessages.refused(document.reason ?? "");
  }
}

/** A size as the page writes it: «12,4 MB», «850 KB». */
export function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1 || bytes === 0) return `${megabytes.toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("it-IT")} KB`;
}

/** What the server said when it refused: its Italian words, or the page's own. */
const refusalOf = (error: unknown, fallback: string) => (error instanceof HttpError && error.serverMessage) || fallback;

export type Library = ReturnType<typeof createLibrary>;

export function createLibrary(ports: LibraryPorts) {
  const store = createStore<LibraryState>()(() => ({
    indexes: null,
    loadFailed: false,
    open: null,
    contents: null,
    sending: 0,
    error: null,
  }));
  let stopPolling: (() => void) | null = null;
  let disposed = false;

  const loadIndexes = async () => {
    // A screen shown again (React's second mount in development) reads on.
    disposed = false;
    try {
      store.setState({ indexes: await ports.listIndexes(), loadFailed: false });
    } catch {
      store.setState({ loadFailed: true });
    }
  };

  /** The open index read again; asked again later while something moves. */
  const refresh = async () => {
    const name = store.getState().open;
    if (!name || disposed) return;
    stopPolling?.();
    stopPolling = null;
    let contents: LibraryDocuments;
    try {
      contents = await ports.listDocuments(name);
    } catch {
      // A moment without the server: asked again as if something moved.
      stopPolling = ports.later(() => void refresh(), LIBRARY_POLL_MS);
      return;
    }
    if (store.getState().open !== name || disposed) return;
    const wasMoving = isMoving(store.getState().contents);
    store.setState({ contents });
    if (isMoving(contents)) stopPolling = ports.later(() => void refresh(), LIBRARY_POLL_MS);
    // Settled: the space used and the documents counted change with it.
    else if (wasMoving) void loadIndexes();
  };

  /** Runs an action; its refusal is the page's error until the next action. */
  const act = async <T>(work: () => Promise<T>, fallback: string): Promise<T | null> => {
    store.setState({ error: null });
    try {
      return await work();
    } catch (error) {
      store.setState({ error: refusalOf(error, fallback) });
      return null;
    }
  };

  return {
    store,
    load: loadIndexes,

    /** A new index; true when made (the server refuses past the plan's count, in the plan's words). */
    async createIndex(label: string): Promise<boolean> {
      const created = await act(() => ports.createIndex(label), libraryMessages.loadFailed);
      if (!created) return false;
      await loadIndexes();
      return true;
    },

    async deleteIndex(name: string) {
      const done = await act(() => ports.deleteIndex(name).then(() => true), libraryMessages.loadFailed);
      if (!done) return;
      if (store.getState().open === name) this.openIndex(null);
      await loadIndexes();
    },

    openIndex(name: string | null) {
      stopPolling?.();
      stopPolling = null;
      store.setState({ open: name, contents: null, error: null });
      if (name) void refresh();
    },

    /** Sends files in batches; each batch's files get their rows (queued, or refused with the reason). */
    async upload(files: readonly UploadFile[]) {
      const name = store.getState().open;
      if (!name || files.length === 0) return;
      store.setState((state) => ({ sending: state.sending + files.length, error: null }));
      try {
        for (const batch of uploadBatches(files)) {
          const sent = await act(() => ports.upload(name, batch), libraryMessages.uploadFailed);
          store.setState((state) => ({ sending: state.sending - batch.length }));
          if (sent) await refresh();
        }
      } finally {
        store.setState({ sending: 0 });
      }
      await loadIndexes();
    },

    async replace(id: string, file: UploadFile) {
      const name = store.getState().open;
      if (!name) return;
      if (await act(() => ports.replace(name, id, file), libraryMessages.uploadFailed)) await refresh();
    },

    async remove(id: string) {
      const name = store.getState().open;
      if (!name) return;
      if (await act(() => ports.remove(name, id).then(() => true), libraryMessages.loadFailed)) {
        await refresh();
        await loadIndexes();
      }
    },

    async addSite(url: string): Promise<boolean> {
      const name = store.getState().open;
      if (!name) return false;
      const added = await act(() => ports.addSite(name, url), libraryMessages.loadFailed);
      if (added) await refresh();
      return added !== null;
    },

    async syncSite(id: string) {
      const name = store.getState().open;
      if (!name) return;
      if (await act(() => ports.syncSite(name, id), libraryMessages.loadFailed)) await refresh();
    },

    dispose() {
      disposed = true;
      stopPolling?.();
      stopPolling = null;
    },
  };
}
