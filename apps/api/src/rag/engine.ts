import type { StreamChunk } from "@oystar/api-client";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { createModelProviders, type ModelProviders } from "../llm/model-providers";
import { readSettings } from "../settings/settings-store";
import { answerQuestion } from "./answer/ask-pipeline";
import { resolveAsk, type ParsedAsk } from "./answer/ask-request";
import { askContext, productRoad, roadPassages } from "./answer/ask-road";
import type { DocumentReader } from "./ingest/document-reader";
import { finishIngestion, ingestFile, ingestFiles, storeDocuments, type DocumentInput, type IngestOptions } from "./ingest/ingestion";
import { openRagEngine, type RagEngine } from "./rag-engine";
import { createIndex, ensureSharedIndex, findIndex, usableIndexes, type RagIndex } from "./rag-store";
import type { Passage } from "./retrieve/retrieval";
import type { Understanding } from "./retrieve/understand-question";
import { findPassage, placesOf } from "./viewer/passage-store";

// The RAG engine's front door (issue 53 §1): what the server, the debates and the lab hold. The
// ports are what the engine needs from the rest of the server, named; everything it offers is
// one call on the object `createRagEngine` returns — ingest, search, answer, passages, indexes,
// health — on the same road /api/ask-stream takes (answer/ask-road.ts).

export type RagPorts = {
  /** The migrated database the indexes, passages and their vectors live in. */
  database: Database;
  /** The server's settings: `rag` (embedder, reranker, demo folder) and `llm` (first-token guard, offline speed). */
  config: Env;
  /** The model road: the admin's model server, or the offline model when none. By default, the database's provider setting. */
  models?: ModelProviders;
  /** Where ingested files are read and scanned pages OCR'd (issue 33: never on the server's thread); the process's shared reader by default. */
  reader?: DocumentReader;
  /** Where the engine says what it does at start (the demo index built, …). */
  log?: (line: string) => void;
  /** False: the demo index is not built nor its postings copied (the CLI, benchmarks). */
  demo?: boolean;
};

/** What `ingest` takes besides the files: the embedder and vector leg are the engine's. */
type IngestExtras = Omit<IngestOptions, "embedder" | "vectors" | "reader">;

export type RagFrontDoor = RagEngine & {
  ingest: {
    files(
      index: RagIndex,
      files: ReadonlyArray<{ filename: string; bytes: Uint8Array }>,
      options?: IngestExtras,
    ): ReturnType<typeof ingestFiles>;
    file(index: RagIndex, file: Parameters<typeof ingestFile>[2], options?: IngestExtras): ReturnType<typeof ingestFile>;
    documents(index: RagIndex, documents: readonly DocumentInput[], options?: IngestExtras): ReturnType<typeof storeDocuments>;
    /** After a bulk load: the planner's statistics refreshed. */
    finish(): Promise<void>;
  };
  /** The passages a question finds in `indexes` with the admin's settings: as many as an answer reads, or `passages`. */
  search(
    indexes: readonly RagIndex[],
    question: string,
    options?: { passages?: number; understanding?: Partial<Understanding> },
  ): Promise<{ question: string; passages: Passage[] }>;
  /**
   * The answer's stream events (sources, chunks, notes) for `request` over `indexes`, with the
   * admin's settings and model server. The caller charges the question and caches the answer
   * (rag-routes.ts does both); `signal` stops the model.
   */
  answer(indexes: readonly RagIndex[], request: ParsedAsk, signal?: AbortSignal): AsyncIterable<StreamChunk>;
  passages: {
    find(chunkId: string): ReturnType<typeof findPassage>;
    placesOf(passages: Parameters<typeof placesOf>[1]): ReturnType<typeof placesOf>;
  };
  indexes: {
    /** The indexes a user may search: the shared ones and their own. */
    usable(userId: string): Promise<RagIndex[]>;
    find(name: string): Promise<RagIndex | null>;
    create(input: Parameters<typeof createIndex>[1]): Promise<RagIndex>;
    ensureShared(name: string, label?: string): Promise<RagIndex>;
  };
};

/** Opens the engine on a migrated database (rag-engine.ts: the embedder, the vector leg, the reranker, the demo index). */
export async function createRagEngine(ports: RagPorts): Promise<RagFrontDoor> {
  const { database: db, config } = ports;
  const engine = await openRagEngine(db, config, {
    ...(ports.demo === undefined ? {} : { demo: ports.demo }),
    ...(ports.log ? { log: ports.log } : {}),
  });
  const models = ports.models ?? createModelProviders(db, config.llm);
  const ingestOptions = (extras: IngestExtras = {}): IngestOptions => ({
    embedder: engine.embedder,
    vectors: engine.vectors,
    ...(ports.reader ? { reader: ports.reader } : {}),
    ...extras,
  });
  return Object.assign(engine, {
    ingest: {
      files: (index: RagIndex, files: ReadonlyArray<{ filename: string; bytes: Uint8Array }>, options?: IngestExtras) =>
        ingestFiles(db, index, files, ingestOptions(options)),
      file: (index: RagIndex, file: Parameters<typeof ingestFile>[2], options?: IngestExtras) =>
        ingestFile(db, index, file, ingestOptions(options)),
      documents: (index: RagIndex, documents: readonly DocumentInput[], options?: IngestExtras) =>
        storeDocuments(db, index, documents, ingestOptions(options)),
      finish: () => finishIngestion(db),
    },
    async search(
      indexes: readonly RagIndex[],
      question: string,
      options: { passages?: number; understanding?: Partial<Understanding> } = {},
    ) {
      const road = await productRoad(engine, config, options.understanding, models);
      return roadPassages(road, indexes, question, options.passages);
    },
    async *answer(indexes: readonly RagIndex[], request: ParsedAsk, signal = new AbortController().signal) {
      const plan = resolveAsk(request, (await readSettings(db)).data).plan;
      yield* answerQuestion(askContext(engine, await models.upstream(), config.llm), indexes, plan, signal);
    },
    passages: {
      find: (chunkId: string) => findPassage(db, chunkId),
      placesOf: (passages: Parameters<typeof placesOf>[1]) => placesOf(db, passages),
    },
    indexes: {
      usable: (userId: string) => usableIndexes(db, userId),
      find: (name: string) => findIndex(db, name),
      create: (input: Parameters<typeof createIndex>[1]) => createIndex(db, input),
      ensureShared: (name: string, label?: string) => ensureSharedIndex(db, name, label),
    },
  });
}
