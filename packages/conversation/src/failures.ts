import { conversationMessages } from "./messages";
import { AnswerStalledError } from "./stream-guard";

// What went wrong with an answer, in the spec's words, for every conversation (issue 24).

/** spec 001 §4: the exact command `*reset*` resets the connection instead of asking. */
export const isResetCommand = (input: string) => input.trim() === "*reset*";

export type ConversationFailure =
  | { kind: "quota"; blockInput: boolean }
  | { kind: "auth"; message: string }
  | { kind: "llm"; message: string }
  | { kind: "stalled"; message: string };

/**
 * spec 001 §5, §8: 429 → the quota card and a blocked input (never for the admin); an error
 * mentioning 401, Token or Auth → the authentication message; anything else → the
 * LLM-communication message with the backend hint; a stalled answer says it was cut off.
 */
export function classifyFailure(error: unknown, options: { admin: boolean }): ConversationFailure {
  // spec 001 §8: an answer cut off by its time limits says so (what had arrived stays).
  if (error instanceof AnswerStalledError) return { kind: "stalled", message: error.message };
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  // spec 001 §8: direct chat errors carry their message, or 'Unknown error'.
  const message = (error instanceof Error ? error.message : typeof error === "string" ? error : "") || conversationMessages.streamErrors.unknown;
  if (status === 429 || message.includes("429")) return { kind: "quota", blockInput: !options.admin };
  if (status === 401 || /401|Token|Auth/.test(message)) return { kind: "auth", message: conversationMessages.authenticationError };
  return { kind: "llm", message: conversationMessages.llmError(message) };
}
