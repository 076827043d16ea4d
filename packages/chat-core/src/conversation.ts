import type { ChatCard } from "./markers";

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
