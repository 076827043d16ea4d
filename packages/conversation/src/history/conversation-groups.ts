import type { SavedConversation } from "./saved-conversation";
import { historyMessages } from "./history-messages";

// Issue 50 §3: the sidebar's conversations by when they were last written — pinned first, then
// 'Oggi', 'Ieri', 'Ultimi 7 giorni', and older ones by month — each group newest first.

export type ConversationGroup = { label: string; conversations: SavedConversation[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the day `time` falls on, in the browser's time zone. */
const dayOf = (time: number) => {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
};

function labelOf(updatedAt: number, today: number): string {
  const day = dayOf(updatedAt);
  if (day >= today) return historyMessages.groups.today;
  if (day >= today - DAY_MS) return historyMessages.groups.yesterday;
  if (day >= today - 7 * DAY_MS) return historyMessages.groups.lastWeek;
  return historyMessages.groups.month(new Date(updatedAt));
}

/** The conversations in their groups, in the order the sidebar shows them. */
export function groupConversations(conversations: readonly SavedConversation[], now: number): ConversationGroup[] {
  const today = dayOf(now);
  const groups: ConversationGroup[] = [];
  const add = (label: string, conversation: SavedConversation) => {
    const group = groups.find((candidate) => candidate.label === label);
    if (group) group.conversations.push(conversation);
    else groups.push({ label, conversations: [conversation] });
  };
  const newestFirst = [...conversations].sort((a, b) => b.updatedAt - a.updatedAt);
  for (const conversation of newestFirst) if (conversation.pinned) add(historyMessages.groups.pinned, conversation);
  for (const conversation of newestFirst) if (!conversation.pinned) add(labelOf(conversation.updatedAt, today), conversation);
  return groups;
}
