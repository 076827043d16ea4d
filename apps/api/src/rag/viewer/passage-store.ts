import type { RagPassage } from "@oystar/api-client";
import type { Queryable } from "../../db/database";
import { hasPlaces, isEmail } from "../ingest/formats/extensions";
import { emailHeaderOf, placeOf } from "../ingest/formats/landmarks";
import { PARAGRAPH_BREAK } from "../ingest/text-chunking";
import { referenceLabel } from "../references/reference-labels";

// The source viewer's reads (issue 25): a passage where it stands in its document, and a PDF's
// original. One primary-key lookup each; the surroundings are cut out of the stored text by the
// database (substring), so a 5,000-page document costs what a one-page one does.

/** The paragraphs shown before and after a passage, and at most this many characters each side. */
export const PARAGRAPHS_AROUND = 2;
export const SURROUNDINGS_MAX = 1500;
/** How much of the text the database cuts out each side of the passage (code points). */
const WINDOW = 3000;

/** Who may see it (the index's owner; null: shared) and what the viewer shows. */
export type StoredPassage = { ownerId: string | null; passage: RagPassage };

type PassageRow = {
  chunk_id: string;
  page: number | null;
  chunk_text: string;
  owner_id: string | null;
  document_id: string;
  title: string;
  filename: string;
  url: string | null;
  pages: number | null;
  has_original: boolean;
  window_text: string | null;
  /** The passage's place in `window_text`, in code points. */
  passage_start: number | null;
  passage_end: number | null;
  act: string | null;
  article: string | null;
  commas: string[] | null;
};

/** Ids are bigint identities: anything else names nothing. */
export const isRowId = (value: string) => /^[1-9]\d{0,17}$/.test(value);

export async function findPassage(db: Queryable, chunkId: string): Promise<StoredPassage | null> {
  if (!isRowId(chunkId)) return null;
  const [row] = await db.query<PassageRow>(
    `SELECT c.id::text AS chunk_id, c.page, c.text AS chunk_text, i.owner_id::text, d.id::text AS document_id, d.title, d.filename, d.url, t.pages,
            EXISTS (SELECT 1 FROM rag_originals o WHERE o.document_id = d.id) AS has_original,
            substring(t.text FROM w.first + 1 FOR c.end_offset + $2 - w.first) AS window_text,
            c.start_offset - w.first AS passage_start, c.end_offset - w.first AS passage_end, c.act, c.article, c.commas
     FROM rag_chunks c
     JOIN rag_documents d ON d.id = c.document_id
     JOIN rag_indexes i ON i.id = c.index_id
     LEFT JOIN rag_document_texts t ON t.document_id = d.id AND c.start_offset IS NOT NULL
     CROSS JOIN LATERAL (SELECT greatest(c.start_offset - $2, 0) AS first) AS w
     WHERE c.id = $1`,
    [chunkId, WINDOW],
  );
  if (!row) return null;
  return { ownerId: row.owner_id, passage: { ...passageOf(row), ...(await landmarksOf(db, row)), ...(await ocrWordsOf(db, row)) } };
}

/** Issue 34: a scanned page's words and their boxes, stored as [text, left, top, width, height]. */
async function ocrWordsOf(db: Queryable, row: PassageRow): Promise<Pick<RagPassage, "ocrWords">> {
  if (!row.has_original || row.page === null) return {};
  const [scanned] = await db.query<{ words: Array<[string, number, number, number, number]> }>(
    "SELECT words FROM rag_ocr_pages WHERE document_id = $1 AND page = $2",
    [row.document_id, row.page],
  );
  if (!scanned) return {};
  return { ocrWords: scanned.words.map(([text, left, top, width, height]) => ({ text, left, top, width, height })) };
}

/** Issue 34: the slide or sheet a presentation's or workbook's passage stands on; an e-mail's header. */
async function landmarksOf(db: Queryable, row: PassageRow): Promise<Pick<RagPassage, "place" | "email">> {
  if (hasPlaces(row.filename))
    return { place: (await placesOf(db, [{ chunkId: row.chunk_id, filename: row.filename }])).get(row.chunk_id) ?? null };
  if (isEmail(row.filename)) {
    const [start] = await db.query<{ text: string | null }>(
      "SELECT substring(text FROM 1 FOR 4000) AS text FROM rag_document_texts WHERE document_id = $1",
      [row.document_id],
    );
    return { email: start?.text ? emailHeaderOf(start.text) : null };
  }
  return {};
}

/**
 * The slide or sheet each presentation's or workbook's passage stands on, by chunk id (the
 * viewer's and the answer's sources list's: issue 34). Read only for those (small) documents: the
 * reading text up to the passage, and the passage; other passages cost nothing.
 */
export async function placesOf(
  db: Queryable,
  passages: ReadonlyArray<{ chunkId: string; filename: string }>,
): Promise<Map<string, string>> {
  const ids = passages.filter((passage) => hasPlaces(passage.filename) && isRowId(passage.chunkId)).map((passage) => passage.chunkId);
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ chunk_id: string; before: string | null; passage: string }>(
    `SELECT c.id::text AS chunk_id, substring(t.text FROM 1 FOR c.start_offset) AS before, c.text AS passage
     FROM rag_chunks c JOIN rag_document_texts t ON t.document_id = c.document_id WHERE c.id = ANY($1::bigint[])`,
    [ids],
  );
  const places = new Map<string, string>();
  for (const row of rows) {
    const place = placeOf(row.before ?? "", row.passage);
    if (place) places.set(row.chunk_id, place);
  }
  return places;
}

function passageOf(row: PassageRow): RagPassage {
  const reference = row.article ? referenceOf(row) : null;
  return { ...passageTextOf(row), ...(reference ? { reference } : {}) };
}

/** Issue 49 §4: the article a passage of an act is, as lawyers cite it (its comma when it holds one only). */
const referenceOf = (row: PassageRow) =>
  referenceLabel({ act: row.act, article: row.article, comma: row.commas?.length === 1 ? row.commas[0] : null });

function passageTextOf(row: PassageRow): RagPassage {
  const document = {
    id: row.document_id,
    title: row.title,
    filename: row.filename,
    url: row.url,
    format: row.has_original ? ("pdf" as const) : ("text" as const),
    pages: row.pages,
  };
  // A document indexed before passages kept their places: the passage alone, until re-ingested.
  if (row.window_text === null || row.passage_start === null || row.passage_end === null) {
    return { chunkId: row.chunk_id, page: row.page, text: row.chunk_text, before: "", after: "", document };
  }
  const window = row.window_text;
  const start = utf16Offset(window, row.passage_start);
  const end = utf16Offset(window, row.passage_end);
  return {
    chunkId: row.chunk_id,
    page: row.page,
    text: window.slice(start, end),
    before: textBefore(window.slice(0, start), row.passage_start < WINDOW ? "document" : "window"),
    after: textAfter(window.slice(end)),
    document,
  };
}

/** A code-point offset of `text` as a UTF-16 one. */
export function utf16Offset(text: string, codePoints: number): number {
  let unit = 0;
  for (let counted = 0; counted < codePoints && unit < text.length; counted += 1) {
    const code = text.charCodeAt(unit);
    unit += code >= 0xd800 && code <= 0xdbff && unit + 1 < text.length ? 2 : 1;
  }
  return unit;
}

const ELLIPSIS = "…";

/**
 * What is shown before a passage: the rest of its paragraph and the PARAGRAPHS_AROUND before it,
 * at most SURROUNDINGS_MAX characters (cut between words, "…" where cut). `from` says whether
 * `text` starts at the document's start or where the database's window was cut.
 */
export function textBefore(text: string, from: "document" | "window"): string {
  const paragraphs = text.split(PARAGRAPH_BREAK);
  const kept = paragraphs.slice(-(PARAGRAPHS_AROUND + 1));
  const shown = kept.join(PARAGRAPH_BREAK);
  const cutByWindow = from === "window" && kept.length === paragraphs.length;
  if (shown.length <= SURROUNDINGS_MAX && !cutByWindow) return shown;
  const tail = shown.slice(-SURROUNDINGS_MAX);
  const space = tail.indexOf(" ");
  return ELLIPSIS + (space >= 0 && space < 80 ? tail.slice(space + 1) : tail.replace(/^[\udc00-\udfff]/, ""));
}

/** What is shown after a passage: the rest of its paragraph and the PARAGRAPHS_AROUND after it (as textBefore). */
export function textAfter(text: string): string {
  const paragraphs = text.split(PARAGRAPH_BREAK);
  const shown = paragraphs.slice(0, PARAGRAPHS_AROUND + 1).join(PARAGRAPH_BREAK);
  // The window ends WINDOW code points after the passage: whatever reaches it may be cut.
  if (shown.length <= SURROUNDINGS_MAX) return shown;
  const head = shown.slice(0, SURROUNDINGS_MAX);
  const space = head.lastIndexOf(" ");
  return (space > SURROUNDINGS_MAX - 80 ? head.slice(0, space) : head.replace(/[\ud800-\udbff]$/, "")) + ELLIPSIS;
}

/** A PDF's original and who may see it. */
export async function findOriginal(
  db: Queryable,
  documentId: string,
): Promise<{ ownerId: string | null; mediaType: string; bytes: Uint8Array } | null> {
  if (!isRowId(documentId)) return null;
  const [row] = await db.query<{ owner_id: string | null; media_type: string; bytes: Uint8Array }>(
    `SELECT i.owner_id::text, o.media_type, o.bytes
     FROM rag_originals o JOIN rag_documents d ON d.id = o.document_id JOIN rag_indexes i ON i.id = d.index_id
     WHERE o.document_id = $1`,
    [documentId],
  );
  return row ? { ownerId: row.owner_id, mediaType: row.media_type, bytes: row.bytes } : null;
}
