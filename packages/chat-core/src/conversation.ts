// spec 001 §3: a conversation and its messages; chats live in the browser, never on the server.

export type SourceRef = string | { url?: string; title?: string };

export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: number;
  sources?: SourceRef[];
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

/** A message; an answer keeps the id it had while streaming, so the screen does not redraw it. */
export function newMessage(role: ChatMessage["role"], content: string, now: number, id: string = newMessageId(now)): ChatMessage {
  return { id, role, content, timestamp: now };
}
