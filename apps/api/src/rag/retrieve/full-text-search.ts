import type { Queryable } from "../../db/database";
import { memoryIndex, type MemoryIndex } from "./bm25-memory";
import type { RagIndex } from "../rag-store";
import { required } from "../../required";

// The full-text leg: real Okapi BM25 (k1 1.2, b 0.75, Lucene's idf) over two views of each
// chunk, summed: Postgres' `italian` lexemes (tsv, rag_terms) and six-letter prefix stems of
// every word (stems, rag_stem_terms; migration 0012). On the Debian evaluation's development
// half the sum beat either view alone at every k, and the test half confirmed it (README, RAG
// evaluation). Postgres' ts_rank is not BM25 (no idf, no length normalisation of this kind),
// and ranking every OR match of a question costs ~650 ms at 100k chunks on PGlite (see `pnpm
// bench rag`), so candidates are capped: the question's terms of both views are taken rarest
// first until their matches reach CANDIDATE_CAP; every candidate is then scored with ALL the
// question's terms. A chunk left out matches only common terms, whose idf is low — the classic
// MaxScore argument. Up to CANDIDATE_CAP matches in all (the document frequencies of the
// question's stems and lexemes summed), the ranking is exact BM25. When even the rarest term
// has more matches than the cap, the chunks holding the most of the question's words are taken
// first (candidatesByWordsHeld).

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** From Postgres (no copy in memory): on the development half, the rankings of no cap at all. */
export const CANDIDATE_CAP = 250;
/** The stems' BM25 counts as much as the lexemes' (0.5–2 were alike on the development half). */
export const STEM_WEIGHT = 1;

/** A term of the question: a Postgres lexeme, or (`stem`) a prefix stem. */
export type QueryTerm = { lexeme: string; df: number; idf: number; stem?: true };
export type TermMatch = { tf: number; positions: number[] };
/** `matches`: the question's lexemes in the chunk (title included), with positions. */
export type FullTextHit = { chunkId: string; documentId: string; score: number; lexemeCount: number; matches: Map<string, TermMatch> };

type IndexStats = Pick<RagIndex, "id" | "chunkCount" | "lexemeTotal" | "stemTotal" | "version">;

/** BM25's idf, the variant that is never negative (Lucene's). */
export const idfOf = (chunks: number, df: number) => Math.log(1 + (chunks - df + 0.5) / (df + 0.5));

/** The question's distinct lexemes and prefix stems with their document frequency in the index. */
export async function queryTerms(
  db: Queryable,
  index: Pick<RagIndex, "id" | "chunkCount" | "version">,
  question: string,
): Promise<QueryTerm[]> {
  // With the index's postings in memory, their lengths are the frequencies: no lookup needed.
  const copy = await memoryIndex(db, index);
  if (copy) {
    const rows = await db.query<{ lexeme: string; stem: boolean }>(
      "SELECT lexeme, false AS stem FROM unnest(to_tsvector('italian', $1)) UNION ALL SELECT lexeme, true FROM unnest(rag_prefix_stems($1))",
      [question],
    );
    return rows.map((row) => {
      const df = (row.stem ? copy.stems : copy.lexemes).get(row.lexeme)?.chunks.length ?? 0;
      return { lexeme: row.lexeme, df, idf: idfOf(copy.chunkIds.length, df), ...(row.stem ? { stem: true as const } : {}) };
    });
  }
  return queryTermsFromTables(db, index, question);
}

/** `queryTerms` without the copy: the frequencies that ingestion keeps in rag_terms and rag_stem_terms. */
export async function queryTermsFromTables(
  db: Queryable,
  index: Pick<RagIndex, "id" | "chunkCount">,
  question: string,
): Promise<QueryTerm[]> {
  const rows = await db.query<{ lexeme: string; df: number; stem: boolean }>(
    `SELECT q.lexeme, coalesce(t.df, 0) AS df, false AS stem FROM unnest(to_tsvector('italian', $2)) AS q
       LEFT JOIN rag_terms t ON t.index_id = $1 AND t.lexeme = q.lexeme
     UNION ALL
     SELECT q.lexeme, coalesce(s.df, 0), true FROM unnest(rag_prefix_stems($2)) AS q
       LEFT JOIN rag_stem_terms s ON s.index_id = $1 AND s.stem = q.lexeme`,
    [index.id, question],
  );
  return rows.map((row) => ({
    lexeme: row.lexeme,
    df: row.df,
    idf: idfOf(index.chunkCount, row.df),
    ...(row.stem ? { stem: true as const } : {}),
  }));
}

/** The question's Postgres lexemes (what the reranker's features and phrase search read). */
export const lexemesOf = (terms: readonly QueryTerm[]) => terms.filter((term) => !term.stem);
const stemsOf = (terms: readonly QueryTerm[]) => terms.filter((term) => term.stem);

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The rarest terms whose matches add up to at most `budget` (none when even the rarest has more). */
function rarestWithin(terms: readonly QueryTerm[], budget: number): QueryTerm[] {
  const present = terms.filter((term) => term.df > 0).sort((left, right) => left.df - right.df);
  const chosen: QueryTerm[] = [];
  let matches = 0;
  for (const term of present) {
    if (matches + term.df > budget) break;
    chosen.push(term);
    matches += term.df;
  }
  return chosen;
}

const matchesOf = (terms: readonly QueryTerm[]) => terms.reduce((sum, term) => sum + term.df, 0);

/** The rarest terms whose matches fit the cap (at least one term). */
export function candidateTerms(terms: readonly QueryTerm[], cap = CANDIDATE_CAP): QueryTerm[] {
  const chosen = rarestWithin(terms, cap);
  const rarest = terms.filter((term) => term.df > 0).sort((left, right) => left.df - right.df)[0];
  return chosen.length > 0 || !rarest ? chosen : [rarest];
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

type CandidateRow = { id: string; document_id: string; lexeme_count: number; stem_count: number; matched: string; matched_stems: string };

/** The query terms' positions in each candidate: each view's tsvector filtered down to them. */
const MATCHED_TERMS = `document_id::text, lexeme_count, stem_count, ts_filter(setweight(tsv, 'A', $2::text[]), '{a}')::text AS matched,
  ts_filter(setweight(stems, 'A', $3::text[]), '{a}')::text AS matched_stems`;

/**
 * A condition on the chunks: SQL with `{lexemes}`/`{stems}`/`{phrase}`/`{ranking}` where its
 * values go (OR `|` or AND `&` of terms, each on its own view). `rankedBy`: when more chunks match
 * than are taken, those taken are the best of a sample by this SQL order (else: as Postgres meets them).
 */
type Condition = { sql: string; values: { lexemes?: string; stems?: string; phrase?: string; ranking?: string }; rankedBy?: string };

/** The sample `rankedBy` orders, in candidates wanted: 16 × 250 = 4,000 matches at most (see candidatesByWordsHeld). */
const RANKED_SAMPLE = 16;
/**
 * Coordinate matching reads the question's rarest words up to this many: one query a level, each
 * intersecting that many posting lists — a question of 4,000 characters must not ask hundreds.
 */
const WORDS_HELD_AT_MOST = 8;

function matching(terms: readonly QueryTerm[], joiner: "|" | "&"): Condition {
  const query = (of: readonly QueryTerm[]) => (of.length ? of.map((term) => quoted(term.lexeme)).join(` ${joiner} `) : undefined);
  const [lexemes, stems] = [query(lexemesOf(terms)), query(stemsOf(terms))];
  const parts = [lexemes ? "tsv @@ {lexemes}::tsquery" : "", stems ? "stems @@ {stems}::tsquery" : ""].filter(Boolean);
  return {
    sql: `(${parts.join(joiner === "|" ? " OR " : " AND ")})`,
    values: { ...(lexemes ? { lexemes } : {}), ...(stems ? { stems } : {}) },
  };
}

/** Full-text retrieval in one index: the top `limit` chunks by BM25 (`terms`: the question's, if already looked up). */
export async function fullTextSearch(
  db: Queryable,
  index: IndexStats,
  question: string,
  limit: number,
  options: { cap?: number; terms?: readonly QueryTerm[]; documentIds?: readonly string[] | null; positions?: boolean } = {},
): Promise<FullTextHit[]> {
  if (index.chunkCount === 0) return [];
  const cap = options.cap ?? CANDIDATE_CAP;
  const terms = (options.terms ?? (await queryTerms(db, index, question))).filter((term) => term.df > 0);
  if (terms.length === 0) return [];
  // The process's copy of the postings answers in a fraction of a millisecond: exact BM25 over
  // every chunk. Postgres answers what it cannot: the terms' positions, a subset of documents.
  if (!options.positions && !options.documentIds && options.cap === undefined) {
    const copy = await memoryIndex(db, index);
    if (copy) return rankInMemory(copy, terms, limit);
  }
  // Candidates by the stems first: every word of the question has one, and a word's lexeme and
  // stem mostly find the same chunks (counted in both views, they would halve the cap). Not
  // always: a lexeme under six letters («util») also matches words whose stems differ («utile»,
  // «utili»). So once all the stems are in, the lexemes join while the matches still fit the
  // cap: found by stems alone, the chunks that only a lexeme matches were never scored — not
  // even with no cap, where the copy in memory ranked them (issue 32 §2, fast-paths.test.ts).
  const stems = stemsOf(terms);
  const byStems = candidateTerms(stems.length > 0 ? stems : terms, cap);
  const chosen = byStems.length === stems.length ? [...byStems, ...rarestWithin(lexemesOf(terms), cap - matchesOf(byStems))] : byStems;
  const candidates = (condition: Condition, most = cap) => matchingChunks(db, index, terms, condition, most, options.documentIds);
  const rarest = required(chosen[0], "the rarest term");
  const rows =
    rarest.df > cap
      ? await candidatesByWordsHeld(stems.length > 0 ? stems : terms, cap, candidates)
      : await candidates(matching(chosen, "|"));
  return rankRows(rows, terms, index, limit);
}

/**
 * Only common words — even the rarest matches more chunks than the cap: the candidates are the
 * chunks holding the most of the question's words, the rarer first (coordinate matching). The
 * chunks holding all of them, then those holding all but the commonest and not it, and so on
 * down to the rarest alone: each level one query the GIN index answers, none repeating a chunk
 * of the levels before, the cap filled in that order. Within a level, the chunks taken are the
 * best by ts_rank of the question's words (its length-normalised form: BM25 favours short
 * passages too) among the first RANKED_SAMPLE × those wanted — a bounded cost however common the
 * words. Measured on 8,952 passages of the bench corpus against exact BM25 (fast-paths.test.ts
 * asserts it on its index): the exact first passage kept for 0.94 of 603 questions of several
 * common words and 0.86 of 465 single common words; taking the first CANDIDATE_CAP chunks
 * Postgres met, as before, kept it for 0.65 and 0.21.
 */
async function candidatesByWordsHeld(
  terms: readonly QueryTerm[],
  cap: number,
  candidates: (condition: Condition, most: number) => Promise<CandidateRow[]>,
): Promise<CandidateRow[]> {
  const ordered = terms
    .filter((term) => term.df > 0)
    .sort((left, right) => left.df - right.df)
    .slice(0, WORDS_HELD_AT_MOST);
  const view = ordered[0]?.stem ? { column: "stems", value: "stems" } : { column: "tsv", value: "lexemes" };
  const ranking = ordered.map((term) => quoted(term.lexeme)).join(" | ");
  const rows: CandidateRow[] = [];
  for (let held = ordered.length; held >= 1 && rows.length < cap; held -= 1) {
    const missing = ordered[held];
    const level = [...ordered.slice(0, held).map((term) => quoted(term.lexeme)), ...(missing ? [`!${quoted(missing.lexeme)}`] : [])].join(
      " & ",
    );
    const condition: Condition = {
      sql: `${view.column} @@ {${view.value}}::tsquery`,
      values: { [view.value]: level, ranking },
      rankedBy: `ts_rank(${view.column}, {ranking}::tsquery, 1) DESC, id`,
    };
    rows.push(...(await candidates(condition, cap - rows.length)));
  }
  return rows;
}

/** Exact BM25 of both views over the copy's postings; `matches` are left empty (no positions in memory). */
function rankInMemory(copy: MemoryIndex, terms: readonly QueryTerm[], limit: number): FullTextHit[] {
  const chunks = copy.chunkIds.length;
  const scores = new Float64Array(chunks);
  const touched: number[] = [];
  for (const term of terms) {
    const postings = (term.stem ? copy.stems : copy.lexemes).get(term.lexeme);
    if (!postings) continue;
    const idf = idfOf(chunks, postings.chunks.length) * (term.stem ? STEM_WEIGHT : 1);
    const [lengths, average] = term.stem ? [copy.stemCounts, copy.averageStems] : [copy.lexemeCounts, copy.averageLexemes];
    for (let entry = 0; entry < postings.chunks.length; entry += 1) {
      const chunk = postings.chunks[entry];
      const tf = postings.counts[entry];
      if (chunk === undefined || tf === undefined) continue;
      const score = scores[chunk] ?? 0;
      if (score === 0) touched.push(chunk);
      scores[chunk] =
        score + (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[chunk] ?? 0)) / Math.max(1, average)));
    }
  }
  const scoreOf = (chunk: number) => scores[chunk] ?? 0;
  return bestOf(touched, limit, (left, right) => scoreOf(right) - scoreOf(left) || left - right).map((chunk) => ({
    chunkId: required(copy.chunkIds[chunk], "a chunk's id"),
    documentId: required(copy.documentIds[chunk], "a chunk's document"),
    score: scoreOf(chunk),
    lexemeCount: copy.lexemeCounts[chunk] ?? 0,
    matches: new Map(),
  }));
}

/** The first `limit` of `items` in `order` (ties in the order the chunks were stored, as the Postgres path), without sorting them all. */
function bestOf(items: readonly number[], limit: number, order: (left: number, right: number) => number): number[] {
  // A bounded list kept sorted by insertion: a question matches thousands of chunks, and only the first tens are wanted.
  const best: number[] = [];
  for (const item of items) {
    const last = best.at(-1);
    if (best.length === limit && last !== undefined && order(item, last) >= 0) continue;
    let position = best.length;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- position > 0: a place in the list
    while (position > 0 && order(item, best[position - 1]!) < 0) position -= 1;
    best.splice(position, 0, item);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Chunks of the index matching `condition`, with the terms' positions; only of `documentIds` when given. */
function matchingChunks(
  db: Queryable,
  index: IndexStats,
  terms: readonly QueryTerm[],
  condition: Condition,
  cap: number,
  documentIds?: readonly string[] | null,
) {
  const params: unknown[] = [index.id, lexemesOf(terms).map((term) => term.lexeme), stemsOf(terms).map((term) => term.lexeme), cap];
  // Each value the condition names becomes the next parameter.
  const filled = (sql: string) =>
    sql.replace(/\{(lexemes|stems|phrase|ranking)\}/g, (_, name: keyof Condition["values"]) => `$${params.push(condition.values[name])}`);
  const where = `index_id = $1 AND ${filled(condition.sql)}${documentIds ? ` AND document_id = ANY($${params.push(documentIds)}::bigint[])` : ""}`;
  if (!condition.rankedBy)
    return db.query<CandidateRow>(`SELECT id::text, ${MATCHED_TERMS} FROM rag_chunks WHERE ${where} LIMIT $4`, params);
  // The terms' positions are read for the chunks taken only: the sample is ranked on its tsvectors.
  const sample = `SELECT id, tsv, stems FROM rag_chunks WHERE ${where} LIMIT ${RANKED_SAMPLE} * $4::bigint`;
  return db.query<CandidateRow>(
    `SELECT id::text, ${MATCHED_TERMS} FROM rag_chunks WHERE id IN (SELECT id FROM (${sample}) AS sample ORDER BY ${filled(condition.rankedBy)} LIMIT $4)`,
    params,
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
  const rows = await matchingChunks(
    db,
    index,
    terms,
    { sql: "tsv @@ phraseto_tsquery('italian', {phrase}::text)", values: { phrase: field } },
    CANDIDATE_CAP,
    documentIds,
  );
  return rankRows(rows, terms, index, limit);
}

/** BM25 of given chunks (the other leg's finds, for the reranker). */
export async function fullTextScores(
  db: Queryable,
  index: IndexStats,
  terms: readonly QueryTerm[],
  chunkIds: readonly string[],
): Promise<FullTextHit[]> {
  if (chunkIds.length === 0 || terms.length === 0) return [];
  const rows = await db.query<CandidateRow>(`SELECT id::text, ${MATCHED_TERMS} FROM rag_chunks WHERE id = ANY($1::bigint[])`, [
    chunkIds,
    lexemesOf(terms).map((term) => term.lexeme),
    stemsOf(terms).map((term) => term.lexeme),
  ]);
  return rankRows(rows, terms, index, chunkIds.length);
}

function rankRows(rows: readonly CandidateRow[], terms: readonly QueryTerm[], index: IndexStats, limit: number): FullTextHit[] {
  const averageLength = index.lexemeTotal / Math.max(1, index.chunkCount);
  const averageStems = index.stemTotal / Math.max(1, index.chunkCount);
  const [lexemes, stems] = [lexemesOf(terms), stemsOf(terms)];
  return rows
    .map((row) => {
      const matches = parseTsvector(row.matched);
      const score =
        bm25(lexemes, matches, row.lexeme_count, averageLength) +
        STEM_WEIGHT * bm25(stems, parseTsvector(row.matched_stems), row.stem_count, averageStems);
      return { chunkId: row.id, documentId: row.document_id, score, lexemeCount: row.lexeme_count, matches };
    })
    .sort((left, right) => right.score - left.score || Number(left.chunkId) - Number(right.chunkId))
    .slice(0, limit);
}
