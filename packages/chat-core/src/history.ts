import { contextUsage, type ChatMessage } from "@oystar/conversation";

/** spec 001 §5: history size is estimated at 1 token per 4 characters. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** spec 001 §9: the chat's history budget, in estimated tokens. */
export const HISTORY_TOKENS = 6144;

/** spec 001 §9: the direct chat prompt includes the last 10 history messages. */
export const HISTORY_MESSAGES = 10;

/**
 * The history sent with a question: the last 10 messages, then cut from the oldest side until
 * the estimate fits the budget.
 */
export function cutHistoryToBudget(messages: readonly ChatMessage[], maxTokens: number): ChatMessage[] {
  const recent = messages.slice(-HISTORY_MESSAGES);
  let total = recent.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  let start = 0;
  while (start < recent.length && total > maxTokens) {
    total -= estimateTokens(recent[start]?.content ?? "");
    start += 1;
  }
  return recent.slice(start);
}

/** spec 001 §9: chat context usage is the characters over 8000, as a percentage capped at 100. */
export const CHAT_CONTEXT_CHARS = 8000;

/** The chat's context usage: the floor's one measure over the chat's capacity. */
export function chatContextUsage(messages: readonly ChatMessage[]): number {
  return contextUsage(messages, CHAT_CONTEXT_CHARS);
}
