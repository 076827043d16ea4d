// The RAG engine's one entry (issue 53 §1): code outside apps/api/src/rag/ imports from here only
// (the lint rule in eslint.config.js fails a deep import). Inside rag/, modules import their
// neighbours directly.

// The engine: opened once on its ports, then one object.
export { createRagEngine, type RagFrontDoor, type RagPorts } from "./engine";
export type { RagEngine, RagHealth } from "./rag-engine";
export type { RagIndex } from "./rag-store";
export type { Passage, RetrievalEngine, RetrievalOptions } from "./retrieve/retrieval";
export type { Understanding } from "./retrieve/understand-question";
export type { DocumentInput } from "./ingest/ingestion";
export { ragMessages } from "./messages";
export { DEMO_INDEX } from "./ingest/demo-index";

// The routes the app mounts.
export { ragAdminRoutes } from "./admin/admin-routes";
export { ragRoutes } from "./rag-routes";
export { libraryRoutes } from "./library/library-routes";
export { sourceViewerRoutes } from "./viewer/source-viewer-routes";

// What the server starts with the engine (services.ts): the library, the readers, the backfills.
export { openLibrary, type Library } from "./library/library";
export { sharedDocumentReader } from "./ingest/document-reader";
export { seedDevIndexes } from "./ingest/dev-indexes";
export { backfillReferences } from "./references/reference-backfill";

// The debates' retrieval over the caller's indexes, and the words they share with the engine.
export { chooseIndexes, searchPlanOf } from "./answer/ask-request";
export { citedPassageOf } from "./answer/cited-passage";
export { complete } from "./answer/model-calls";
export { retrieve, PASSAGES_PER_DOCUMENT } from "./retrieve/retrieval";
export { usableIndexes, findIndex, createIndex, ensureSharedIndex, INDEX_NAME } from "./rag-store";
export { placesOf, findPassage } from "./viewer/passage-store";
export { stemsOf, foldAccents, isStopword } from "./italian-text";
export { sentencesOf, chunkDocument } from "./ingest/text-chunking";

// The lab (rag-cli, the evaluation sets, the benchmarks, test-support): the road a question takes
// (the same as /api/ask-stream's) and the stages it measures one by one.
export { productRoad, roadPassages, type ProductRoad } from "./answer/ask-road";
export { expandQuestion } from "./answer/ask-pipeline";
export { answerEvidence, EVIDENCE } from "./answer/answer-evidence";
export { extractiveAnswer } from "./answer/offline-answer";
export { localEmbedder } from "./embedder";
export { documentText } from "./ingest/document-text";
export { ingestibleFiles } from "./ingest/ingestible-files";
export { finishIngestion, ingestFile, ingestFiles, storeDocument, storeDocuments } from "./ingest/ingestion";
export { actName } from "./references/reference-labels";
export { COPY_PAGE, copiedIndex, withCopiesSetAside } from "./retrieve/bm25-memory";
export { CANDIDATE_CAP, fullTextSearch, queryTermsFromTables, type FullTextHit } from "./retrieve/full-text-search";
export { stagesToRun } from "./retrieve/retrieval-stages";
export { understandQuestion } from "./retrieve/understand-question";
export { ensureVectorIndex, vectorSearch, vectorStoreAvailable, withoutVectorIndexDuring } from "./retrieve/vector-search";
