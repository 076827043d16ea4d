import { contextUsage, RAG_CONTEXT_CHARS, RAG_SUMMARY_MESSAGES, ragConversationSummary, type CitedPassage } from "@oystar/api-client";
import type { ChatMessage, Conversation } from "@oystar/conversation";

// spec 001 §3: the RAG conversation. Its messages are the floor's typed messages (so the floor's
// list and actions show them) whose sources are the numbered passages of the answer, each under
// its document's number (api-client's cited passages, issue 38 §1).

export type RagMessage = ChatMessage & {
  sources?: CitedPassage[];
  /** A summary that replaced the conversation before it, or an answer that failed. */
  kind?: "summary" | "error";
};

export type RagConversation = Conversation<RagMessage>;

/**
 * A RAG conversation as the device kept it (issue 35 §1): the floor's messages, whose sources may be
 * in any shape a past version wrote (keptPassages reads them); what `open` takes.
 */
export type KeptRagConversation = Pick<Conversation, "id" | "createdAt"> & {
  messages: readonly (ChatMessage & { sources?: unknown; kind?: RagMessage["kind"] })[];
};

/** spec 001 §9: RAG context usage is the characters over 32000, as a percentage capped at 100. */
export function ragContextUsage(messages: readonly RagMessage[]): number {
  return contextUsage(messages, RAG_CONTEXT_CHARS);
}

/**
 * The automatic summary (spec 001 §4), when the server sent none: the recent questions and the
 * opening of the last answer, written as the server writes it (api-client's one summary).
 */
export function conversationSummary(messages: readonly RagMessage[]): string {
  const recent = messages.filter((message) => !message.card && message.kind !== "error").slice(-RAG_SUMMARY_MESSAGES);
  const lastAnswer = recent.findLast((message) => message.role === "assistant" && message.kind !== "summary");
  return ragConversationSummary(recent, lastAnswer?.content ?? "");
}

/**
 * spec 001 §4: the conversation is replaced by a summary message. The exchange just answered
 * stays under it, so the answer the user is reading (and its sources) does not vanish; what came
 * before is only in the summary from now on.
 */
export function replaceWithSummary(conversation: RagConversation, summary: string, summaryMessage: RagMessage): RagConversation {
  const lastQuestion = conversation.messages.findLastIndex((message) => message.role === "user");
  const kept = lastQuestion >= 0 ? conversation.messages.slice(lastQuestion) : [];
  const messages = [summaryMessage, ...kept];
  return { ...conversation, messages, summary, contextUsage: ragContextUsage(messages) };
}
