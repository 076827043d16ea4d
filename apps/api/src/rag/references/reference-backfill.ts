import type { Database, Queryable } from "../../db/database";
import { required } from "../../required";
import { actOfPreamble, passageReferences } from "./document-structure";
import { ARTICLE_NUMBER, articleKey, articleOfHeading, commaOfLine } from "./legal-reference";

// Issue 49 §2 for documents indexed before migration 0061: their passages got no act or article.
// At the server's start each document not read yet (rag_documents.references_read, migration
// 0062) is read once from its stored passages — no re-upload, no new passages, no new vectors:
// the passages keep their text and boundaries and only learn their act, article and commas, as
// ingestion would have given them. A document of some hundred at a time, each batch one
// transaction; run again, it finds nothing left to read.

/** Documents read per transaction. */
const BATCH = 100;

/**
 * A heading the old chunker flattened into its block: «Art. 2 La Repubblica…» (the line break
 * after «Art. 2» became a space). The word after it must open a sentence or a comma («1. …»):
 * «Art. 3 della legge…» is a sentence about an article, no heading.
 */
const FLATTENED_HEADING = new RegExp(
  `^\\s*(?:[Aa][Rr][Tt]\\.|[Aa]rticolo|ARTICOLO)\\s*${ARTICLE_NUMBER}\\s+(?=\\p{Lu}|\\d{1,3}\\.\\s)`,
  "u",
);

function headingOf(block: string): string | null {
  const heading = articleOfHeading(block.split("\n", 1)[0] ?? "");
  if (heading) return heading;
  const flattened = FLATTENED_HEADING.exec(block);
  return flattened ? articleKey(required(flattened[1], "the heading's article number"), flattened[2]) : null;
}

/** What follows a heading in its block, where a comma may open: the next line, or the flattened rest. */
function afterHeading(block: string): string {
  const lines = block.trimStart().split("\n");
  return articleOfHeading(lines[0] ?? "") ? (lines[1] ?? "") : block.replace(FLATTENED_HEADING, "");
}

/** A stored passage's place in its act: the article it ends in, and the commas of that article it holds. */
type Place = { article?: string; commas?: string[] };

/**
 * The article and commas of each of a document's stored passages (in order), read from their
 * text as the chunker reads a document: an article's heading opens it, a numbered line a comma;
 * a passage belongs to the article it ends in (an overlap repeats what the passage before held).
 * `preamble`: the text before the first heading, where the act is named.
 */
export function placesOfPassages(texts: readonly string[]): { places: Place[]; preamble: string } {
  let article: string | null = null;
  let comma: string | null = null;
  let preamble = "";
  const headings = new Set<string>();
  const places = texts.map((text) => {
    const held: Array<{ article: string | null; comma: string | null }> = [];
    for (const block of text.split(/\n\s*\n|\n(?=\s*\d{1,3}[.)]\s)/)) {
      const heading = headingOf(block);
      if (heading) {
        [article, comma] = [heading, null];
        headings.add(heading);
      }
      const marked = article ? commaOfLine(heading ? afterHeading(block) : block) : null;
      if (marked) comma = marked;
      if (!article && headings.size === 0) preamble += `${block}\n\n`;
      held.push({ article, comma });
    }
    const last = held.at(-1)?.article ?? null;
    const commas = [...new Set(held.flatMap((block) => (block.article === last && block.comma ? [block.comma] : [])))];
    return { ...(last ? { article: last } : {}), ...(commas.length > 0 ? { commas } : {}) };
  });
  // One heading-like line in a document is a sentence that opens with an article, not a structure.
  if (headings.size < 2) return { places: texts.map(() => ({})), preamble: "" };
  return { places, preamble };
}

type DocumentRow = { id: string; title: string; filename: string };
type PassageRow = { id: string; text: string; article: string | null };

/** Reads one document's structure into its passages; how many passages learnt their article. */
async function readDocument(tx: Queryable, document: DocumentRow): Promise<number> {
  const passages = await tx.query<PassageRow>("SELECT id::text, text, article FROM rag_chunks WHERE document_id = $1 ORDER BY ordinal", [
    document.id,
  ]);
  // Ingestion (or a backfill before) already read it.
  if (passages.some((passage) => passage.article !== null)) return 0;
  const { places, preamble } = placesOfPassages(passages.map((passage) => passage.text));
  const act = places.some((place) => place.article) ? actOfPreamble(preamble) : null;
  const references = passageReferences({ ...document, act }, places);
  // A document without articles keeps none; one with them gives its act to every passage (its preamble's too), as ingestion does.
  if (!references.some((reference) => reference.article)) return 0;
  const updates = passages.map((passage, at) => ({ id: passage.id, ...required(references[at], "a passage's reference") }));
  await tx.query(
    `UPDATE rag_chunks c SET act = u.act, article = u.article, commas = string_to_array(NULLIF(u.commas, ''), ',')
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS u(id, act, article, commas)
     WHERE c.id = u.id AND c.article IS NULL`,
    [
      updates.map((update) => update.id),
      updates.map((update) => update.act),
      updates.map((update) => update.article),
      updates.map((update) => update.commas.join(",")),
    ],
  );
  return updates.filter((update) => update.article).length;
}

/**
 * Reads the structure of every document not read yet, in batches (see above). Returns how many
 * documents were read and how many passages learnt their article.
 */
export async function backfillReferences(db: Database, batch = BATCH): Promise<{ documents: number; passages: number }> {
  const total = { documents: 0, passages: 0 };
  for (;;) {
    const read = await db.transaction(async (tx) => {
      // SKIP LOCKED: two servers starting on one database share the work instead of waiting.
      const documents = await tx.query<DocumentRow>(
        `SELECT id::text, title, filename FROM rag_documents WHERE NOT references_read ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      let passages = 0;
      for (const document of documents) passages += await readDocument(tx, document);
      await tx.query("UPDATE rag_documents SET references_read = true WHERE id = ANY($1::bigint[])", [
        documents.map((document) => document.id),
      ]);
      return { documents: documents.length, passages };
    });
    total.documents += read.documents;
    total.passages += read.passages;
    if (read.documents < batch) return total;
  }
}
