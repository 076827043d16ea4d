import { createInterface } from "node:readline";
import {
  findIndex,
  fullTextSearch,
  type Passage,
  PASSAGES_PER_DOCUMENT,
  productRoad,
  type RagIndex,
  type RetrievalEngine,
  roadPassages,
} from "../../src/rag";
import type { CliContext } from "./cli-context";

export type SearchMode = "default" | "bm25";
export type RankedFile = { filename: string; chunkId: number; score: number };

type RowInfo = { id: string; filename: string };

/** Plain BM25 over one index: the full-text leg alone (`exact`: no candidate cap), by distinct document. */
export async function bm25Ranking(
  engine: RetrievalEngine,
  index: RagIndex,
  question: string,
  top: number,
  exact = false,
): Promise<RankedFile[]> {
  const hits = await fullTextSearch(engine.db, index, question, top * 3, exact ? { cap: Number.MAX_SAFE_INTEGER } : {});
  const rows = await engine.db.query<RowInfo>(
    "SELECT c.id::text, d.filename FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.id = ANY($1::bigint[])",
    [hits.map((hit) => hit.chunkId)],
  );
  const files = new Map(rows.map((row) => [row.id, row.filename]));
  const seen = new Set<string>();
  return hits
    .map((hit) => ({ filename: files.get(hit.chunkId) ?? "", chunkId: Number(hit.chunkId), score: round(hit.score) }))
    .filter((hit) => !seen.has(hit.filename) && seen.add(hit.filename))
    .slice(0, top);
}

/** One line per distinct document, with its best passage (retrieval groups a document's passages). */
export function rankingOf(passages: readonly Passage[], top: number): RankedFile[] {
  const seen = new Set<string>();
  const ranking: RankedFile[] = [];
  for (const passage of passages) {
    if (seen.has(passage.filename)) continue;
    seen.add(passage.filename);
    ranking.push({ filename: passage.filename, chunkId: Number(passage.chunkId), score: round(passage.score) });
  }
  return ranking.slice(0, top);
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** `pnpm rag search --index NAME --top K`: the passages /api/ask-stream finds (rag/answer/ask-road.ts), `top` documents deep; one `{"question": …}` per stdin line, one JSON line out per question. */
export async function searchCommand(context: CliContext, indexName: string, top: number, mode: SearchMode): Promise<void> {
  const index = await findIndex(context.db, indexName);
  if (!index) throw new Error(`Indice inesistente: ${indexName}`);
  const road = await productRoad(context.engine, context.env);
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
    const results =
      mode === "bm25"
        ? await bm25Ranking(context.engine, index, question, top)
        : rankingOf((await roadPassages(road, [index], question, top * PASSAGES_PER_DOCUMENT)).passages, top);
    process.stdout.write(`${JSON.stringify({ question, results })}\n`);
  }
}
