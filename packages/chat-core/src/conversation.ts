import { newMessageId, type ChatMessage } from "@oystar/conversation";

// spec 001 §3: the chat's messages and summary (its conversation, types and factory, are the floor's).

type MessageExtras = Pick<ChatMessage, "firstCharacterMs" | "card" | "label" | "attachment" | "basedOn" | "versions"> & { id?: string };

/** A message; an answer keeps the id it had while streaming, so the screen does not redraw it. */
export function newMessage(
  role: ChatMessage["role"],
  content: string,
  now: number,
  { id = newMessageId(now), ...extras }: MessageExtras = {},
): ChatMessage {
  return { id, role, content, timestamp: now, ...extras };
}

/** spec 001 §9: the summary covers the last 10 messages … */
export const SUMMARY_MESSAGES = 10;
/** … with the first 50 characters of each user message. */
export const SUMMARY_CHARS = 50;

/**
 * spec 001 §3, §9: `Conversation.summary` — what the user asked lately, one line per question
 * (its first 50 characters, whole characters only), from the last 10 messages.
 */
export function conversationSummary(messages: readonly ChatMessage[]): string {
  return messages
    .slice(-SUMMARY_MESSAGES)
    .filter((message) => message.role === "user" && !message.card)
    .map((message) => [...message.content.trim()].slice(0, SUMMARY_CHARS).join("").trim())
    .filter(Boolean)
    .join("\n");
}
