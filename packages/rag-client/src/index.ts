export { httpAskStream, httpResumeAsk, loadIndices, RAG_FAILURE_WORDS } from "./ask-stream";
export type { AskStream, ResumeAsk } from "./ask-stream";
export { citationNumbers, citedNoteNumbers, shownSources, sourceElementId, sourceOfCitation, withSingleWarning } from "./citations";
export { exampleQuestions, indexesInUse, indexPicker, requestIndexNames } from "./index-choice";
export type { IndexOption, IndexPicker } from "./index-choice";
export { ragMessages } from "./messages";
export {
  createLibrary,
  documentStatus,
  filterDocuments,
  formatBytes,
  isMoving,
  LIBRARY_POLL_MS,
  UPLOAD_BATCH,
  uploadBatches,
} from "./library";
export type { Library, LibraryPorts, LibraryState, UploadFile } from "./library";
export { httpLibrary } from "./library-http";
export { libraryMessages, siteChanges } from "./library-messages";
export { conversationSummary, ragContextUsage, replaceWithSummary } from "./rag-conversation";
export type { KeptRagConversation, RagConversation, RagMessage } from "./rag-conversation";
export { ragModelChoices } from "./rag-models";
export { ragRunning, stagesThatCannotRun } from "./rag-running";
export type { RagRunning, RunningPart, StageSetting } from "./rag-running";
export type { RagModelChoice } from "./rag-models";
export { buildRagRequest } from "./rag-request";
export type { RagRequestInput } from "./rag-request";
export { canAsk, createRagSession, selectModel } from "./rag-session";
export type { RagDependencies, RagSession, RagState } from "./rag-session";
export { configurationView, RAG_CLIENT_DEFAULTS, ragSettingsOf } from "./rag-settings";
export { answerReliability, listedPassages, sourceDocuments, viewedPassages } from "./source-documents";
export { ragAnswerPdf, ragAnswerPdfDocument, ragAnswerPdfFileName } from "./answer-pdf";
export type { SourceDocument, SourceDocuments } from "./source-documents";
export type { RagConfigurationView, RagSettings } from "./rag-settings";
