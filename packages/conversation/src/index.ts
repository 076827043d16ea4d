// @oystar/conversation — the floor the chat, the debate and RAG stand on (issue 24): framework-free.
export { ANSWER_IDLE_TIMEOUT_MS, LlmHttpError, MODEL_CALL_TIMEOUT_MS, streamCompletion } from "./answer-stream";
export type { ModelStreamLimits } from "./answer-stream";
export { systemClock } from "./clock";
export type { Clock } from "./clock";
export { classifyFailure, isResetCommand } from "./failures";
export type { ConversationFailure } from "./failures";
export { MARKERS } from "./markers";
export type { ChatCard } from "./markers";
export { conversationMessages } from "./messages";
export { noticeSteps, QUOTA_REFRESH_DELAY_MS, refreshQuotaLater } from "./session-world";
export type { SessionNoticeState, SessionWorld } from "./session-world";
export { AnswerStalledError, browserSchedule, watchedBody } from "./stream-guard";
export type { Schedule } from "./stream-guard";
