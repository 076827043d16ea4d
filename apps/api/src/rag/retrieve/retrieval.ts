import type { Database } from "../../db/database";
import { deduplicate } from "./deduplication";
import type { Embedder } from "../embedder";
import { fieldSearch, fullTextScores, fullTextSearch, lexemesOf, queryTerms, type FullTextHit, type QueryTerm } from "./full-text-search";
import { fieldsHeld, requiredFieldsOf, searchedFieldsOf, type DocumentFilter, type QuestionFields } from "./question-fields";
import { reciprocalRankFusion, type Ranked } from "./rank-fusion";
import type { RagIndex } from "../rag-store";
import type { Reranker, RerankCandidate } from "./reranker";
import { stagesToRun } from "./retrieval-stages";
import { articlesAsked, orderedKeyHits, passagesByKey, type KeyHit } from "./reference-search";
import { withoutActWords } from "../references/legal-reference";
import { vectorScores, vectorSearch } from "./vector-search";
import { log } from "../../observe/log";
import { errorKind } from "../../web/log-line";
import { required } from "../../required";

// DESIGN.md §8, retrieval: full-text and vector legs per index (top-K each, for the question
// and each of its variations; HyDE's passage on the vector leg), reciprocal rank fusion,
// optional rerank to the final top-K, deduplication, then the passages by distinct document.
// Fusion and reranking run only with the components that earned them (retrieval-stages.ts). With field extraction (question-fields.ts)
// the qualifiers restrict the documents, each field adds a candidate list, and the passages
// holding more of the question's phrases and numbers come first.

export type RetrievalEngine = {
  db: Database;
  embedder: Embedder;
  /** The vector leg is on (pgvector present). */
  vectors: boolean;
  reranker: Reranker;
};

export type Leg = "full-text" | "vector" | "field";

export type RetrievalOptions = {
  /** The question first, then its variations (multi-query). */
  queries: readonly string[];
  /** HyDE: a hypothetical answer, searched on the vector leg (or the full-text one without it). */
  hypothetical: string | null;
  /** The settings that shape a search, under their names in code (RAG_KNOBS): passages per index and leg, passages kept, stages asked for. */
  topKRetrieval: number;
  topKReranker: number;
  useFusedRetrieval: boolean;
  useReranker: boolean;
  useDeduplication: boolean;
  deduplicationThreshold: number;
  /** Issue 49 §3: the acts the conversation named, the latest first: an article asked alone is first looked for in them. */
  conversationActs?: readonly string[];
  /** The question's fields (understand-question.ts), when field extraction is on. */
  fields?: QuestionFields | null;
  /**
   * Run fusion and reranking as asked, even with components that have not earned them
   * (retrieval-stages.ts), and search `primary` alone when not fused: the evaluation's ablation.
   */
  asAsked?: { primary?: Leg; withoutReferences?: boolean };
};

export type Passage = {
  chunkId: string;
  text: string;
  page: number | null;
  filename: string;
  title: string;
  url: string | null;
  indexName: string;
  /** The final ranking's score (reranker, or fusion). */
  score: number;
  /** Issue 49: the act and article of a passage of an article-structured document; `asked`: found by the question's reference. */
  reference?: PassageReference;
};

/** `comma`: the comma the question asked, where the passage holds it. */
export type PassageReference = { act: string | null; article: string; commas: string[]; asked: boolean; comma?: string };

/**
 * A document gives at most this many of the final passages: the answer reads the best two of a
 * long document and what the next documents say, not six neighbouring pieces of one (the
 * offline model's extractive answer found the fact asked for more often so).
 */
export const PASSAGES_PER_DOCUMENT = 2;

/** How many fused candidates the reranker reads: enough to reorder, few enough for a cross-encoder. */
const RERANK_POOL = 40;

export async function retrieve(
  engine: RetrievalEngine,
  indexes: readonly RagIndex[],
  options: RetrievalOptions,
  signal?: AbortSignal,
): Promise<Passage[]> {
  const question = options.queries[0] ?? "";
  // Issue 49 §3: the articles the question names are found by key; the act's abbreviations
  // never reach the full-text leg as words («Cost.» is not «costo»).
  // (`withoutReferences`: the evaluation's row of the pipeline before issue 49.)
  const references = !options.asAsked?.withoutReferences;
  const asked = references ? articlesAsked(question) : [];
  const keyHits: KeyHit[] = [];
  const stages = options.asAsked
    ? { fused: options.useFusedRetrieval, rerank: options.useReranker, deduplicate: options.useDeduplication }
    : stagesToRun(engine, options);
  // Not fused: one leg — the vector leg when the embedder is a semantic model, full-text when
  // it is the lexical local embedder (BM25 is the stronger of two lexical legs) — and the fields'.
  const primary: Leg = options.asAsked?.primary ?? (engine.vectors && engine.embedder.semantic ? "vector" : "full-text");
  const legs = {
    fullText: stages.fused || primary === "full-text" || !engine.vectors,
    vector: engine.vectors && (stages.fused || primary === "vector"),
  };
  const vectorTexts = [...options.queries, ...(options.hypothetical ? [options.hypothetical] : [])];
  // The local scorer reads the question's similarity and the terms' positions too.
  const localRerank = stages.rerank && !engine.reranker.crossEncoder;
  const queryVectors =
    legs.vector || (localRerank && engine.vectors) ? await engine.embedder.embed(legs.vector ? vectorTexts : [question], signal) : [];
  const fullTextQueries = (legs.vector || !options.hypothetical ? options.queries : [...options.queries, options.hypothetical]).map(
    (query) => (references ? withoutActWords(query) : query),
  );

  // What the legs learn about the question itself is kept for the reranker's features.
  const known: Known = { terms: new Map(), fullText: new Map(), similarity: new Map() };
  const lists: Array<{ leg: Leg; hits: Ranked[] }> = [];
  const fields = options.fields ?? null;
  const allowed = fields && fields.filters.length > 0 ? await documentsMatching(engine.db, indexes, fields.filters) : null;
  for (const index of indexes) {
    const documentIds = allowed ? (allowed.get(index.id) ?? []) : null;
    if (documentIds?.length === 0) continue;
    if (asked.length > 0) {
      const found = await passagesByKey(engine.db, index, asked);
      keyHits.push(...(documentIds ? found.filter((hit) => documentIds.includes(hit.documentId)) : found));
    }
    const terms = (await queryTerms(engine.db, index, fullTextQueries[0] ?? question)).filter((term) => term.df > 0);
    known.terms.set(index.id, terms);
    for (const [position, query] of (legs.fullText ? fullTextQueries : []).entries()) {
      const hits = await fullTextSearch(engine.db, index, query, options.topKRetrieval, {
        ...(position === 0 ? { terms } : {}),
        documentIds,
        positions: localRerank,
      });
      if (position === 0) for (const hit of hits) known.fullText.set(hit.chunkId, hit);
      lists.push({ leg: "full-text", hits });
    }
    for (const [position, vector] of (legs.vector ? queryVectors : []).entries()) {
      const hits = await vectorSearch(engine.db, engine.embedder, index.id, vector, options.topKRetrieval, documentIds);
      if (position === 0) for (const hit of hits) known.similarity.set(hit.chunkId, hit.score);
      lists.push({ leg: "vector", hits });
    }
    for (const field of fields ? searchedFieldsOf(fields) : []) {
      lists.push({ leg: "field", hits: await fieldSearch(engine.db, index, field, terms, options.topKRetrieval, documentIds) });
    }
  }
  // One list alone keeps its own scores (BM25, cosine): RRF would flatten them to ranks.
  const only = lists.length === 1 && lists[0] ? (lists[0].hits as Array<Ranked & { score: number; documentId?: string }>) : null;
  const pipeline: Array<{ chunkId: string; score: number; documentId?: string }> = only
    ? only.map(({ chunkId, score, documentId }) => ({ chunkId, score, ...(documentId ? { documentId } : {}) }))
    : reciprocalRankFusion(lists.map((list) => list.hits));
  // The article asked first, in the key's order; then the rest as today's pipeline ranks it.
  const keyOrder = orderedKeyHits(
    keyHits,
    asked,
    new Map(pipeline.map((hit, position) => [hit.chunkId, position])),
    options.conversationActs ?? [],
  );
  const keyRank = new Map(keyOrder.map((hit, position) => [hit.chunkId, position]));
  const keyComma = new Map(keyOrder.map((hit) => [hit.chunkId, asked[hit.asked]?.comma ?? null]));
  const top = (pipeline[0]?.score ?? 0) + 1;
  const fused = [
    ...keyOrder.map((hit, position) => ({ chunkId: hit.chunkId, documentId: hit.documentId, score: top + keyOrder.length - position })),
    ...pipeline.filter((hit) => !keyRank.has(hit.chunkId)),
  ];
  if (fused.length === 0) return [];

  // Deduplication and the per-document limit may drop passages: room to keep the final top-K.
  // BM25 alone knows each chunk's document: the limit applies before any text is read.
  const limitedEarly = !stages.rerank && !stages.deduplicate && fused.every((hit) => hit.documentId !== undefined);
  // Issue 49 §3: in an act, each article counts as a document of its own (a whole act is not two passages).
  const articles = limitedEarly
    ? await articlesOf(
        engine.db,
        fused.map((hit) => hit.chunkId),
      )
    : new Map<string, string>();
  const pool = limitedEarly
    ? atMostPerDocument(
        fused,
        PASSAGES_PER_DOCUMENT,
        (hit) => `${hit.documentId ?? hit.chunkId}\u0000${articles.get(hit.chunkId) ?? ""}`,
      ).slice(0, options.topKReranker)
    : fused.slice(0, stages.rerank ? RERANK_POOL : options.topKReranker * 3);
  const ids = pool.map((hit) => hit.chunkId);
  let ranked: Passage[];
  if (stages.rerank) {
    const candidates = await rerankCandidates(engine, indexes, ids, known, queryVectors[0] ?? null);
    const scores = await scoreSafely(engine.reranker, question, candidates, signal);
    ranked = candidates.map((candidate, position) => ({ ...candidate, score: scores[position] ?? 0 }));
    // Stable: a reranker that cannot tell two passages apart leaves the first stage's order.
    ranked = ranked
      .map((passage, position) => ({ passage, position }))
      .sort((left, right) => right.passage.score - left.passage.score || left.position - right.position)
      .map(({ passage }) => passage);
  } else {
    const fusedScore = new Map(pool.map((hit) => [hit.chunkId, hit.score]));
    ranked = (await passagesOf(engine, indexes, ids)).map((passage) => ({ ...passage, score: fusedScore.get(passage.chunkId) ?? 0 }));
  }
  // The article asked keeps its place before the per-document limit: a reranker's order within a whole act must not drop it.
  ranked = keyFirst(ranked, keyRank);
  const limited = atMostPerDocument(ranked, PASSAGES_PER_DOCUMENT, unitOf);
  // Field extraction reorders after deduplication: then every passage is kept for it.
  const deduplicated = stages.deduplicate
    ? deduplicate(limited, options.deduplicationThreshold, fields ? Number.POSITIVE_INFINITY : options.topKReranker)
    : limited;
  const kept = keyFirst(fields ? byFieldsHeld(deduplicated, requiredFieldsOf(fields)) : deduplicated, keyRank);
  return groupedByDocument(kept.slice(0, options.topKReranker)).map(
    ({ chunkId, text, page, filename, title, url, indexName, score, reference }) => ({
      chunkId,
      text,
      page,
      filename,
      title,
      url,
      indexName,
      score,
      ...(reference ? { reference: withAsked(reference, keyComma.get(chunkId)) } : {}),
    }),
  );
}

/** A passage's reference, found by key (`comma`: the comma asked, null for none) or not (undefined). */
function withAsked(reference: PassageReference, comma: string | null | undefined): PassageReference {
  const held = comma && reference.commas.includes(comma) ? { comma } : {};
  return { act: reference.act, article: reference.article, commas: reference.commas, asked: comma !== undefined, ...held };
}

/** The passages found by key first, in the key's order (a reranker or field extraction must not put another article before them); the rest as they were. */
function keyFirst<P extends Pick<Passage, "chunkId">>(passages: readonly P[], keyRank: ReadonlyMap<string, number>): P[] {
  if (keyRank.size === 0) return [...passages];
  const keyed = passages.filter((passage) => keyRank.has(passage.chunkId));
  // Only the keyed passages are sorted: each has its rank.
  const rankOf = (passage: P) => required(keyRank.get(passage.chunkId), "a keyed passage's rank");
  keyed.sort((left, right) => rankOf(left) - rankOf(right));
  return [...keyed, ...passages.filter((passage) => !keyRank.has(passage.chunkId))];
}

/** The ranked items, each document's after its first `most` left out: room for other documents' evidence. */
function atMostPerDocument<P>(ranked: readonly P[], most: number, documentOf: (item: P) => string): P[] {
  const seen = new Map<string, number>();
  return ranked.filter((item) => {
    const key = documentOf(item);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count <= most;
  });
}

/** The unit the per-document limit and grouping count: a document, or (issue 49 §3) an article of an act. */
const unitOf = (passage: Pick<Passage, "indexName" | "filename" | "reference">) =>
  `${passage.indexName}\u0000${passage.filename}\u0000${passage.reference?.article ?? ""}`;

/** The articles of the chunks that have one (issue 49 §2), by chunk id: one lookup by primary key. */
async function articlesOf(db: Database, chunkIds: readonly string[]): Promise<Map<string, string>> {
  if (chunkIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; article: string }>(
    "SELECT id::text, article FROM rag_chunks WHERE id = ANY($1::bigint[]) AND article IS NOT NULL",
    [chunkIds],
  );
  return new Map(rows.map((row) => [row.id, row.article]));
}

/**
 * Results by distinct document: the documents in the order of their best passage, each
 * document's passages together (best first), so no file comes back twice among the first. The
 * articles of an act are documents of their own (issue 49 §3).
 */
export function groupedByDocument<P extends Pick<Passage, "indexName" | "filename" | "reference">>(passages: readonly P[]): P[] {
  const byDocument = new Map<string, P[]>();
  for (const passage of passages) {
    const key = unitOf(passage);
    byDocument.set(key, [...(byDocument.get(key) ?? []), passage]);
  }
  return [...byDocument.values()].flat();
}

/** Field extraction: the passages holding more of the question's phrases and numbers first, each group in its order. */
function byFieldsHeld<P extends Passage>(passages: readonly P[], required: readonly string[]): P[] {
  if (required.length === 0) return [...passages];
  const held = new Map(passages.map((passage) => [passage.chunkId, fieldsHeld(required, passage.title, passage.text)]));
  return [...passages].sort((left, right) => (held.get(right.chunkId) ?? 0) - (held.get(left.chunkId) ?? 0));
}

const COLUMN_OF: Record<DocumentFilter["field"], string> = { titolo: "title", file: "filename", sito: "url" };
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The documents of each index that match every `campo:valore` qualifier (case aside), by index id. */
async function documentsMatching(
  db: Database,
  indexes: readonly RagIndex[],
  filters: readonly DocumentFilter[],
): Promise<Map<string, string[]>> {
  const conditions = filters.map((filter, position) => `coalesce(${COLUMN_OF[filter.field]}, '') ILIKE $${position + 2}`);
  const rows = await db.query<{ id: string; index_id: string }>(
    `SELECT id::text, index_id::text FROM rag_documents WHERE index_id = ANY($1::bigint[]) AND ${conditions.join(" AND ")}`,
    [indexes.map((index) => index.id), ...filters.map((filter) => likePattern(filter.value))],
  );
  const byIndex = new Map<string, string[]>();
  for (const row of rows) byIndex.set(row.index_id, [...(byIndex.get(row.index_id) ?? []), row.id]);
  return byIndex;
}

type Known = {
  /** The question's terms per index id. */
  terms: Map<string, QueryTerm[]>;
  /** The question's full-text hits (BM25, matched positions), by chunk id. */
  fullText: Map<string, FullTextHit>;
  /** The question's cosine similarity from the vector leg, by chunk id. */
  similarity: Map<string, number>;
};

/** A failing cross-encoder must not fail the answer: the first stage's order stands. */
async function scoreSafely(
  reranker: Reranker,
  question: string,
  candidates: readonly RerankCandidate[],
  signal?: AbortSignal,
): Promise<number[]> {
  try {
    return await reranker.score(question, candidates, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    log.error({ reranker: reranker.name, kind: errorKind(error) }, "Reranker non disponibile, resta l'ordine della prima fase");
    return candidates.map(() => 0);
  }
}

type PassageRow = {
  id: string;
  index_id: string;
  text: string;
  page: number | null;
  filename: string;
  title: string;
  url: string | null;
  act: string | null;
  article: string | null;
  commas: string[] | null;
};

/** The pool's chunks as passages, in the pool's order. */
async function passagesOf(engine: RetrievalEngine, indexes: readonly RagIndex[], chunkIds: readonly string[]): Promise<Passage[]> {
  const names = new Map(indexes.map((index) => [index.id, index.name]));
  const rows = await engine.db.query<PassageRow>(
    // A nested loop (OFFSET 0 keeps the planner from a hash join that reads every document).
    `SELECT c.id::text, c.index_id::text, c.text, c.page, d.filename, d.title, d.url, c.act, c.article, c.commas
     FROM rag_chunks c CROSS JOIN LATERAL (SELECT filename, title, url FROM rag_documents WHERE id = c.document_id OFFSET 0) AS d
     WHERE c.id = ANY($1::bigint[])`,
    [chunkIds],
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        chunkId: row.id,
        text: row.text,
        page: row.page,
        filename: row.filename,
        title: row.title,
        url: row.url,
        indexName: names.get(row.index_id) ?? "",
        score: 0,
        ...(row.article ? { reference: { act: row.act, article: row.article, commas: row.commas ?? [], asked: false } } : {}),
      },
    ]),
  );
  return chunkIds.flatMap((id) => byId.get(id) ?? []);
}

/** The pool's passages with the reranker's features; only what the legs did not already give is fetched. */
async function rerankCandidates(
  engine: RetrievalEngine,
  indexes: readonly RagIndex[],
  chunkIds: readonly string[],
  known: Known,
  questionVector: Float32Array | null,
): Promise<Array<RerankCandidate & Passage>> {
  const passages = await passagesOf(engine, indexes, chunkIds);
  const indexOf = new Map(indexes.map((index) => [index.name, index]));
  const missingSimilarity = passages.filter((passage) => !known.similarity.has(passage.chunkId)).map((passage) => passage.chunkId);
  if (engine.vectors && questionVector && missingSimilarity.length > 0) {
    for (const [id, score] of await vectorScores(engine.db, engine.embedder, missingSimilarity, questionVector))
      known.similarity.set(id, score);
  }
  for (const index of indexes) {
    const missing = passages
      .filter((passage) => passage.indexName === index.name && !known.fullText.has(passage.chunkId))
      .map((passage) => passage.chunkId);
    for (const hit of await fullTextScores(engine.db, index, known.terms.get(index.id) ?? [], missing))
      known.fullText.set(hit.chunkId, hit);
  }
  return passages.map((passage) => {
    const hit = known.fullText.get(passage.chunkId);
    const index = indexOf.get(passage.indexName);
    return {
      ...passage,
      terms: lexemesOf(known.terms.get(index?.id ?? "") ?? []),
      bm25: hit?.score ?? 0,
      matches: hit?.matches ?? new Map(),
      documentKey: `${index?.id ?? ""}/${passage.filename}`,
      similarity: known.similarity.get(passage.chunkId) ?? null,
    };
  });
}
