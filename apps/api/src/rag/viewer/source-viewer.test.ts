import { jsPDF } from "jspdf";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, privateIndex, readAnswer, userIdOf } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { localEmbedder } from "../embedder";
import { deleteDocument, finishIngestion, ingestFile } from "../ingest/ingestion";
import { deleteIndex, findIndex, type RagIndex } from "../rag-store";
import { vectorStoreAvailable } from "../retrieve/vector-search";

// Issue 25, the source viewer's API over HTTP on the real server: a passage in its surroundings
// and a PDF's original, for the demo index and a customer's own index; another customer's is 404
// exactly like a missing one.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let enterprise: string;
let pro: string;
let dossier: RagIndex;

let options: { embedder: ReturnType<typeof localEmbedder>; vectors: boolean };

/** A three-page PDF whose second page holds the sentence the tests look for (one file: jsPDF stamps each with its own id). */
let guide: Uint8Array | undefined;
const guidePdf = () => (guide ??= writeGuidePdf());
function writeGuidePdf(): Uint8Array {
  const pdf = new jsPDF();
  pdf.text("Il roseto di Villa Nebbia apre a maggio.", 15, 30);
  pdf.addPage();
  pdf.text("La grotta di Villa Nebbia custodisce settantasette statue di marmo.", 15, 30);
  pdf.text("Furono scolpite tra il 1701 e il 1730.", 15, 40);
  pdf.addPage();
  pdf.text("Il labirinto di Villa Nebbia misura un ettaro.", 15, 30);
  pdf.setProperties({ title: "Guida di Villa Nebbia" });
  return new Uint8Array(pdf.output("arraybuffer"));
}

// A rose outside the Basic Multilingual Plane: offsets counted in code points by the database, in UTF-16 units by JavaScript.
const paragraph = (n: number) => `🌹 Paragrafo ${n}: il viale numero ${n} del parco attraversa le aiuole di bosso e conduce alla fontana.`;
/** Paragraphs first…last, a blank line between them: the document's reading text as well. */
const avenues = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => paragraph(first + index)).join("\n\n");

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  // Embeddings only where the database can hold them (the PostgreSQL leg has no pgvector).
  options = { embedder: localEmbedder(), vectors: await vectorStoreAvailable(server.db) };
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  pro = (await signInAs(server.url, "pro@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(enterprise) });
  dossier = await privateIndex(server.db, "dossier-nebbia", await userIdOf(server.db, "enterprise@oystar.test"), {
    "viali.md": avenues(1, 40),
  });
  await ingestFile(server.db, dossier, { filename: "guida-nebbia.pdf", bytes: guidePdf() }, options);
  await finishIngestion(server.db);
});
afterAll(() => server.close());

const passage = (token: string, chunkId: string | number) => fetch(`${server.url}/api/rag/passages/${chunkId}`, { headers: bearer(token) });
const original = (token: string, documentId: string) =>
  fetch(`${server.url}/api/rag/documents/${documentId}/original`, { headers: bearer(token) });

/** A passage from the middle of a document: text on both sides of it. */
async function middleChunkOf(filename: string): Promise<string> {
  const [row] = await server.db.query<{ id: string }>(
    `SELECT c.id::text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE d.filename = $1
     ORDER BY c.ordinal OFFSET (SELECT count(*) / 2 FROM rag_chunks c2 JOIN rag_documents d2 ON d2.id = c2.document_id WHERE d2.filename = $1) LIMIT 1`,
    [filename],
  );
  if (!row) throw new Error(`no chunk of ${filename}`);
  return row.id;
}

async function chunkIdOf(filename: string, containing: string): Promise<string> {
  const [row] = await server.db.query<{ id: string }>(
    "SELECT c.id::text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE d.filename = $1 AND c.text LIKE $2 ORDER BY c.ordinal LIMIT 1",
    [filename, `%${containing}%`],
  );
  if (!row) throw new Error(`no chunk of ${filename} with ${containing}`);
  return row.id;
}

type Passage = {
  chunkId: string;
  page: number | null;
  text: string;
  before: string;
  after: string;
  document: { id: string; title: string; filename: string; url: string | null; format: string; pages: number | null };
};

describe("GET /api/rag/passages/:chunkId", () => {
  test("a source of a demo answer opens where it stands in its document, for any Business customer", async () => {
    const answer = await readAnswer(
      await fetch(`${server.url}/api/ask-stream`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...bearer(business) },
        body: JSON.stringify({ question: "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?" }),
      }),
    );
    const cited = answer.sources.at(-1)!.find((source) => source.support?.cited && source.filename === "villa-aurora.md")!;
    const response = await passage(business, cited.chunkId);
    expect(response.status).toBe(200);
    // Personal like every API answer: never kept by a browser or a proxy.
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Passage;
    expect(body).toMatchObject({
      chunkId: String(cited.chunkId),
      page: null,
      document: {
        title: "Villa Aurora a Castelnuovo",
        filename: "villa-aurora.md",
        url: "https://esempi.oystar.test/giardini/villa-aurora",
        format: "text",
        pages: null,
      },
    });
    expect(body.text).toContain("centoquaranta alberi di limone");
    // The passage is the one the answer was written from, in its document's own order.
    const [stored] = await server.db.query<{ text: string }>("SELECT text FROM rag_chunks WHERE id = $1", [cited.chunkId]);
    expect(body.text).toBe(stored?.text);
    expect(`${body.before}${body.text}${body.after}`).toContain("Le fontane");
    // The same for Enterprise, any RAG customer of the shared index.
    expect((await passage(enterprise, cited.chunkId)).status).toBe(200);
  });

  test("the surroundings: the paragraphs before and after, whole, and no more", async () => {
    const body = (await (await passage(enterprise, await middleChunkOf("viali.md"))).json()) as Passage;
    const shown = `${body.before}${body.text}${body.after}`;
    // A piece of the document as it is, the passage in its place.
    expect(avenues(1, 40)).toContain(shown);
    expect(body.before.length).toBeGreaterThan(0);
    expect(body.after.length).toBeGreaterThan(0);
    // Two whole paragraphs each side of the passage's own: the document's paragraph breaks, no more.
    const first = Number(/^🌹 Paragrafo (\d+)/.exec(body.before)?.[1]);
    const last = Number(/Paragrafo (\d+)[^\n]*$/.exec(body.after)?.[1]);
    expect(Number(/^🌹 Paragrafo (\d+)/.exec(body.text)?.[1])).toBe(first + 2);
    expect(Number(/Paragrafo (\d+)[^\n]*$/.exec(body.text)?.[1])).toBe(last - 2);
    expect(shown.startsWith(paragraph(first))).toBe(true);
    expect(shown.endsWith(paragraph(last))).toBe(true);
  });

  test("a PDF's passage names its page, the document's pages and that its original can be shown", async () => {
    const body = (await (await passage(enterprise, await chunkIdOf("guida-nebbia.pdf", "settantasette"))).json()) as Passage;
    expect(body).toMatchObject({
      page: 2,
      document: { title: "Guida di Villa Nebbia", filename: "guida-nebbia.pdf", url: null, format: "pdf", pages: 3 },
    });
    expect(body.text).toContain("La grotta di Villa Nebbia custodisce settantasette statue di marmo.");
  });

  test("another customer's passage is 404, word for word like one that does not exist", async () => {
    const foreign = await chunkIdOf("viali.md", "Paragrafo 3:");
    const refused = await passage(business, foreign);
    const missing = await passage(business, "999999999");
    expect(refused.status).toBe(404);
    expect(missing.status).toBe(404);
    const said = await refused.text();
    expect(said).toBe(await missing.text());
    expect(JSON.parse(said)).toEqual({ error: "Passaggio non trovato." });
    expect(said).not.toMatch(/viali|nebbia|dossier/i);
    for (const nonsense of ["abc", "0", "-1", "1e3", "99999999999999999999999"])
      expect((await passage(business, nonsense)).status).toBe(404);
  });

  test("plans without RAG get 403, anonymous callers 401", async () => {
    const chunkId = await chunkIdOf("viali.md", "Paragrafo 3:");
    const refused = await passage(pro, chunkId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Il RAG è riservato ai piani Business o Enterprise." });
    expect((await fetch(`${server.url}/api/rag/passages/${chunkId}`)).status).toBe(401);
  });
});

describe("GET /api/rag/documents/:documentId/original", () => {
  test("the PDF as it was indexed, for its owner only; never rendered by the browser on our origin", async () => {
    const { document } = (await (await passage(enterprise, await chunkIdOf("guida-nebbia.pdf", "settantasette"))).json()) as Passage;
    const response = await original(enterprise, document.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="documento.pdf"');
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(guidePdf());

    const refused = await original(business, document.id);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(await (await original(business, "999999999")).text());
    expect((await original(pro, document.id)).status).toBe(403);
    // A document that is not a PDF has no original to show.
    const { document: markdown } = (await (await passage(enterprise, await chunkIdOf("viali.md", "Paragrafo 3:"))).json()) as Passage;
    expect((await original(enterprise, markdown.id)).status).toBe(404);
  });
});

describe("what ingestion keeps for the viewer", () => {
  test("a document indexed before the viewer shows its passage alone, and re-ingesting it fills its place", async () => {
    const index = (await findIndex(server.db, "dossier-nebbia"))!;
    const file = { filename: "vecchio.md", bytes: new TextEncoder().encode(avenues(101, 140)) };
    await ingestFile(server.db, index, file, options);
    // As the documents indexed before migration 0015 are: no text kept, no offsets.
    await server.db.query(
      "DELETE FROM rag_document_texts WHERE document_id = (SELECT id FROM rag_documents WHERE filename = 'vecchio.md')",
    );
    await server.db.query(
      "UPDATE rag_chunks SET start_offset = NULL, end_offset = NULL WHERE document_id = (SELECT id FROM rag_documents WHERE filename = 'vecchio.md')",
    );
    const before = (await (await passage(enterprise, await middleChunkOf("vecchio.md"))).json()) as Passage;
    expect(avenues(101, 140)).toContain(before.text);
    expect({ before: before.before, after: before.after }).toEqual({ before: "", after: "" });

    // Same bytes: not 'unchanged' while its passages have no place.
    expect(await ingestFile(server.db, (await findIndex(server.db, "dossier-nebbia"))!, file, options)).toMatchObject({
      status: "replaced",
    });
    const after = (await (await passage(enterprise, await middleChunkOf("vecchio.md"))).json()) as Passage;
    expect(after.text).toBe(before.text);
    expect(after.before).toMatch(/^🌹 Paragrafo 1\d\d/);
    expect(after.after).toMatch(/^\n\n🌹 Paragrafo 1\d\d/);
    expect(await ingestFile(server.db, (await findIndex(server.db, "dossier-nebbia"))!, file, options)).toMatchObject({
      status: "unchanged",
    });
  });

  test("deleting a document, or its index, deletes its text and its original", async () => {
    const kept = async () =>
      (
        await server.db.query<{ texts: number; originals: number }>(
          "SELECT (SELECT count(*)::int FROM rag_document_texts) AS texts, (SELECT count(*)::int FROM rag_originals) AS originals",
        )
      )[0]!;
    const index = await privateIndex(server.db, "da-cancellare", await userIdOf(server.db, "enterprise@oystar.test"), {
      "nota.md": "Una nota sul giardino.",
    });
    await ingestFile(server.db, index, { filename: "guida.pdf", bytes: guidePdf() }, options);
    const start = await kept();
    expect(await deleteDocument(server.db, (await findIndex(server.db, "da-cancellare"))!, "guida.pdf")).toBe(true);
    expect(await kept()).toEqual({ texts: start.texts - 1, originals: start.originals - 1 });
    await ingestFile(server.db, (await findIndex(server.db, "da-cancellare"))!, { filename: "guida.pdf", bytes: guidePdf() }, options);
    await deleteIndex(server.db, index);
    expect(await kept()).toEqual({ texts: start.texts - 2, originals: start.originals - 1 });
  });
});
