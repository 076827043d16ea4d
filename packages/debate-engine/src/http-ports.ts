import { API_PATHS, DEBATE_CALLS_PATH, debateIncrementSchema, HttpError, resetResponseSchema, type ApiClient } from "@oystar/api-client";
import { streamCompletion, type ModelStreamLimits } from "@oystar/conversation";
import type { DebatePorts } from "./ports";

/**
 * The network ports over the product's API client (spec 001 §7), for /api/* on this origin; the
 * client brings its own fetch and token, so this file does no I/O of its own. A call of the
 * debate goes to POST /api/debates/calls as the structured request the server builds the prompt
 * from (DESIGN.md §4), and its answer streams through the chat's own `streamCompletion` (spec 001
 * §8: 120 s in all, cut off when the stream stalls, 'LLM HTTP error! status: {n}', unreadable
 * lines logged by position and skipped); `limits` replaces its timers and log, for tests.
 */
export function httpDebatePorts({ api, limits = {} }: { api: ApiClient; limits?: ModelStreamLimits }): Pick<DebatePorts, "model" | "resetProvider" | "startDebate"> {
  return {
    model: ({ request, signal }) => streamCompletion(api, request, { ...limits, signal, path: DEBATE_CALLS_PATH }),
    resetProvider: (request) => api.post(API_PATHS.connectionReset, request, resetResponseSchema),
    async startDebate() {
      try {
        const answer = await api.post(API_PATHS.debateIncrement, undefined, debateIncrementSchema);
        return { status: "started", debateId: answer.debate_id };
      } catch (error) {
        // spec 001 §7: 429 is the exhausted debate quota; other failures stay errors.
        if (error instanceof HttpError && error.status === 429) return { status: "quotaExhausted" };
        throw error;
      }
    },
  };
}
