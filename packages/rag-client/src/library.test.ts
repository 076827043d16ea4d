import { HttpError, type LibraryDocument, type LibraryDocuments, type LibraryIndexes } from "@oystar/api-client";
import { expect, test } from "vitest";
import { createLibrary, documentStatus, filterDocuments, formatBytes, uploadBatches, type LibraryPorts, type UploadFile } from "./library";
import { siteChanges } from "./library-messages";

// Issue 48: the library's core, with its calls answered here as the server answers them and a
// clock whose timers the test runs.

const row = (path: string, state: LibraryDocument["state"], more: Partial<LibraryDocument> = {}): LibraryDocument => ({
  id: path,
  path,
  size: 1000,
  format: path.split(".").pop() ?? "",
  state,
  ocr: null,
  passages: null,
  scanned: false,
  reason: null,
  first_passage: null,
  url: null,
  site: null,
  ...more,
});

function world(lists: LibraryDocuments[]) {
  const timers: Array<() => void> = [];
  const calls: string[] = [];
  const indexes: LibraryIndexes = {
    indexes: [{ name: "contratti-1a2b", label: "Contratti", documents: 0, bytes: 0 }],
    limits: { indexes: 3, bytes: 100 * 1024 * 1024 },
    used: { indexes: 1, bytes: 0 },
  };
  const ports: LibraryPorts = {
    listIndexes: async () => (calls.push("indexes"), indexes),
    createIndex: async (label) => {
      calls.push(`create ${label}`);
      throw new HttpError(409, { error: "Hai raggiunto il numero massimo di indici del tuo piano (3)." });
    },
    deleteIndex: async () => {},
    listDocuments: async () => (calls.push("documents"), lists.length > 1 ? lists.shift()! : lists[0]!),
    upload: async (_name, files) => {
      calls.push(`upload ${files.map((file) => file.path).join(",")}`);
      return { documents: files.map((file) => ({ id: file.path, path: file.path, state: "queued" as const, reason: null })) };
    },
    replace: async () => ({ documents: [] }),
    remove: async () => {},
    addSite: async () => {
      throw new Error("not used");
    },
    syncSite: async () => {
      throw new Error("not used");
    },
    later: (task) => {
      timers.push(task);
      return () => timers.splice(timers.indexOf(task), 1);
    },
  };
  return { ports, timers, calls };
}

const contents = (documents: LibraryDocument[]): LibraryDocuments => ({
  index: { name: "contratti-1a2b", label: "Contratti", documents: documents.length, bytes: 0 },
  documents,
  sites: [],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("an open index is read again while a document moves, and no more once every one has settled", async () => {
  const { ports, timers, calls } = world([
    contents([row("a.pdf", "queued")]),
    contents([row("a.pdf", "reading", { ocr: { page: 2, pages: 5 } })]),
    contents([row("a.pdf", "indexed", { passages: 12, scanned: true })]),
  ]);
  const library = createLibrary(ports);
  library.openIndex("contratti-1a2b");
  await settle();
  expect(documentStatus(library.store.getState().contents!.documents[0]!)).toBe("In coda");
  expect(timers).toHaveLength(1);
  timers.shift()!();
  await settle();
  expect(documentStatus(library.store.getState().contents!.documents[0]!)).toBe("OCR: pagina 2 di 5");
  timers.shift()!();
  await settle();
  expect(documentStatus(library.store.getState().contents!.documents[0]!)).toBe("Indicizzato — 12 passaggi, letto con OCR");
  // Settled: nothing more is asked, and the indexes (their space used) are read again.
  expect(timers).toHaveLength(0);
  expect(calls).toEqual(["documents", "documents", "documents", "indexes"]);
  library.dispose();
});

test("a refusal shows the server's own words; an upload goes in batches", async () => {
  const { ports, calls } = world([contents([])]);
  const library = createLibrary(ports);
  expect(await library.createIndex("Verbali")).toBe(false);
  expect(library.store.getState().error).toBe("Hai raggiunto il numero massimo di indici del tuo piano (3).");
  library.openIndex("contratti-1a2b");
  const files: UploadFile[] = Array.from({ length: 120 }, (_, n) => ({ file: new Blob(["x"]), path: `cartella/${n}.md` }));
  await library.upload(files);
  expect(calls.filter((call) => call.startsWith("upload")).map((call) => call.split(",").length)).toEqual([50, 50, 20]);
  expect(library.store.getState().error).toBeNull();
  library.dispose();
});

test("batches keep under the bytes too; a file larger than a batch goes alone", () => {
  const big = (mb: number) => ({ file: new Blob([new Uint8Array(mb * 1024 * 1024)]), path: `${mb}.pdf` });
  expect(uploadBatches([big(8), big(8), big(8), big(30), big(1)]).map((batch) => batch.map((file) => file.path))).toEqual([
    ["8.pdf", "8.pdf"],
    ["8.pdf"],
    ["30.pdf"],
    ["1.pdf"],
  ]);
});

test("the filter finds a document by the words of its name among 10,000", () => {
  const documents = Array.from({ length: 10_000 }, (_, n) => row(`Pratiche/${n}/atto-${n}.pdf`, "indexed"));
  documents[7_321] = row("Contratti/2024/Locazione Villa Serena.docx", "indexed");
  expect(filterDocuments(documents, "villa locazione").map((document) => document.path)).toEqual([
    "Contratti/2024/Locazione Villa Serena.docx",
  ]);
  expect(filterDocuments(documents, "")).toHaveLength(10_000);
});

test("sizes, refusals and a site's changes read as the page says them", () => {
  expect(formatBytes(13_002_342)).toBe("12,4 MB");
  expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
  expect(formatBytes(2_500)).toBe("2 KB");
  expect(documentStatus(row("a.doc", "refused", { reason: "formato non supportato" }))).toBe("Rifiutato: formato non supportato");
  expect(documentStatus(row("a.md", "reading"))).toBe("Lettura");
  expect(siteChanges({ added: 3, changed: 1, removed: 2 })).toBe("3 pagine nuove, 1 modificata, 2 rimosse");
  expect(siteChanges({ added: 0, changed: 0, removed: 0 })).toBe("nessuna modifica");
});
