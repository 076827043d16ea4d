// @oystar/conversation — the floor the chat, the debate and RAG stand on (issue 24): framework-free.
export { ADVANCED_CONTROLS_EVENT, toggleAdvancedControls } from "./advanced-controls";
export { createAskLoop } from "./ask-loop";
export { forkAt, showVersion, versionOf, versionsAt } from "./branches";
export type { AskingState, AskLoop, AskLoopOptions, AskTurn } from "./ask-loop";
export {
  ANSWER_IDLE_TIMEOUT_MS,
  LlmHttpError,
  MODEL_CALL_TIMEOUT_MS,
  resumeAnswer,
  resumeCompletion,
  streamAnswer,
  streamCompletion,
} from "./answer-stream";
export type { AnswerProtocol, AnswerReading, AnswerRequest, ModelStreamLimits } from "./answer-stream";
export { CITATION_CLASS, remarkCitations } from "./citation-links";
export type { CitationLinks } from "./citation-links";
export { systemClock } from "./clock";
export type { Clock } from "./clock";
export { classifyFailure, isResetCommand } from "./failures";
export type { ConversationFailure, FailureWords } from "./failures";
// Issue 50 §1: the device's conversations as the screens see them (the database itself loads later, from ./history).
export { createDeviceHistory, UNDO_DELETION_MS } from "./history/device-history-store";
export type {
  DeviceHistoryState,
  DeviceHistoryStore,
  DeviceHistoryWorld,
  RememberChoice,
  UnsavedConversation,
} from "./history/device-history-store";
export type { ConversationModule, SavedConversation } from "./history/conversation-history";
// Issue 50 §3: the sidebar's groups and search, without the database's code.
export { groupConversations } from "./history/conversation-groups";
export type { ConversationGroup } from "./history/conversation-groups";
export { searchConversations } from "./history/conversation-search";
export { keptPassages } from "./kept-passages";
export { markdownBlocks } from "./markdown-blocks";
export { passageOnPage } from "./page-highlight";
export type { MarkedRange } from "./page-highlight";
export { passageParagraphs } from "./passage-layout";
export type { PassageParagraph, PassagePiece } from "./passage-layout";
export type { LoadPdfRenderer, PdfRenderer } from "./pdf-renderer";
export { MARKERS } from "./markers";
export type { ChatCard } from "./markers";
// spec 001 §9: context usage is api-client's, the server's and the browser's one measure (issue 53 §3).
export { contextUsage } from "@oystar/api-client";
export { newConversation, newMessageId } from "./message";
export type { ChatMessage, Conversation } from "./message";
export { conversationMessages } from "./messages";
export { safeLinkUrl, sourceLink } from "./safe-links";
export { noticeSteps, QUOTA_REFRESH_DELAY_MS, refreshQuotaLater } from "./session-world";
export type { SessionNoticeState, SessionWorld } from "./session-world";
export { copyAnswer, shareAnswer } from "./share";
export { createSourceViewer, httpSourceViewer, passageInDocument, viewerDocument } from "./source-viewer";
export type { Loading, SourceViewer, SourceViewerDependencies, SourceViewerState, ViewerDocument } from "./source-viewer";
export { createReadAloud, speakableText, SPEECH } from "./speech";
export type { ReadAloud } from "./speech";
export { AnswerGoneError, AnswerStalledError, browserSchedule, watchedBody } from "./stream-guard";
export type { Schedule } from "./stream-guard";
