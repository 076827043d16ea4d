import { createApiClient, readModelStream } from "@oystar/api-client";
import { isMarker, type CompletionRequest } from "@oystar/chat-core";

/** spec 001 §9: default model and chat presets. */
const CHAT_MODEL = "openai/gpt-oss-120b";
const SYSTEM_PROMPT =
  "Sei OYSTAR, un assistente privato. Rispondi nella lingua della domanda, ammetti quando non sai qualcosa e, se ti chiedono chi ti ha creato, cita il team di OYSTAR.";

/** Asks the gateway and yields the answer's text as it streams (spec 001 §7). */
export async function* streamAnswer({ question, history, token, signal }: CompletionRequest): AsyncGenerator<string> {
  const api = createApiClient({ getAccessToken: async () => token, timeoutMs: 120_000 });
  const response = await api.raw("/groq/chat/completions", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({
      model: CHAT_MODEL,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        // Cards (markers) are not conversation; the first-character line is not the answer.
        ...history
          .filter((message) => !isMarker(message.content))
          .map((message) => ({ role: message.role, content: message.content.split("\n\n---\n")[0] ?? "" })),
        { role: "user", content: question },
      ],
      stream: true,
      temperature: 0.3,
      top_p: 0.7,
      max_tokens: 2000,
    }),
    signal,
  });
  for await (const delta of readModelStream(response)) yield delta.content;
}
