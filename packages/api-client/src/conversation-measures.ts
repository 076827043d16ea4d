// spec 001 §4, §9: what the server and the browser both work out from a conversation — how full its
// context is, and RAG's summary that replaces it — computed here once (issue 53 §3), so the bar the
// screen shows and the summary the server sends cannot drift apart.

/** spec 001 §9: context usage is the conversation's characters over its capacity, as a percentage capped at 100. */
export function contextUsage(messages: readonly { content: string }[], capacity: number): number {
  const characters = messages.reduce((sum, message) => sum + message.content.length, 0);
  return Math.min(100, Math.round((characters / capacity) * 100));
}

/** spec 001 §9: RAG's summary covers the last 10 messages … */
export const RAG_SUMMARY_MESSAGES = 10;
/** … each question by its first 50 characters, and the opening of the last answer. */
const SUMMARY_QUESTION_CHARS = 50;
const SUMMARY_ANSWER_CHARS = 300;

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * spec 001 §4, §9: the summary a RAG conversation is replaced by at 90 % — the questions among the
 * last 10 `messages`, each by its first 50 characters, then the opening of `lastAnswer`. The server
 * sends it with the answer; the browser writes the same when the server sent none.
 */
export function ragConversationSummary(messages: readonly { role: string; content: string }[], lastAnswer: string): string {
  const questions = messages
    .slice(-RAG_SUMMARY_MESSAGES)
    .filter((message) => message.role === "user")
    .map((message) => `- ${flat(message.content).slice(0, SUMMARY_QUESTION_CHARS)}`);
  return [
    "Riepilogo della conversazione precedente:",
    "",
    "Domande:",
    ...questions,
    "",
    `Ultima risposta: ${flat(lastAnswer).slice(0, SUMMARY_ANSWER_CHARS)}`,
  ].join("\n");
}
