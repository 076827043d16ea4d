import { conversationMessages } from "./messages";
import { AnswerGoneError, AnswerStalledError } from "./stream-guard";

// What went wrong with an answer, in the spec's words, for every conversation (issue 24): the one
// classifier of the chat's, the debate's and RAG's failures.

/** spec 001 §4: the exact command `*reset*` resets the connection instead of asking. */
export const isResetCommand = (input: string) => input.trim() === "*reset*";

export type ConversationFailure =
  | { kind: "quota"; blockInput: boolean }
  | { kind: "auth"; message: string }
  | { kind: "llm"; message: string }
  | { kind: "stalled"; message: string }
  /** A feature's own generic words (RAG's); `detail` says what happened, when it adds something. */
  | { kind: "error"; message: string; detail: string | null };

export type FailureWords = {
  /** spec 001 §4: the admin is never blocked by the quota. */
  admin: boolean;
  /**
   * spec 001 §8: the words of any other failure, when the feature has its own (RAG's generic
   * error); the chat's and the debate's say the LLM-communication message instead.
   */
  generic?: string;
};

const fieldOf = (error: unknown, name: string): unknown =>
  typeof error === "object" && error !== null ? (error as Record<string, unknown>)[name] : undefined;

/**
 * spec 001 §5, §8: 429 → the quota card and a blocked input (never for the admin); 401, or an
 * error naming Token or Auth → the authentication message; a stalled answer says it was cut off;
 * anything else → the LLM-communication message with the backend hint — or the feature's generic
 * words, with the server's own explanation (its `{error}`, a stream's error event) or the error's
 * message as the detail.
 */
export function classifyFailure(error: unknown, { admin, generic }: FailureWords): ConversationFailure {
  // spec 001 §8: an answer cut off by its time limits says so (what had arrived stays).
  if (error instanceof AnswerStalledError) return { kind: "stalled", message: error.message };
  // Issue 35 §2: an answer that could not be resumed says why, the same way.
  if (error instanceof AnswerGoneError) return { kind: "stalled", message: error.message };
  const status = fieldOf(error, "status");
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (status === 429 || message.includes("429")) return { kind: "quota", blockInput: !admin };
  if (status === 401 || /\b401\b|Token|Auth/.test(message)) return { kind: "auth", message: conversationMessages.authenticationError };
  // spec 001 §8: direct chat errors carry their message, or 'Unknown error'.
  if (generic === undefined)
    return { kind: "llm", message: conversationMessages.llmError(message || conversationMessages.streamErrors.unknown) };
  const serverMessage = fieldOf(error, "serverMessage");
  const said = fieldOf(error, "detail");
  if (typeof serverMessage === "string") return { kind: "error", message: generic, detail: serverMessage };
  // A stream's error event that only repeats the generic words adds nothing: the error's own message does.
  if (typeof said === "string" && said && said !== generic) return { kind: "error", message: generic, detail: said };
  return { kind: "error", message: generic, detail: message || null };
}
