import type { ChatMessage } from "../message";
import { historyMessages } from "./history-messages";

/** The title a conversation gets: its first question, on one line, at most 80 characters. */
export function titleOf(messages: readonly ChatMessage[]): string {
  const first = messages.find((message) => message.role === "user" && !message.card)?.content ?? "";
  const line = first.replace(/\s+/g, " ").trim();
  const characters = [...line];
  return characters.length > 80 ? `${characters.slice(0, 79).join("")}…` : line || historyMessages.untitled;
}
