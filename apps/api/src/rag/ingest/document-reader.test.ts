import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { getPriority } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";
import { imageBombPdf, sharedStreamPdf } from "../../../test-support/heavy-pdf";
import { UnreadablePdfError } from "../../ocr/pdf-pages";
import { openDatabase } from "../../db/database";
import { migrate } from "../../db/migrate";
import { localEmbedder } from "../embedder";
import { createIndex, findIndex } from "../rag-store";
import { DocumentReader, DocumentReadingError } from "./document-reader";
import { chunkedReading } from "./chunked-reading";
import { documentText } from "./document-text";
import { isIngestible } from "./formats/extensions";
import { ingestFile } from "./ingestion";
import { UnreadablePdfTextError } from "./pdf-text";
import { DocumentTooLongError } from "./reading-limits";

// Issue 33 §1: documents are read in reading processes bounded in text, time and memory. Whatever
// a file does to its process, the document alone is refused, by name, and the next one is read.

const DEMO_DIR = fileURLToPath(new URL("../../../rag-demo", import.meta.url));
// The third attack run's PDF: 1,000 pages sharing one content stream, tens of millions of characters.
const heavy = sharedStreamPdf({ pages: 1000, operations: 2000 });
const small = { filename: "nota.md", bytes: new TextEncoder().encode("# Nota\n\nIl glicine fiorisce in aprile.") };

const readers: DocumentReader[] = [];
const reader = (options: ConstructorParameters<typeof DocumentReader>[0] = {}) => {
  const made = new DocumentReader(options);
  readers.push(made);
  return made;
};
afterAll(() => Promise.all(readers.map((made) => made.close())));

test("a document reads the same in a reading process as on the server's thread (the demo's PDFs, texts, Word file and e-mail)", async () => {
  // Every kind the demo has (the scanned page apart: OCR reads it in a reading process only, demo-index.test.ts).
  const filenames = (await readdir(DEMO_DIR))
    .filter((filename) => isIngestible(filename) && filename !== "cartello-della-limonaia.pdf")
    .filter((filename, position) => position < 12 || !filename.endsWith(".md"));
  expect(filenames.some((filename) => filename.endsWith(".pdf"))).toBe(true);
  const pool = reader({ workers: 2 });
  for (const filename of filenames) {
    const bytes = new Uint8Array(await readFile(join(DEMO_DIR, filename)));
    const onThread = await documentText(filename, bytes);
    // The reading process chunks it too (issue 54 §1): as the server's thread would.
    expect(await pool.read({ filename, bytes })).toEqual({ ...onThread, chunked: chunkedReading(onThread.text) });
  }
});

test("past its characters a document is refused as soon as they are read, not after all of them", async () => {
  await expect(reader().read({ filename: "lungo.pdf", bytes: heavy }, 300_000)).rejects.toThrow(DocumentTooLongError);
});

test("past its heap the reading process is ended and the document refused by name; the next document is read", async () => {
  const cramped = reader({ memoryMb: 64, workers: 1 });
  const refused = cramped.read({ filename: "lungo.pdf", bytes: heavy }, Number.POSITIVE_INFINITY);
  await expect(refused).rejects.toThrow(DocumentReadingError);
  await expect(refused).rejects.toThrow(
    "«lungo.pdf» non è stato indicizzato: la lettura richiede troppa memoria. Il file potrebbe essere danneggiato o troppo complesso.",
  );
  expect((await cramped.read(small)).text).toBe("Il glicine fiorisce in aprile.");
});

test("past its deadline the reading process is ended and the document refused by name; the next document is read", async () => {
  const hurried = reader({ deadlineMs: 1000, workers: 1 });
  await expect(hurried.read({ filename: "lungo.pdf", bytes: heavy }, Number.POSITIVE_INFINITY)).rejects.toThrow(
    "«lungo.pdf» non è stato indicizzato: la lettura ha richiesto più di un secondo. Il file potrebbe essere danneggiato o troppo complesso.",
  );
  expect((await hurried.read(small)).title).toBe("Nota");
});

test("an indexing request's documents share one budget of text: past it a document is refused whole", async () => {
  const db = await openDatabase({ dataDir: null });
  try {
    await migrate(db);
    await createIndex(db, { name: "budget", ownerId: null });
    const index = (await findIndex(db, "budget"))!;
    const options = { embedder: localEmbedder(), vectors: true, reader: reader() };
    const refusal = ingestFile(db, index, small, { ...options, charactersLeft: 10 });
    await expect(refusal).rejects.toThrow(DocumentReadingError);
    await expect(refusal).rejects.toThrow(
      /^«nota\.md» non è stato indicizzato: con i documenti precedenti la richiesta supererebbe 20\.000\.000 caratteri/,
    );
    expect((await findIndex(db, "budget"))?.documents).toBe(0);
    expect(await ingestFile(db, index, small, { ...options, charactersLeft: 1000 })).toMatchObject({ status: "added", characters: 30 });
  } finally {
    await db.close();
  }
});

test("issue 34 §2: reading processes run below the server's priority, so its requests come first", async () => {
  const pool = reader({ workers: 1 });
  expect((await pool.read(small)).title).toBe("Nota");
  // This process's children that are reading processes, as an operator sees them in `top` (NI).
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("reading-worker");
      } catch {
        return false;
      }
    });
  expect(children.length).toBeGreaterThan(0);
  for (const pid of children) expect(getPriority(Number(pid))).toBe(Math.min(19, getPriority() + 10));
});

// Issue 47 §1–§2 (the fourth attack run): a picture's pixels are native memory, outside the heap's
// cap; a deadline that restarted at every scanned page bounded nothing.

test("issue 47 §1: a page declaring a picture past the budget is refused by file and page before it is drawn", async () => {
  const bomb = await imageBombPdf({ width: 20000, height: 20000 });
  await expect(reader({ workers: 1 }).read({ filename: "scansione.pdf", bytes: bomb })).rejects.toThrow(
    new UnreadablePdfTextError(
      "«scansione.pdf» non è stato indicizzato: a pagina 1 un'immagine dichiara 20.000 × 20.000 pixel, troppi per leggerla. Il file potrebbe essere danneggiato o costruito per bloccare la lettura.",
    ),
  );
});

test("issue 47 §2: past its whole memory (a decoded picture, outside the heap) the process is ended, the document refused by name, the next read", async () => {
  // 49 million pixels, under the picture budget: decoding them takes ~1 GB of native memory.
  const heavyScan = await imageBombPdf({ width: 7000, height: 7000 });
  const cramped = reader({ workers: 1, residentMb: 500 });
  await expect(cramped.read({ filename: "grande.pdf", bytes: heavyScan })).rejects.toThrow(
    new DocumentReadingError(
      "«grande.pdf» non è stato indicizzato: la lettura richiede troppa memoria. Il file potrebbe essere danneggiato o troppo complesso. Salvalo di nuovo (o come PDF), o dividilo, e caricalo.",
    ),
  );
  await expect(cramped.readScan({ filename: "grande.pdf", bytes: heavyScan }, new AbortController().signal)).rejects.toThrow(
    new UnreadablePdfError(
      "Impossibile leggere «grande.pdf»: la lettura richiede troppa memoria. Il file potrebbe essere danneggiato o troppo complesso.",
    ),
  );
  expect((await cramped.read(small)).title).toBe("Nota");
}, 120_000);

test("issue 47 §2: one deadline a document — the pages OCR reads do not start it again", async () => {
  // Twenty scanned pages (blank A4 pictures at 200 dpi): each is drawn and read in well under
  // 3 s, all twenty in far more.
  const longScan = await imageBombPdf({ width: 1654, height: 2339, pages: 20 });
  const hurried = reader({ workers: 1, deadlineMs: 3000, ocrPageMs: 0 });
  await expect(hurried.read({ filename: "verbale.pdf", bytes: longScan })).rejects.toThrow(
    "«verbale.pdf» non è stato indicizzato: la lettura ha richiesto più di 3 secondi. Il file potrebbe essere danneggiato o troppo complesso.",
  );
  expect((await hurried.read(small)).title).toBe("Nota");
}, 60_000);
