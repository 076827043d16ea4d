import type { Queryable } from "../../src/db/database";
import { foldAccents, type RagIndex } from "../../src/rag";

// The baseline every default must beat (issue 23): plain BM25 over whole documents, words cut to
// their first six letters as the only stemming, in memory — the forty lines of Python an
// engineer would write first. Not part of the product: `pnpm rag eval` prints it beside the
// engine's stages, on the same documents.

const K1 = 1.2;
const B = 0.75;
const PREFIX = 6;

const stemsOf = (text: string) => (foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.slice(0, PREFIX));

export type ReferenceBm25 = { rank(question: string, top: number): string[] };

/**
 * Builds the baseline from an index's documents (title and text); `rank` gives file names, best
 * first. `byArticle` (issue 49 §6): each article of a whole act is a document of its own,
 * `file.txt#21`, its passages' text together — plain BM25 as it would be on the acts cut by article.
 */
export async function referenceBm25(db: Queryable, index: RagIndex, byArticle = false): Promise<ReferenceBm25> {
  const rows = await db.query<{ filename: string; title: string; text: string }>(
    byArticle
      ? `SELECT d.filename || '#' || coalesce(c.article, '') AS filename, min(d.title) AS title, string_agg(c.text, ' ' ORDER BY c.ordinal) AS text
         FROM rag_documents d JOIN rag_chunks c ON c.document_id = d.id WHERE d.index_id = $1 GROUP BY d.id, c.article ORDER BY d.id, min(c.ordinal)`
      : `SELECT d.filename, d.title, string_agg(c.text, ' ' ORDER BY c.ordinal) AS text
     FROM rag_documents d JOIN rag_chunks c ON c.document_id = d.id WHERE d.index_id = $1 GROUP BY d.id ORDER BY d.id`,
    [index.id],
  );
  const documents = rows.map((row) => {
    const counts = new Map<string, number>();
    const stems = stemsOf(`${row.title} ${row.text}`);
    for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    return { filename: row.filename, counts, length: stems.length };
  });
  const frequency = new Map<string, number>();
  for (const document of documents) for (const stem of document.counts.keys()) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length);
  const idf = (stem: string) => {
    const df = frequency.get(stem) ?? 0;
    return Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
  };
  return {
    rank(question, top) {
      const terms = [...new Set(stemsOf(question))].filter((stem) => frequency.has(stem));
      return documents
        .map((document) => {
          const norm = K1 * (1 - B + (B * document.length) / averageLength);
          let score = 0;
          for (const term of terms) {
            const tf = document.counts.get(term) ?? 0;
            if (tf > 0) score += (idf(term) * tf * (K1 + 1)) / (tf + norm);
          }
          return { filename: document.filename, score };
        })
        .filter((hit) => hit.score > 0)
        .sort((left, right) => right.score - left.score)
        .slice(0, top)
        .map((hit) => hit.filename);
    },
  };
}
