import type { ChatMessage } from "../message";
import { historyMessages } from "./history-messages";

/** The title a conversation gets: its first question as the user asked it, on one line, at most 80 characters. */
export function titleOf(messages: readonly ChatMessage[]): string {
  const question = messages.find((message) => message.role === "user" && !message.card);
  // Issue 50 §5: a document action is titled by its name and document, not by the request sent.
  const first =
    question?.label && question.attachment
      ? `${question.label} — ${question.attachment.name}`
      : (question?.label ?? question?.content ?? "");
  const line = first.replace(/\s+/g, " ").trim();
  const characters = [...line];
  return characters.length > 80 ? `${characters.slice(0, 79).join("")}…` : line || historyMessages.untitled;
}
