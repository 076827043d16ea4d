import type { ChatCard } from "./markers";

// spec 001 §3: a conversation and its messages, the chat's and RAG's alike (the list, the actions
// and the answer renderer show them); conversations live in the browser, never on the server.
// Issue 53 §3: the one conversation model — a module adds its own fields by extending it (RAG's
// cited sources and kinds, rag-client's RagMessage), all optional, so a message kept on the device
// opens in its module without a cast.

export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  /** What was said: the question, or the answer as the model wrote it. */
  content: string;
  timestamp: number;
  /** spec 001 §4: a complete answer's time to its first character; the list shows it under the answer. */
  firstCharacterMs?: number;
  /** A card instead of words (spec 001 §3 markers): the screen decides how it looks. */
  card?: ChatCard;
  /**
   * Issue 50 §5: what the user's bubble shows when it is not `content` — a document action's name
   * ('Riassunto esecutivo'), while `content` is the request the model read.
   */
  label?: string;
  /** Issue 50 §5: the document that went with a question, as its bubble's chip shows it. */
  attachment?: { name: string; pages: number };
  /** Issue 50 §5: the document an answer was based on ('Risposta basata su «…»'). */
  basedOn?: string;
  /**
   * Issue 50 §4: this message begins one version of the conversation from here on (an edited
   * question, a regenerated answer); the other versions, each the messages from here on, before
   * and after this one ('2 di 3'). See branches.ts.
   */
  versions?: { before: ChatMessage[][]; after: ChatMessage[][] };
};

/**
 * A conversation of `Message`s: the floor's own messages, or a module's extension of them
 * (rag-client's `RagMessage`), so each module keeps its typed fields without a cast.
 */
export type Conversation<Message extends ChatMessage = ChatMessage> = {
  /** A timestamp string, as in the spec. */
  id: string;
  messages: Message[];
  /** 0–100. */
  contextUsage: number;
  createdAt: number;
  summary?: string;
};

/**
 * spec 001 §3: a fresh conversation, empty, its id the timestamp it was made at (issue 53 §3: the
 * one factory; the chat's and RAG's, `newConversation<RagMessage>(now)`, are this).
 */
export function newConversation<Message extends ChatMessage = ChatMessage>(now: number): Conversation<Message> {
  return { id: String(now), messages: [], contextUsage: 0, createdAt: now };
}

let messagesMade = 0;
/**
 * A message id, unique in the page (the chat's, RAG's and the debate's share one count); an answer
 * keeps the one it streamed under. `module` prefixes it ('rag-…'), as ids were kept before.
 */
export function newMessageId(now: number, module?: string): string {
  messagesMade += 1;
  return `${module ? `${module}-` : ""}${now}-${messagesMade}`;
}
