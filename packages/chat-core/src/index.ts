// @oystar/chat-core — the chat, on the conversation floor (@oystar/conversation holds what the
// chat shares with the debate and RAG: the runner, the ask loop, the failures, the kit).
export { createChatSession } from "./chat-session";
export type { ChatDependencies, ChatDocument, ChatSession, ChatState, QuestionOptions } from "./chat-session";
export { CHAT_PRESET, chatCompletionBody, DEEP_THINK_PRESET, modelCompletion, modelResume, providerBaseUrl } from "./completion";
export type { CompletionOptions, CompletionRequest, ModelCompletionOptions, ResumeRequest } from "./completion";
export { connectionReset } from "./connection-reset";
export { PROMPT_TEMPLATES, templateSampling } from "./prompt-templates";
export type { LocalModelOptions, PromptTemplate, SamplingFields } from "./prompt-templates";
export { conversationSummary, newMessage, SUMMARY_MESSAGES } from "./conversation";
export { chatContextUsage, cutHistoryToBudget, HISTORY_TOKENS } from "./history";
export { chatMessages } from "./messages";
export { canSend } from "./send-rules";
export { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample } from "./typing-demo";
export type { TypingSpeed } from "./typing-demo";
