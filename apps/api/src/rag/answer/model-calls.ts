import { readModelStream } from "@oystar/api-client";
import { Readable } from "node:stream";
import type { Upstream } from "../../env";
import { completionsEndpoint, postUpstream } from "../../llm/upstream-request";

// The RAG engine's calls to the language model (the same OpenAI-compatible upstream as the
// gateway, LLM_BASE_URL): the streamed answer, the question's variations (multi-query) and
// HyDE's hypothetical passage. Nothing of them is logged.

export type { Upstream };

export class ModelError extends Error {
  override name = "ModelError";
}

/** Streams the model's answer, piece by piece; aborting `signal` closes the upstream request. */
export async function* streamAnswer(upstream: Upstream, body: unknown, signal: AbortSignal): AsyncGenerator<string> {
  const response = await postUpstream(completionsEndpoint(upstream), JSON.stringify(body), signal);
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy();
    throw new ModelError(`Il modello ha risposto ${response.status}`);
  }
  for await (const delta of readModelStream(Readable.toWeb(response.body) as ReadableStream<Uint8Array>)) {
    if (delta.content) yield delta.content;
  }
}

/** One short, non-streamed completion. */
async function complete(upstream: Upstream, model: string, prompt: string, maxTokens: number, signal: AbortSignal): Promise<string> {
  const body = { model, messages: [{ role: "user", content: prompt }], stream: false, temperature: 0.3, max_tokens: maxTokens };
  const response = await postUpstream(completionsEndpoint(upstream), JSON.stringify(body), signal);
  const text = await new Response(Readable.toWeb(response.body) as ReadableStream<Uint8Array>).text();
  if (response.status < 200 || response.status >= 300) throw new ModelError(`Il modello ha risposto ${response.status}`);
  const parsed = JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = parsed.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new ModelError("Risposta del modello senza testo");
  return content.trim();
}

/** Multi-query: up to `count` rephrasings of the question, one per line. */
export async function questionVariations(upstream: Upstream, model: string, question: string, count: number, signal: AbortSignal): Promise<string[]> {
  const prompt =
    `Riformula la domanda seguente in ${count} modi diversi, con parole diverse ma lo stesso significato, ` +
    `per cercarla in un archivio di documenti in italiano. Scrivi solo le riformulazioni, una per riga, senza numeri.\n\nDomanda: ${question}`;
  const text = await complete(upstream, model, prompt, 400, signal);
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").trim())
    .filter((line) => line.length > 3 && line.toLowerCase() !== question.toLowerCase())
    .slice(0, count);
}

/** HyDE (Gao et al., 2022): a short passage that would answer the question, searched instead of it. */
export function hypotheticalPassage(upstream: Upstream, model: string, question: string, signal: AbortSignal): Promise<string> {
  const prompt = `Scrivi un breve paragrafo in italiano (al massimo 80 parole) che risponda alla domanda come farebbe un documento informativo.\n\nDomanda: ${question}`;
  return complete(upstream, model, prompt, 300, signal);
}
