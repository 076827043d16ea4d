import { HttpError, type RagPassage } from "@oystar/api-client";
import { describe, expect, test } from "vitest";
import { createSourceViewer, passageInDocument, type SourceViewerDependencies } from "./source-viewer";
import { citedPassage } from "./testing/cited-passage";

// Issue 25: the viewer's state, with the server's two calls given as data.

const document = (format: "pdf" | "text", id = "7") => ({
  id,
  title: "Il giardino di Boboli",
  filename: "boboli.md",
  url: null,
  format,
  pages: format === "pdf" ? 3 : null,
});
const passage = (chunkId: string, format: "pdf" | "text" = "text", page: number | null = null): RagPassage => ({
  chunkId,
  page,
  text: `Il passaggio ${chunkId}.`,
  before: "Prima.\n\n",
  after: "\n\nDopo.",
  document: document(format),
});

/** The server as a table; every call is counted, and a call can be held until released. */
function server(passages: Record<string, RagPassage | Error>, original: Uint8Array | Error = new Uint8Array([37, 80, 68, 70])) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  const dependencies: SourceViewerDependencies = {
    async loadPassage(chunkId) {
      calls.push(`passage ${chunkId}`);
      const found = passages[chunkId];
      if (!found || found instanceof Error) throw found ?? new HttpError(404, { error: "Passaggio non trovato." });
      return found;
    },
    async loadOriginal(documentId, signal) {
      calls.push(`original ${documentId}`);
      await new Promise<void>((resolve, reject) => {
        held.push(resolve);
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
      if (original instanceof Error) throw original;
      return original;
    },
  };
  return { dependencies, calls, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const boboli = { noteNumber: 1, title: "Il giardino di Boboli", filename: "boboli.md", passages: ["11", "12", "13"] };

describe("the source viewer", () => {
  test("opens a document at its first passage and steps through its passages, each loaded once", async () => {
    const world = server({ "11": passage("11"), "12": passage("12"), "13": passage("13") });
    const viewer = createSourceViewer(world.dependencies);
    viewer.open(boboli);
    expect(viewer.store.getState()).toMatchObject({ opened: { noteNumber: 1, position: 0 }, passage: { status: "loading" } });
    await settled();
    expect(viewer.store.getState()).toMatchObject({ passage: { status: "loaded", value: { chunkId: "11" } }, original: null, page: null });
    viewer.previous();
    expect(viewer.store.getState().opened?.position).toBe(0);
    viewer.next();
    viewer.next();
    await settled();
    expect(viewer.store.getState()).toMatchObject({ opened: { position: 2 }, passage: { status: "loaded", value: { chunkId: "13" } } });
    viewer.next();
    expect(viewer.store.getState().opened?.position).toBe(2);
    viewer.previous();
    viewer.previous();
    await settled();
    expect(viewer.store.getState().passage).toMatchObject({ status: "loaded", value: { chunkId: "11" } });
    expect(world.calls).toEqual(["passage 11", "passage 12", "passage 13"]);
  });

  test("opens at the passage asked for; closing forgets what was open", async () => {
    const world = server({ "12": passage("12") });
    const viewer = createSourceViewer(world.dependencies);
    viewer.open(boboli, 1);
    await settled();
    expect(viewer.store.getState().passage).toMatchObject({ status: "loaded", value: { chunkId: "12" } });
    viewer.close();
    expect(viewer.store.getState()).toEqual({ opened: null, passage: null, original: null, page: null });
  });

  test("a PDF passage opens at its page with the file, fetched once per document; its pages can be turned within the document", async () => {
    const world = server({ "11": passage("11", "pdf", 2), "12": passage("12", "pdf", 3) });
    const viewer = createSourceViewer(world.dependencies);
    viewer.open(boboli);
    await settled();
    expect(viewer.store.getState()).toMatchObject({ page: 2, original: { status: "loading" } });
    world.release();
    await settled();
    expect(viewer.store.getState().original).toEqual({ status: "loaded", value: new Uint8Array([37, 80, 68, 70]) });
    viewer.showPage(1);
    expect(viewer.store.getState().page).toBe(1);
    viewer.showPage(4);
    viewer.showPage(0);
    expect(viewer.store.getState().page).toBe(1);
    viewer.next();
    await settled();
    // The next passage is on page 3 of the same file: no second download.
    expect(viewer.store.getState()).toMatchObject({ page: 3, original: { status: "loaded" } });
    expect(world.calls).toEqual(["passage 11", "original 7", "passage 12"]);
  });

  test("a passage that is gone says so, another failure offers to try again", async () => {
    const world = server({ "11": new TypeError("Failed to fetch") });
    const viewer = createSourceViewer(world.dependencies);
    viewer.open({ ...boboli, passages: ["99"] });
    await settled();
    expect(viewer.store.getState().passage).toEqual({
      status: "failed",
      message: "Questa fonte non è più disponibile: il documento potrebbe essere stato rimosso dall'indice.",
    });
    viewer.open(boboli);
    await settled();
    expect(viewer.store.getState().passage).toEqual({
      status: "failed",
      message: "Impossibile aprire la fonte. Controlla la connessione e riprova.",
    });
    expect(world.calls).toEqual(["passage 99", "passage 11"]);
    viewer.retry();
    await settled();
    expect(world.calls).toEqual(["passage 99", "passage 11", "passage 11"]);
  });

  test("a step taken while a PDF still downloads leaves nothing half-shown", async () => {
    const world = server({ "11": passage("11", "pdf", 2), "12": passage("12") });
    const viewer = createSourceViewer(world.dependencies);
    viewer.open(boboli);
    await settled();
    viewer.next();
    await settled();
    world.release();
    await settled();
    expect(viewer.store.getState()).toMatchObject({ passage: { status: "loaded", value: { chunkId: "12" } }, original: null, page: null });
  });
});

// Issue 38 §1: a debate turn numbers its passages one by one; its [n] opens that passage in its
// document, among the passages of the same document the turn read.
describe("a passage of a text that numbers its passages", () => {
  const turn = [
    citedPassage({ noteNumber: 1, chunkId: "101", title: "Giardini storici", filename: "giardini.md" }),
    citedPassage({ noteNumber: 2, chunkId: "102", title: "Restauro", filename: "restauro.pdf" }),
    citedPassage({ noteNumber: 3, chunkId: "103", title: "Giardini storici", filename: "giardini.md" }),
  ];

  test("opens in its document, at its place among that document's passages", () => {
    expect(passageInDocument(turn, 3)).toEqual({
      document: { noteNumber: 3, title: "Giardini storici", filename: "giardini.md", passages: ["101", "103"], uncited: [] },
      position: 1,
    });
    expect(passageInDocument(turn, 2)).toEqual({
      document: { noteNumber: 2, title: "Restauro", filename: "restauro.pdf", passages: ["102"], uncited: [] },
      position: 0,
    });
  });

  test("a number the turn was not given opens nothing", () => {
    expect(passageInDocument(turn, 4)).toBeNull();
  });
});
