import { readModelStream } from "@oystar/api-client";
import type { QuestionCalls } from "../../llm/model-answer";

// The RAG engine's calls to the language model (the same OpenAI-compatible upstream as the
// gateway, LLM_BASE_URL): the streamed answer, the question's variations (multi-query) and
// HyDE's hypothetical passage. Each goes through the gateway's road (llm/model-answer.ts): the
// reset retry, the first-token guard, the model's failures as ModelFailure. Nothing of them is logged.

export type { QuestionCalls };

export class ModelError extends Error {
  override name = "ModelError";
}

/** Streams the model's answer, piece by piece; aborting `signal` closes the upstream request. */
export async function* streamAnswer(calls: QuestionCalls, body: unknown, signal: AbortSignal): AsyncGenerator<string> {
  const reply = await calls.ask(body, signal);
  for await (const delta of readModelStream(reply.body)) {
    if (delta.content) yield delta.content;
  }
}

/** One short, non-streamed completion (its first byte, under the guard, is the whole answer's). */
export async function complete(
  calls: QuestionCalls,
  model: string,
  prompt: string,
  maxTokens: number,
  signal: AbortSignal,
): Promise<string> {
  const body = { model, messages: [{ role: "user", content: prompt }], stream: false, temperature: 0.3, max_tokens: maxTokens };
  const text = await new Response((await calls.ask(body, signal)).body).text();
  const parsed = JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = parsed.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new ModelError("Risposta del modello senza testo");
  return content.trim();
}

/** Multi-query: up to `count` rephrasings of the question, one per line. */
export async function questionVariations(
  calls: QuestionCalls,
  model: string,
  question: string,
  count: number,
  signal: AbortSignal,
): Promise<string[]> {
  const prompt =
    `Riformula la domanda seguente in ${count} modi diversi, con parole diverse ma lo stesso significato, ` +
    `per cercarla in un archivio di documenti in italiano. Scrivi solo le riformulazioni, una per riga, senza numeri.\n\nDomanda: ${question}`;
  const text = await complete(calls, model, prompt, 400, signal);
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").trim())
    .filter((line) => line.length > 3 && line.toLowerCase() !== question.toLowerCase())
    .slice(0, count);
}

/** HyDE (Gao et al., 2022): a short passage that would answer the question, searched instead of it. */
export function hypotheticalPassage(calls: QuestionCalls, model: string, question: string, signal: AbortSignal): Promise<string> {
  const prompt = `Scrivi un breve paragrafo in italiano (al massimo 80 parole) che risponda alla domanda come farebbe un documento informativo.\n\nDomanda: ${question}`;
  return complete(calls, model, prompt, 300, signal);
}
