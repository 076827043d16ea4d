import { OFFLINE_MODEL, type ChatMessage } from "@oystar/api-client";

// DESIGN.md §6: the built-in model for running and testing without network. It is deterministic,
// says plainly that it is offline, and builds its reply from the request — it never poses as a
// real language model.

/** Longer than this, a user message is treated as carrying a document (a PDF's text). */
const DOCUMENT_THRESHOLD = 600;

const firstSentences = (text: string, count: number) =>
  (text.replace(/\s+/g, " ").trim().match(/[^.!?]+[.!?]?/g) ?? []).slice(0, count).map((sentence) => sentence.trim()).join(" ");

export function composeOfflineReply(messages: readonly ChatMessage[]): string {
  const question = [...messages].reverse().find((message) => message.role === "user")?.content.trim() ?? "";
  const intro = `Sono ${OFFLINE_MODEL}, il modello offline di OYSTAR: nessun modello linguistico è collegato, quindi non posso ragionare sulla domanda, solo riprenderla.`;
  if (question.length > DOCUMENT_THRESHOLD) {
    const words = question.split(/\s+/).filter(Boolean).length;
    const opening = firstSentences(question, 2).slice(0, 300);
    return [
      intro,
      "",
      `Il testo che mi hai inviato contiene ${words} parole. Inizia così:`,
      "",
      `> ${opening}`,
      "",
      `In sintesi: un documento di circa ${Math.max(1, Math.round(words / 250))} pagine che si apre con «${firstSentences(question, 1).slice(0, 120)}».`,
    ].join("\n");
  }
  return [intro, "", `Hai chiesto: «${question}»`, "", "Configura un modello (`LLM_BASE_URL`) per ricevere una risposta vera."].join("\n");
}

/** An OpenAI-style stream of the reply at a steady rate, ending with `[DONE]`. */
export function offlineStream(reply: string, charsPerSecond: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const id = `chatcmpl-offline-${Date.now()}`;
  const line = (delta: Record<string, unknown>, finish: string | null = null) =>
    encoder.encode(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", model: OFFLINE_MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  // Small pieces at a steady pace: ~20 chunks a second whatever the rate.
  const piece = Math.max(1, Math.round(charsPerSecond / 20));
  const pause = (1000 * piece) / charsPerSecond;
  let position = 0;
  return new ReadableStream({
    async pull(controller) {
      if (signal.aborted) return controller.close();
      if (position === 0) controller.enqueue(line({ role: "assistant", content: "" }));
      if (position >= reply.length) {
        controller.enqueue(line({}, "stop"));
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        return controller.close();
      }
      controller.enqueue(line({ content: reply.slice(position, position + piece) }));
      position += piece;
      await new Promise((resolve) => setTimeout(resolve, pause));
    },
  });
}

export function offlineCompletion(reply: string) {
  return {
    id: `chatcmpl-offline-${Date.now()}`,
    object: "chat.completion",
    model: OFFLINE_MODEL,
    choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
  };
}
