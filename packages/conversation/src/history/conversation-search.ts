import type { SavedConversation } from "./saved-conversation";

/** Search in titles and text, as the user typed it (case and accents aside). */
export function searchConversations(conversations: readonly SavedConversation[], query: string): SavedConversation[] {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const wanted = fold(query.trim());
  if (!wanted) return [...conversations];
  return conversations.filter(
    (conversation) =>
      fold(conversation.title).includes(wanted) || conversation.messages.some((message) => fold(message.content).includes(wanted)),
  );
}
