import type { ConversationModule, SavedConversation } from "./saved-conversation";

const MODULES: readonly ConversationModule[] = ["chat", "rag", "debate"];

/** Read back what was sealed: a conversation, or null for anything else. */
export function asConversation(value: unknown, id: string): SavedConversation | null {
  if (typeof value !== "object" || value === null) return null;
  const candidate = value as Partial<SavedConversation>;
  const fine =
    candidate.id === id &&
    MODULES.includes(candidate.module as ConversationModule) &&
    typeof candidate.title === "string" &&
    typeof candidate.createdAt === "number" &&
    typeof candidate.updatedAt === "number" &&
    Array.isArray(candidate.messages) &&
    candidate.messages.every(
      (message) => typeof message?.content === "string" && (message.role === "user" || message.role === "assistant"),
    );
  return fine ? (candidate as SavedConversation) : null;
}
