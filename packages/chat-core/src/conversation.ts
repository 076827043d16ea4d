import type { ChatCard } from "@oystar/conversation";

// spec 001 §3: a conversation and its messages; chats live in the browser, never on the server.

export type SourceRef = string | { url?: string; title?: string };

export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  /** What was said: the question, or the answer as the model wrote it. */
  content: string;
  timestamp: number;
  sources?: SourceRef[];
  /** spec 001 §4: a complete answer's time to its first character; the list shows it under the answer. */
  firstCharacterMs?: number;
  /** A card instead of words (spec 001 §3 markers): the screen decides how it looks. */
  card?: ChatCard;
};

export type Conversation = {
  /** A timestamp string, as in the spec. */
  id: string;
  messages: ChatMessage[];
  /** 0–100. */
  contextUsage: number;
  createdAt: number;
  summary?: string;
};

export function newConversation(now: number): Conversation {
  return { id: String(now), messages: [], contextUsage: 0, createdAt: now };
}

let counter = 0;
export function newMessageId(now: number): string {
  counter += 1;
  return `${now}-${counter}`;
}

type MessageExtras = Pick<ChatMessage, "firstCharacterMs" | "card"> & { id?: string };

/** A message; an answer keeps the id it had while streaming, so the screen does not redraw it. */
export function newMessage(role: ChatMessage["role"], content: string, now: number, { id = newMessageId(now), ...extras }: MessageExtras = {}): ChatMessage {
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
