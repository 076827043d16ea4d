import { OFFLINE_MODEL, OFFLINE_MODEL_LABEL, type ChatMessage } from "@oystar/api-client";
import { parseDocumentContext, withoutPageMarkers, type DocumentFacts } from "@oystar/pdf-tools";

// DESIGN.md §6: the built-in model for running and testing without network. It is deterministic,
// says plainly that it is offline, and builds its reply from the request — it never poses as a
// real language model.

/** What the offline model says of itself in the chat (issue 36 §1). */
export const offlineChatMessages = {
  // In bold, so it reads as what it is at a glance.
  intro: `**${OFFLINE_MODEL_LABEL}**: nessun modello linguistico è collegato, quindi non posso rispondere davvero alla tua domanda.`,
  demo: "Questa risposta serve solo a mostrare come funziona la chat: l'invio, il testo che arriva un po' alla volta, la copia e l'ascolto.",
  documentIntro: `**${OFFLINE_MODEL_LABEL}**: nessun modello linguistico è collegato, quindi non posso ragionare sul documento; ne riporto soltanto l'inizio.`,
} as const;

/** Longer than this, a user message is treated as carrying a document (a PDF's text). */
const DOCUMENT_THRESHOLD = 600;

const firstSentences = (text: string, count: number) =>
  (
    text
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?]+[.!?]?/g) ?? []
  )
    .slice(0, count)
    .map((sentence) => sentence.trim())
    .join(" ");

/** A PDF in the chat arrives after the question, in the format @oystar/pdf-tools writes and reads. */
function splitDocument(message: string): { question: string; document: DocumentFacts | null } {
  const parsed = parseDocumentContext(message);
  if (!parsed) return { question: message, document: null };
  return { question: parsed.question, document: { ...parsed.document, text: withoutPageMarkers(parsed.document.text) } };
}

function documentSummary(text: string, lead: string, pages: number): string[] {
  const words = text.split(/\s+/).filter(Boolean).length;
  return [
    `${lead} contiene ${words} parole. Inizia così:`,
    "",
    `> ${firstSentences(text, 2).slice(0, 300)}`,
    "",
    `In sintesi: un documento di ${pages} ${pages === 1 ? "pagina" : "pagine"} che si apre con «${firstSentences(text, 1).slice(0, 120)}».`,
  ];
}

export function composeOfflineReply(messages: readonly ChatMessage[]): string {
  const message =
    [...messages]
      .reverse()
      .find((candidate) => candidate.role === "user")
      ?.content.trim() ?? "";
  // Issue 36 §1: it says what it is once, in the user's words; it neither repeats the question
  // (the user sees it just above) nor tells the user how to configure a model (the admin's job).
  const { question, document } = splitDocument(message);
  if (document) {
    return [
      offlineChatMessages.documentIntro,
      "",
      ...documentSummary(document.text, `Il documento «${document.name}»`, document.pages),
    ].join("\n");
  }
  if (question.length > DOCUMENT_THRESHOLD) {
    const estimatedPages = Math.max(1, Math.round(question.split(/\s+/).filter(Boolean).length / 250));
    return [offlineChatMessages.documentIntro, "", ...documentSummary(question, "Il testo che mi hai inviato", estimatedPages)].join("\n");
  }
  return [offlineChatMessages.intro, "", offlineChatMessages.demo].join("\n");
}

/**
 * The offline model's reply in small pieces at a steady pace: ~20 pieces a second whatever the
 * rate. The one place its pacing lives; each road (the chat's OpenAI-style stream, the RAG
 * answer's events) only formats the pieces. Stops, without a word more, when the caller is gone.
 */
export async function* offlinePieces(reply: string, charsPerSecond: number, signal: AbortSignal): AsyncGenerator<string> {
  const piece = Math.max(1, Math.round(charsPerSecond / 20));
  const pause = (1000 * piece) / charsPerSecond;
  for (let position = 0; position < reply.length && !signal.aborted; position += piece) {
    yield reply.slice(position, position + piece);
    if (position + piece < reply.length) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** An OpenAI-style stream of the reply at the offline pace, ending with `[DONE]`. */
export function offlineStream(reply: string, charsPerSecond: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const id = `chatcmpl-offline-${Date.now()}`;
  const line = (delta: Record<string, unknown>, finish: string | null = null) =>
    encoder.encode(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", model: OFFLINE_MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  const pieces = offlinePieces(reply, charsPerSecond, signal);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (signal.aborted) return controller.close();
      if (!started) {
        started = true;
        controller.enqueue(line({ role: "assistant", content: "" }));
      }
      const next = await pieces.next();
      // A caller gone mid-pause ends the stream without the closing lines.
      if (signal.aborted) return controller.close();
      if (next.done) {
        controller.enqueue(line({}, "stop"));
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        return controller.close();
      }
      controller.enqueue(line({ content: next.value }));
    },
    async cancel() {
      await pieces.return(undefined);
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
