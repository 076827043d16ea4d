import { createInterface } from "node:readline";
import { readSettings } from "../../settings/settings-store";
import { fullTextSearch } from "../full-text-search";
import { findIndex, type RagIndex } from "../rag-store";
import { retrieve, type RetrievalEngine, type RetrievalOptions } from "../retrieval";
import type { CliContext } from "./cli-context";

export type SearchMode = "default" | "bm25";
export type RankedFile = { filename: string; chunkId: number; score: number };

type RowInfo = { id: string; filename: string };

/** Plain BM25 over one index: the full-text leg alone (`exact`: no candidate cap). */
export async function bm25Ranking(engine: RetrievalEngine, index: RagIndex, question: string, top: number, exact = false): Promise<RankedFile[]> {
  const hits = await fullTextSearch(engine.db, index, question, top, exact ? { cap: Number.MAX_SAFE_INTEGER } : {});
  const rows = await engine.db.query<RowInfo>("SELECT c.id::text, d.filename FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.id = ANY($1::bigint[])", [
    hits.map((hit) => hit.chunkId),
  ]);
  const files = new Map(rows.map((row) => [row.id, row.filename]));
  return hits.map((hit) => ({ filename: files.get(hit.chunkId) ?? "", chunkId: Number(hit.chunkId), score: round(hit.score) }));
}

/** The default pipeline: what /api/ask-stream retrieves with the admin's settings, to the first `top`. */
export async function pipelineRanking(engine: RetrievalEngine, index: RagIndex, question: string, top: number, options: Omit<RetrievalOptions, "queries" | "hypothetical" | "topKFinal">) {
  const passages = await retrieve(engine, [index], { ...options, queries: [question], hypothetical: null, topKFinal: top });
  return passages.map((passage) => ({ filename: passage.filename, chunkId: Number(passage.chunkId), score: round(passage.score) }));
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** `pnpm rag search --index NAME --top K`: one `{"question": …}` per stdin line, one JSON line out per question. */
export async function searchCommand(context: CliContext, indexName: string, top: number, mode: SearchMode): Promise<void> {
  const index = await findIndex(context.db, indexName);
  if (!index) throw new Error(`Indice inesistente: ${indexName}`);
  const settings = (await readSettings(context.db)).data;
  const options = {
    topKPerIndex: settings.rag_top_k_retrieval,
    fused: settings.rag_use_fused_retrieval,
    rerank: settings.rag_use_reranker,
    deduplicate: settings.rag_use_deduplication,
    deduplicationThreshold: settings.rag_deduplication_threshold,
  };
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line.trim()) continue;
    let question: string;
    try {
      const parsed = JSON.parse(line) as { question?: unknown };
      if (typeof parsed.question !== "string" || !parsed.question.trim()) throw new Error("manca il campo question");
      question = parsed.question;
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ error: `Riga non valida: ${(error as Error).message}` })}\n`);
      continue;
    }
    const results = mode === "bm25" ? await bm25Ranking(context.engine, index, question, top) : await pipelineRanking(context.engine, index, question, top, options);
    process.stdout.write(`${JSON.stringify({ question, results })}\n`);
  }
}
