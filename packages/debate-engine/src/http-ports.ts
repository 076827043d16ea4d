import { DEBATE_ID_HEADER, debateIncrementSchema, HttpError, readModelStream, resetResponseSchema, type ApiClient } from "@oystar/api-client";
import { MODEL_CALL_TIMEOUT_MS } from "@oystar/chat-core";
import type { DebatePorts } from "./ports";

/**
 * The network ports over the product's API client (spec 001 §7): `api` for /api/* on this
 * origin, `modelApi` for the provider's chat completions (the gateway's /groq on cloud). Both
 * clients bring their own fetch and token, so this file does no I/O of its own.
 */
export function httpDebatePorts({ api, modelApi }: { api: ApiClient; modelApi: ApiClient }): Pick<DebatePorts, "model" | "resetProvider" | "startDebate"> {
  return {
    async *model({ request, debateId, signal }) {
      const response = await modelApi.raw("/chat/completions", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...(debateId ? { [DEBATE_ID_HEADER]: debateId } : {}) },
        body: JSON.stringify(request),
        signal,
        // spec 001 §9: a direct model request is aborted after 120 s.
        timeoutMs: MODEL_CALL_TIMEOUT_MS,
      });
      for await (const delta of readModelStream(response)) yield delta.content;
    },
    resetProvider: (request) => api.post("/api/ollama/reset", request, resetResponseSchema),
    async startDebate() {
      try {
        const answer = await api.post("/api/debates/increment", undefined, debateIncrementSchema);
        return { status: "started", debateId: answer.debate_id };
      } catch (error) {
        // spec 001 §7: 429 is the exhausted debate quota; other failures stay errors.
        if (error instanceof HttpError && error.status === 429) return { status: "quotaExhausted" };
        throw error;
      }
    },
  };
}
