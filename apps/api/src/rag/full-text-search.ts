import type { Queryable } from "../db/database";
import type { RagIndex } from "./rag-store";

// The full-text leg: real Okapi BM25 (k1 1.2, b 0.75) over Postgres' `italian` lexemes, from the
// per-index document frequencies that ingestion keeps in rag_terms. Postgres' ts_rank is not
// BM25 (no idf, no length normalisation of this kind), and ranking every OR match of a question
// costs ~650 ms at 100k chunks on PGlite (see `pnpm bench rag` for the same-run baseline), so candidates are capped: the question's terms are
// taken rarest first until their matches reach CANDIDATE_CAP; every candidate is then scored
// with ALL the question's terms. A chunk left out matches only common terms, whose idf is low —
// the classic MaxScore argument. Up to CANDIDATE_CAP matches in all, the ranking is exact BM25.
// When even the rarest term has more matches than the cap, the chunks holding the two rarest
// terms together are taken first.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const CANDIDATE_CAP = 150;

export type QueryTerm = { lexeme: string; df: number; idf: number };
export type TermMatch = { tf: number; positions: number[] };
export type FullTextHit = { chunkId: string; score: number; lexemeCount: number; matches: Map<string, TermMatch> };

type IndexStats = Pick<RagIndex, "id" | "chunkCount" | "lexemeTotal">;

/** BM25's idf, the variant that is never negative (Lucene's). */
export const idfOf = (chunks: number, df: number) => Math.log(1 + (chunks - df + 0.5) / (df + 0.5));

/** The question's distinct lexemes with their document frequency in the index. */
export async function queryTerms(db: Queryable, index: IndexStats, question: string): Promise<QueryTerm[]> {
  const rows = await db.query<{ lexeme: string; df: number }>(
    `SELECT q.lexeme, coalesce(t.df, 0) AS df FROM unnest(to_tsvector('italian', $2)) AS q
     LEFT JOIN rag_terms t ON t.index_id = $1 AND t.lexeme = q.lexeme`,
    [index.id, question],
  );
  return rows.map((row) => ({ lexeme: row.lexeme, df: row.df, idf: idfOf(index.chunkCount, row.df) }));
}

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The rarest terms whose matches fit the cap (at least one term). */
export function candidateTerms(terms: readonly QueryTerm[], cap = CANDIDATE_CAP): QueryTerm[] {
  const present = terms.filter((term) => term.df > 0).sort((left, right) => left.df - right.df);
  const chosen: QueryTerm[] = [];
  let matches = 0;
  for (const term of present) {
    if (chosen.length > 0 && matches + term.df > cap) break;
    chosen.push(term);
    matches += term.df;
  }
  return chosen;
}

/** Parses the text form of a (filtered) tsvector: `'giardin':3,17 'rosa':5`. */
export function parseTsvector(text: string): Map<string, TermMatch> {
  const matches = new Map<string, TermMatch>();
  for (const entry of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = (entry[1] ?? "").replace(/''/g, "'").replace(/\\(.)/g, "$1");
    const positions = entry[2] ? entry[2].split(",").map((position) => Number.parseInt(position, 10)) : [];
    matches.set(lexeme, { tf: Math.max(1, positions.length), positions });
  }
  return matches;
}

export function bm25(terms: readonly QueryTerm[], matches: Map<string, TermMatch>, lexemeCount: number, averageLength: number): number {
  let score = 0;
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lexemeCount) / Math.max(1, averageLength));
  for (const term of terms) {
    const tf = matches.get(term.lexeme)?.tf ?? 0;
    if (tf > 0) score += (term.idf * tf * (BM25_K1 + 1)) / (tf + norm);
  }
  return score;
}

type CandidateRow = { id: string; lexeme_count: number; matched: string };

/** The query terms' positions in each candidate: the chunk's tsvector filtered down to them. */
const MATCHED_TERMS = `ts_filter(setweight(tsv, 'A', $2::text[]), '{a}')::text AS matched`;

/** Full-text retrieval in one index: the top `limit` chunks by BM25 (`terms`: the question's, if already looked up). */
export async function fullTextSearch(
  db: Queryable,
  index: IndexStats,
  question: string,
  limit: number,
  options: { cap?: number; terms?: readonly QueryTerm[]; documentIds?: readonly string[] | null } = {},
): Promise<FullTextHit[]> {
  if (index.chunkCount === 0) return [];
  const cap = options.cap ?? CANDIDATE_CAP;
  const terms = (options.terms ?? (await queryTerms(db, index, question))).filter((term) => term.df > 0);
  if (terms.length === 0) return [];
  const chosen = candidateTerms(terms, cap);
  const lexemes = terms.map((term) => term.lexeme);
  const candidates = (tsquery: string) => matchingChunks(db, index, lexemes, "$3::tsquery", tsquery, cap, options.documentIds);
  let rows: CandidateRow[];
  const rarest = chosen[0]!;
  const second = [...terms].sort((left, right) => left.df - right.df).find((term) => term !== rarest);
  if (chosen.length === 1 && rarest.df > cap && second) {
    // Only common words: the chunks that have the two rarest together come first, so the cap
    // does not cut at random among thousands of matches.
    rows = await candidates(`${quoted(rarest.lexeme)} & ${quoted(second.lexeme)}`);
    if (rows.length < limit) {
      const seen = new Set(rows.map((row) => row.id));
      rows = [...rows, ...(await candidates(quoted(rarest.lexeme))).filter((row) => !seen.has(row.id))].slice(0, cap);
    }
  } else {
    rows = await candidates(chosen.map((term) => quoted(term.lexeme)).join(" | "));
  }
  return rankRows(rows, terms, index, limit);
}

/** Chunks of the index matching `condition` (with its value at $3), with the terms' positions; only of `documentIds` when given. */
function matchingChunks(db: Queryable, index: IndexStats, lexemes: readonly string[], condition: string, value: string, cap: number, documentIds?: readonly string[] | null) {
  const ofDocuments = documentIds ? " AND document_id = ANY($5::bigint[])" : "";
  return db.query<CandidateRow>(
    `SELECT id::text, lexeme_count, ${MATCHED_TERMS} FROM rag_chunks WHERE index_id = $1 AND tsv @@ ${condition}${ofDocuments} LIMIT $4`,
    [index.id, lexemes, value, cap, ...(documentIds ? [documentIds] : [])],
  );
}

/**
 * Field extraction (question-fields.ts): the chunks that hold `field` as written — a phrase, a
 * name, a number — ranked by BM25 of the question's terms.
 */
export async function fieldSearch(
  db: Queryable,
  index: IndexStats,
  field: string,
  terms: readonly QueryTerm[],
  limit: number,
  documentIds?: readonly string[] | null,
): Promise<FullTextHit[]> {
  if (index.chunkCount === 0) return [];
  const rows = await matchingChunks(db, index, terms.map((term) => term.lexeme), "phraseto_tsquery('italian', $3)", field, CANDIDATE_CAP, documentIds);
  return rankRows(rows, terms, index, limit);
}

/** BM25 of given chunks (the other leg's finds, for the reranker). */
export async function fullTextScores(db: Queryable, index: IndexStats, terms: readonly QueryTerm[], chunkIds: readonly string[]): Promise<FullTextHit[]> {
  if (chunkIds.length === 0 || terms.length === 0) return [];
  const rows = await db.query<CandidateRow>(`SELECT id::text, lexeme_count, ${MATCHED_TERMS} FROM rag_chunks WHERE id = ANY($1::bigint[])`, [
    chunkIds,
    terms.map((term) => term.lexeme),
  ]);
  return rankRows(rows, terms, index, chunkIds.length);
}

function rankRows(rows: readonly CandidateRow[], terms: readonly QueryTerm[], index: IndexStats, limit: number): FullTextHit[] {
  const averageLength = index.lexemeTotal / Math.max(1, index.chunkCount);
  return rows
    .map((row) => {
      const matches = parseTsvector(row.matched);
      return { chunkId: row.id, score: bm25(terms, matches, row.lexeme_count, averageLength), lexemeCount: row.lexeme_count, matches };
    })
    .sort((left, right) => right.score - left.score || Number(left.chunkId) - Number(right.chunkId))
    .slice(0, limit);
}
