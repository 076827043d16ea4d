import { expect, test } from "vitest";
import type { SavedConversation } from "./conversation-history";
import { groupConversations } from "./conversation-groups";

// Issue 50 §3: pinned first, then 'Oggi', 'Ieri', 'Ultimi 7 giorni', older ones by month.

const at = (text: string) => new Date(text).getTime();
const saved = (title: string, updatedAt: string, pinned = false): SavedConversation => ({
  id: title,
  module: "chat",
  title,
  createdAt: at(updatedAt),
  updatedAt: at(updatedAt),
  messages: [],
  ...(pinned ? { pinned } : {}),
});

test("the sidebar's groups, each newest first", () => {
  const now = at("2026-12-07T10:00:00");
  const groups = groupConversations(
    [
      saved("Stamattina", "2026-12-07T08:00:00"),
      saved("Ieri sera", "2026-12-06T22:00:00"),
      saved("Mezzanotte", "2026-12-07T00:00:00"),
      saved("Martedì", "2026-12-01T12:00:00"),
      saved("Novembre", "2026-11-20T12:00:00"),
      saved("Ottobre", "2026-10-03T12:00:00"),
      saved("Fissata vecchia", "2026-10-01T12:00:00", true),
    ],
    now,
  );
  expect(groups.map(({ label, conversations }) => [label, conversations.map((conversation) => conversation.title)])).toEqual([
    ["Fissate", ["Fissata vecchia"]],
    ["Oggi", ["Stamattina", "Mezzanotte"]],
    ["Ieri", ["Ieri sera"]],
    ["Ultimi 7 giorni", ["Martedì"]],
    ["Novembre 2026", ["Novembre"]],
    ["Ottobre 2026", ["Ottobre"]],
  ]);
  expect(groupConversations([], now)).toEqual([]);
});
