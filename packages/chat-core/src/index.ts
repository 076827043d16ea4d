export { ADVANCED_CONTROLS_EVENT, toggleAdvancedControls } from "./advanced-controls";
export { createChatSession } from "./chat-session";
// The conversation floor, re-exported for the chat's callers (the debate and RAG import it from
// @oystar/conversation itself).
export {
  ANSWER_IDLE_TIMEOUT_MS,
  AnswerStalledError,
  browserSchedule,
  classifyFailure as classifyChatError,
  isResetCommand,
  LlmHttpError,
  MARKERS,
  MODEL_CALL_TIMEOUT_MS,
  noticeSteps,
  QUOTA_REFRESH_DELAY_MS,
  refreshQuotaLater,
  streamCompletion,
  watchedBody,
} from "@oystar/conversation";
export type { ChatCard, ConversationFailure as ChatFailure, ModelStreamLimits, Schedule, SessionNoticeState, SessionWorld } from "@oystar/conversation";
export type { ChatDependencies, ChatDocument, ChatSession, ChatState } from "./chat-session";
export { CHAT_PRESET, chatCompletionBody, DEEP_THINK_PRESET, modelCompletion, providerBaseUrl } from "./completion";
export type { CompletionOptions, CompletionRequest, ModelCompletionOptions, Provider } from "./completion";
export { CITATION_CLASS } from "./citation-links";
export type { CitationLinks } from "./citation-links";
export { connectionReset } from "./connection-reset";
export { PROMPT_TEMPLATES, templateSampling } from "./prompt-templates";
export type { LocalModelOptions, PromptTemplate, SamplingFields } from "./prompt-templates";
export { conversationSummary, newConversation, newMessage, SUMMARY_MESSAGES } from "./conversation";
export type { ChatMessage, Conversation, SourceRef } from "./conversation";
export { contextUsage, cutHistoryToBudget, HISTORY_TOKENS } from "./history";
export { chatMessages } from "./messages";
export { canSend } from "./send-rules";
export { createReadAloud } from "./speech";
export type { ReadAloud } from "./speech";
export { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample } from "./typing-demo";
export type { TypingSpeed } from "./typing-demo";
