export { ADVANCED_CONTROLS_EVENT, toggleAdvancedControls } from "./advanced-controls";
export { createChatSession } from "./chat-session";
export type { ChatDependencies, ChatSession, ChatState } from "./chat-session";
export {
  answerText,
  CHAT_PRESET,
  CHAT_SYSTEM_PROMPT,
  chatCompletionBody,
  DEEP_THINK_PRESET,
  MODEL_CALL_TIMEOUT_MS,
  modelCompletion,
  providerBaseUrl,
} from "./completion";
export type { CompletionOptions, CompletionRequest, Provider } from "./completion";
export { newConversation, newMessage, newMessageId } from "./conversation";
export type { ChatMessage, Conversation, SourceRef } from "./conversation";
export { CHAT_CONTEXT_CHARS, contextUsage, cutHistoryToBudget, estimateTokens, HISTORY_MESSAGES } from "./history";
export { markdownBlocks } from "./markdown-blocks";
export { isMarker, MARKERS } from "./markers";
export type { Marker } from "./markers";
export { chatMessages } from "./messages";
export { safeLinkUrl } from "./safe-links";
export { canSend, classifyChatError, completedAnswer, isResetCommand } from "./send-rules";
export type { ChatFailure } from "./send-rules";
export { copyAnswer, shareAnswer } from "./share";
export { createReadAloud, speakableText, SPEECH } from "./speech";
export type { ReadAloud } from "./speech";
export { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample } from "./typing-demo";
export type { TypingSpeed } from "./typing-demo";
