import { RAG_CONTEXT_CHARS, RAG_PRESET, type RagHistoryMessage } from "@oystar/api-client";
import { ragMessages } from "../messages";
import type { Passage } from "../retrieve/retrieval";
import { passageLabel } from "./cited-passage";

// The answer's inputs (spec 001 §1, §9): the history, the numbered sources, the model request,
// context usage and the summary. The offline model's answer is offline-answer.ts.

/** spec 001 §5: history is cut from the oldest side, 1 token per 4 characters. */
export function cutHistory(history: readonly RagHistoryMessage[], maxTokens: number): RagHistoryMessage[] {
  const kept: RagHistoryMessage[] = [];
  let characters = 0;
  for (const message of [...history].reverse()) {
    if ((characters + message.content.length) / 4 > maxTokens) break;
    kept.unshift(message);
    characters += message.content.length;
  }
  return kept;
}

// Issue 49 §4: a passage of an act is named as lawyers cite it, so the answer's [n] can name the article.
const where = (passage: Passage) =>
  [passage.reference ? passageLabel(passage.reference) : null, passage.title, passage.page !== null ? `p. ${passage.page}` : null]
    .filter(Boolean)
    .join(", ");

/** The numbered sources as the model reads them: `[n] (title, p. N)` then the passage. */
export function numberedSources(passages: readonly Passage[]): string {
  return passages.map((passage, index) => `[${index + 1}] (${where(passage)})\n${passage.text}`).join("\n\n");
}

/** spec 001 §9 (the RAG preset) and §1 (the RAG prompt): the chat-completions request. */
export function answerRequest(input: {
  model: string;
  systemPrompt: string;
  history: readonly RagHistoryMessage[];
  question: string;
  passages: readonly Passage[];
}) {
  const user = [
    "Documenti:",
    numberedSources(input.passages),
    "",
    "Cita ogni informazione con il numero della sua fonte tra parentesi quadre, per esempio [1].",
    // Issue 23 §3: the model may only answer from the documents, and says so when it cannot.
    `Usa solo questi documenti. Se non contengono la risposta, rispondi soltanto: ${ragMessages.notInDocuments}`,
    `Domanda: ${input.question}`,
  ].join("\n");
  return {
    model: input.model,
    messages: [{ role: "system" as const, content: input.systemPrompt }, ...input.history, { role: "user" as const, content: user }],
    stream: true,
    temperature: RAG_PRESET.temperature,
    top_p: RAG_PRESET.top_p,
    max_tokens: RAG_PRESET.max_tokens,
  };
}

/** spec 001 §9: characters / 32000 as a percentage, capped at 100. */
export function contextUsage(history: readonly RagHistoryMessage[], question: string, answer: string): number {
  const characters = history.reduce((sum, message) => sum + message.content.length, 0) + question.length + answer.length;
  return Math.min(100, Math.round((characters / RAG_CONTEXT_CHARS) * 100));
}

/**
 * spec 001 §4, §9: at 90 % the conversation is replaced by a summary — the last 10 messages,
 * each user question by its first 50 characters, then the last answer's opening.
 */
export function conversationSummary(history: readonly RagHistoryMessage[], question: string, answer: string): string {
  const recent = [...history, { role: "user" as const, content: question }].slice(-10);
  const questions = recent
    .filter((message) => message.role === "user")
    .map((message) => `- ${message.content.replace(/\s+/g, " ").trim().slice(0, 50)}`);
  const lastAnswer = answer.replace(/\s+/g, " ").trim().slice(0, 300);
  return [`${ragMessages.summaryIntro}:`, "", "Domande:", ...questions, "", `Ultima risposta: ${lastAnswer}`].join("\n");
}
