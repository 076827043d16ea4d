import { RAG_PRESET, type RagHistoryMessage } from "@oystar/api-client";
import { ragMessages } from "../messages";
import type { Passage } from "../retrieve/retrieval";
import { passageLabel } from "./cited-passage";

// The answer's inputs (spec 001 §1, §9): the history, the numbered sources and the model request.
// Context usage and the summary are api-client's (the browser works them out the same way); the
// offline model's answer is offline-answer.ts.

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

const where = (passage: Passage) => [passage.title, passage.page !== null ? `p. ${passage.page}` : null].filter(Boolean).join(", ");

/**
 * The numbered sources as the model reads them: `[n] (title, p. N)` then the passage. Issue 49 §4:
 * a passage of an act is labelled first as lawyers cite it — `[1] Art. 21, comma 2 — Costituzione
 * (title)` — so the answer can name the article it cites.
 */
export function numberedSources(passages: readonly Passage[]): string {
  return passages
    .map((passage, index) => {
      const label = passage.reference ? `${passageLabel(passage.reference)} ` : "";
      return `[${index + 1}] ${label}(${where(passage)})\n${passage.text}`;
    })
    .join("\n\n");
}

/** Issue 49 §4: with sources that are articles of an act, the model is asked to name the article it cites. */
export const NAME_THE_ARTICLE =
  "Quando citi una fonte che è un articolo di legge (la sua etichetta accanto al numero, per esempio «[1] Art. 21, comma 2 — Costituzione»), nomina l'articolo nella frase che la cita, per esempio: «L'art. 21, comma 2, della Costituzione vieta la censura sulla stampa [1].»";

/** The system message: the admin's prompt, and the request to name the article when the sources are articles. */
export function systemMessageOf(systemPrompt: string, passages: readonly Passage[]): string {
  return passages.some((passage) => passage.reference) ? `${systemPrompt}\n\n${NAME_THE_ARTICLE}` : systemPrompt;
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
    messages: [
      { role: "system" as const, content: systemMessageOf(input.systemPrompt, input.passages) },
      // The model reads the words only: an answer's cited passages are the search's (issue 49 §3).
      ...input.history.map(({ role, content }) => ({ role, content })),
      { role: "user" as const, content: user },
    ],
    stream: true,
    temperature: RAG_PRESET.temperature,
    top_p: RAG_PRESET.top_p,
    max_tokens: RAG_PRESET.max_tokens,
  };
}
