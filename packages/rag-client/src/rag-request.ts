import {
  RAG_MAX_CITED_PASSAGES,
  RAG_MAX_HISTORY_CHARS,
  RAG_MAX_HISTORY_MESSAGES,
  ragRequestKnobs,
  type RagAskRequest,
  type RagHistoryMessage,
} from "@oystar/api-client";
import { citedNoteNumbers } from "./citations";
import { requestIndexNames } from "./index-choice";
import type { RagMessage } from "./rag-conversation";
import type { RagSettings } from "./rag-settings";

export type RagRequestInput = {
  question: string;
  settings: RagSettings;
  /** The conversation so far: what the server measures (context usage) and cuts to the history budget. */
  messages: readonly RagMessage[];
  /** The model chosen in the advanced panel; the admin's when none. */
  model?: string;
  /** The indexes the user may use (GET /api/indices/list); null while unknown. */
  usableIndexes?: readonly string[] | null;
};

/**
 * The conversation as history: questions, answers and the summary that replaced older ones —
 * never a quota card or an error. All of it goes (up to the server's bounds): the server cuts it
 * to `chat_history_max_tokens` for the model and measures context usage on the whole of it.
 */
export function historyOf(messages: readonly RagMessage[]): RagHistoryMessage[] {
  return messages
    .filter((message) => !message.card && message.kind !== "error" && message.content.trim() !== "")
    .slice(-RAG_MAX_HISTORY_MESSAGES)
    .map((message) => {
      const content = message.content.slice(0, RAG_MAX_HISTORY_CHARS);
      const cited = citedPassages(message);
      return { role: message.role, content, ...(cited.length > 0 ? { cited } : {}) };
    });
}

/**
 * Issue 49 §3: the passages an answer cites, by chunk id — «art. 21» asked next prefers the act
 * they belong to (the server reads the act from its index).
 */
function citedPassages(message: RagMessage): string[] {
  if (message.role !== "assistant" || !message.sources) return [];
  const cited = citedNoteNumbers(message.content, message.sources);
  const chunkIds = message.sources.filter((source) => cited.has(source.noteNumber)).map((source) => source.chunkId);
  return [...new Set(chunkIds)].slice(0, RAG_MAX_CITED_PASSAGES);
}

/** spec 001 §3, §7: POST /api/ask-stream with every RAG request field, from the admin's settings. */
export function buildRagRequest({ question, settings, messages, model, usableIndexes = null }: RagRequestInput): RagAskRequest {
  return {
    question: question.trim(),
    // Every knob from the admin's settings (api-client's one table of them)…
    ...ragRequestKnobs(settings),
    // …but the model chosen in the panel, and only indexes this user may use.
    llm_model: model ?? settings.rag_llm_model,
    index_names: requestIndexNames(settings.rag_index_names, usableIndexes),
    chat_history: historyOf(messages),
  };
}
