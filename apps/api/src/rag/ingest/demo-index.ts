import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { isIngestible } from "./formats/extensions";
import { deleteDocument, finishIngestion, ingestFile } from "./ingestion";
import { ensureSharedIndex } from "../rag-store";
import { withoutVectorIndexDuring } from "../retrieve/vector-search";
import type { RetrievalEngine } from "../retrieve/retrieval";

// spec 001 §1 and DESIGN.md §8: the demo index, an original Italian collection about gardens
// and tourism (apps/api/rag-demo: Markdown with a `title:` front matter, a few PDFs made by
// scripts/demo-pdfs.ts, and a Word file, an e-mail and a scanned page made by
// scripts/demo-documents.ts), shared with every RAG customer. Its documents have no address of their
// own: they open in the source viewer (issue 25). Built at start and kept in step with the
// folder: unchanged files cost one hash comparison, so a restart takes milliseconds.

export const DEMO_INDEX = "gardenroute-demo";
export const DEMO_LABEL = "Garden Route";

/**
 * Issue 36 §3: the demo's starting points, shown on the empty RAG screen while the demo index is
 * the one asked. Each is answered by the demo's own documents (demo-questions.test.ts asks each
 * offline and expects a cited answer); they travel with the index list, so the browser holds no
 * word of the demo's content.
 */
export const DEMO_EXAMPLE_QUESTIONS: readonly string[] = [
  "Chi ha commissionato Villa d'Este a Tivoli?",
  "Quando è stato fondato l'Orto botanico di Padova?",
  "Chi ha creato il Giardino dei Tarocchi a Capalbio?",
  "Chi acquistò Villa Pisani a Stra nel 1807?",
];

/** What building the index needs of the engine: its database and embedder (the engine builds it at start). */
type IndexBuilder = Pick<RetrievalEngine, "db" | "embedder" | "vectors">;

export async function buildDemoIndex(engine: IndexBuilder, folder: string, log: (line: string) => void = () => {}): Promise<void> {
  const files = (await readdir(folder).catch(() => [] as string[])).filter(isIngestible).sort();
  if (files.length === 0) return;
  const index = await ensureSharedIndex(engine.db, DEMO_INDEX, DEMO_LABEL);
  let changed = 0;
  const load = async () => {
    for (const filename of files) {
      const result = await ingestFile(
        engine.db,
        index,
        { filename, bytes: await readFile(join(folder, filename)) },
        { embedder: engine.embedder, vectors: engine.vectors },
      );
      if (result.status !== "unchanged") changed += 1;
    }
  };
  // The first build into PGlite (held by this server alone, before it serves) builds the vector
  // index once at the end: seconds instead of tens of seconds.
  if (index.documents === 0 && engine.vectors && engine.db.kind === "pglite")
    await withoutVectorIndexDuring(engine.db, engine.embedder, load);
  else await load();
  const present = new Set(files);
  const stored = await engine.db.query<{ filename: string }>("SELECT filename FROM rag_documents WHERE index_id = $1", [index.id]);
  for (const { filename } of stored) {
    if (!present.has(filename) && (await deleteDocument(engine.db, index, filename))) changed += 1;
  }
  if (changed > 0) {
    await finishIngestion(engine.db);
    log(`Indice demo ${DEMO_INDEX}: ${changed} documenti aggiornati su ${files.length}.`);
  }
}
