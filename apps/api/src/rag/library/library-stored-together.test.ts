import { API_PATHS, apiPath, type LibraryDocuments, type LibraryIndex } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { archiveFiles, type ArchiveFile } from "../../../lab/rag-cli/archive-corpus";
import { localEmbedder } from "../embedder";
import { ingestFile, readForStoring, storeReadDocuments, type DocumentInput } from "../ingest/ingestion";
import { ensureSharedIndex, findIndex } from "../rag-store";

// Issue 48 §7: the library stores what its reading processes read meanwhile in one transaction
// (library-reading.ts), where each document used to be stored on its own. Both roads must leave
// the same rows: 80 of the firm archive's files (Word, e-mails, PDFs, Writer,
// spreadsheets, CSV) uploaded as the browser sends them, against `ingestFile` of each in turn.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let files: ArchiveFile[];

beforeAll(async () => {
  server = await startTestServer();
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  files = [];
  for await (const file of archiveFiles({ documents: 80, scanned: 0 })) files.push(file);
});
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...bearer(business), ...(init.headers as Record<string, string>) } });

/** Everything an index holds, by file name and passage number (the ids differ between two indexes). */
async function contentsOf(indexId: string) {
  const db = server.db;
  const byIndex = [indexId];
  return {
    documents: await db.query(
      "SELECT filename, title, url, bytes::text, content_hash FROM rag_documents WHERE index_id = $1 ORDER BY filename",
      byIndex,
    ),
    texts: await db.query(
      `SELECT d.filename, t.text, t.pages FROM rag_document_texts t JOIN rag_documents d ON d.id = t.document_id
       WHERE d.index_id = $1 ORDER BY d.filename`,
      byIndex,
    ),
    originals: await db.query(
      `SELECT d.filename, o.media_type, md5(o.bytes) AS digest FROM rag_originals o JOIN rag_documents d ON d.id = o.document_id
       WHERE d.index_id = $1 ORDER BY d.filename`,
      byIndex,
    ),
    passages: await db.query(
      `SELECT d.filename, c.ordinal, c.page, c.text, c.tsv::text, c.stems::text, c.lexeme_count, c.stem_count, c.start_offset, c.end_offset,
              c.act, c.article, c.commas
       FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.index_id = $1 ORDER BY d.filename, c.ordinal`,
      byIndex,
    ),
    terms: await db.query("SELECT lexeme, df FROM rag_terms WHERE index_id = $1 ORDER BY lexeme", byIndex),
    stems: await db.query("SELECT stem, df FROM rag_stem_terms WHERE index_id = $1 ORDER BY stem", byIndex),
    totals: await db.query("SELECT chunk_count, lexeme_total::text, stem_total::text, bytes::text FROM rag_indexes WHERE id = $1", byIndex),
  };
}

test("80 archive files uploaded and stored together leave the same rows as stored one by one, in fewer transactions", async () => {
  const created = await call(API_PATHS.libraryIndexes, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ label: "Archivio dello studio" }),
  });
  expect(created.status).toBe(201);
  const library = (await created.json()) as LibraryIndex;
  const before = (await findIndex(server.db, library.name))!;
  // The browser's batches: 50 files a request.
  for (let start = 0; start < files.length; start += 50) {
    const form = new FormData();
    for (const file of files.slice(start, start + 50)) form.append("files", new File([file.bytes as BlobPart], file.filename));
    const sent = await fetch(`${server.url}${apiPath(API_PATHS.libraryDocuments, { name: library.name })}`, {
      method: "POST",
      headers: bearer(business),
      body: form,
    });
    expect(sent.status).toBe(202);
  }
  let list: LibraryDocuments;
  for (;;) {
    list = (await (await call(apiPath(API_PATHS.libraryDocuments, { name: library.name }))).json()) as LibraryDocuments;
    if (list.documents.every((document) => document.state === "indexed" || document.state === "refused")) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // As the server stores them: the local embedder earns no vector leg (rag-engine.ts).
  const oneByOne = await ensureSharedIndex(server.db, "archivio-uno-a-uno");
  for (const file of files) {
    const result = await ingestFile(server.db, oneByOne, file, { embedder: localEmbedder(), vectors: false });
    expect(result).not.toHaveProperty("error");
  }

  const grouped = (await findIndex(server.db, library.name))!;
  const together = await contentsOf(grouped.id);
  const alone = await contentsOf(oneByOne.id);
  expect(together.documents).toHaveLength(files.length);
  expect(together.passages.length).toBeGreaterThan(200);
  expect(together).toEqual(alone);
  // Each row says what its document holds.
  const passages = new Map<string, number>();
  for (const row of together.passages as Array<{ filename: string }>) passages.set(row.filename, (passages.get(row.filename) ?? 0) + 1);
  expect(list.documents.map(({ path, state, passages: count }) => [path, state, count])).toEqual(
    files.map((file) => [file.filename, "indexed", passages.get(file.filename)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  // Stored together: each transaction moves the index's version once.
  expect(grouped.version - before.version).toBeLessThan(files.length / 2);
});

test("the same 80 files read, then stored in one transaction, leave the same rows as stored one by one", async () => {
  const options = { embedder: localEmbedder(), vectors: false };
  const together = await ensureSharedIndex(server.db, "archivio-insieme");
  const before = (await findIndex(server.db, together.name))!;
  const documents: DocumentInput[] = [];
  for (const file of files) {
    const read = await readForStoring(server.db, together, file, options);
    if ("status" in read) throw new Error(`${file.filename}: ${read.status}`);
    documents.push(read);
  }
  const outcomes = await storeReadDocuments(server.db, together, documents, options);
  expect(outcomes.map((outcome) => ("error" in outcome ? outcome.error.message : outcome.status))).toEqual(files.map(() => "added"));
  const oneByOne = (await findIndex(server.db, "archivio-uno-a-uno")) ?? (await ensureSharedIndex(server.db, "archivio-uno-a-uno"));
  if (oneByOne.documents === 0) for (const file of files) await ingestFile(server.db, oneByOne, file, options);
  const stored = await contentsOf(together.id);
  expect(stored.passages.length).toBeGreaterThan(200);
  expect(stored).toEqual(await contentsOf(oneByOne.id));
  expect((await findIndex(server.db, together.name))!.version - before.version).toBe(1);
});
