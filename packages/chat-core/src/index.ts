export { ADVANCED_CONTROLS_EVENT, toggleAdvancedControls } from "./advanced-controls";
export { createChatSession } from "./chat-session";
export { noticeSteps, QUOTA_REFRESH_DELAY_MS, refreshQuotaLater } from "./session-world";
export type { SessionNoticeState, SessionWorld } from "./session-world";
export type { ChatDependencies, ChatDocument, ChatSession, ChatState } from "./chat-session";
export {
  ANSWER_IDLE_TIMEOUT_MS,
  CHAT_PRESET,
  LlmHttpError,
  chatCompletionBody,
  DEEP_THINK_PRESET,
  MODEL_CALL_TIMEOUT_MS,
  modelCompletion,
  providerBaseUrl,
  streamCompletion,
} from "./completion";
export type { CompletionOptions, CompletionRequest, ModelCompletionOptions, ModelStreamLimits, Provider } from "./completion";
export { AnswerStalledError, browserSchedule, watchedBody } from "./stream-guard";
export type { Schedule } from "./stream-guard";
export { CITATION_CLASS } from "./citation-links";
export type { CitationLinks } from "./citation-links";
export { connectionReset } from "./connection-reset";
export { PROMPT_TEMPLATES, templateSampling } from "./prompt-templates";
export type { LocalModelOptions, PromptTemplate, SamplingFields } from "./prompt-templates";
export { conversationSummary, newConversation, newMessage, SUMMARY_MESSAGES } from "./conversation";
export type { ChatMessage, Conversation, SourceRef } from "./conversation";
export { contextUsage, cutHistoryToBudget, HISTORY_TOKENS } from "./history";
export { MARKERS } from "./markers";
export type { ChatCard } from "./markers";
export { chatMessages } from "./messages";
export { canSend, classifyChatError, isResetCommand } from "./send-rules";
export type { ChatFailure } from "./send-rules";
export { createReadAloud } from "./speech";
export type { ReadAloud } from "./speech";
export { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample } from "./typing-demo";
export type { TypingSpeed } from "./typing-demo";
