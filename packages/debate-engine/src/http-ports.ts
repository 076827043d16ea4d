import {
  API_PATHS,
  DEBATE_STREAM_EVENTS,
  debatePassagesEventSchema,
  HttpError,
  turnQuotesSchema,
  type ApiClient,
} from "@oystar/api-client";
import { resumeCompletion, streamCompletion, type ModelStreamLimits } from "@oystar/conversation";
import type { DebatePorts, ModelPiece } from "./ports";

/** A named event of a turn's stream as a piece of the answer (issue 26 §2); anything else is not one. */
function evidencePiece(name: string, data: string): ModelPiece | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (name === DEBATE_STREAM_EVENTS.passages) {
    const parsed = debatePassagesEventSchema.safeParse(json);
    return parsed.success ? { passages: parsed.data } : null;
  }
  if (name === DEBATE_STREAM_EVENTS.quotes) {
    const parsed = turnQuotesSchema.safeParse(json);
    return parsed.success ? { quotes: parsed.data } : null;
  }
  return null;
}

/**
 * One call's answer: the words as the conversation floor's reader yields them, with the turn's evidence events
 * in their place among them (each is read before the words that follow it).
 */
async function* debateAnswer(read: (onEvent: (name: string, data: string) => void) => AsyncIterable<string>): AsyncGenerator<ModelPiece> {
  const evidence: ModelPiece[] = [];
  const onEvent = (name: string, data: string) => {
    const piece = evidencePiece(name, data);
    if (piece) evidence.push(piece);
  };
  for await (const text of read(onEvent)) {
    yield* evidence.splice(0);
    yield text;
  }
  yield* evidence.splice(0);
}

/**
 * The network ports over the product's API client (spec 001 §7), for /api/* on this origin; the
 * client brings its own fetch and token, so this file does no I/O of its own. A call of the
 * debate goes to POST /api/debates/calls as the structured request the server builds the prompt
 * from (DESIGN.md §4), and its answer streams through the chat's own `streamCompletion` (spec 001
 * §8: 120 s in all, cut off when the stream stalls, 'LLM HTTP error! status: {n}', unreadable
 * lines logged by position and skipped); `limits` replaces its timers and log, for tests.
 */
export function httpDebatePorts({
  api,
  limits = {},
}: {
  api: ApiClient;
  limits?: ModelStreamLimits;
}): Pick<DebatePorts, "model" | "resume" | "resetProvider" | "startDebate"> {
  return {
    // Issue 35 §2: the server holds the call's answer, so a connection that drops resumes where it
    // stopped, and a reloaded page takes a turn up again (`resume`).
    model: ({ request, signal, onStream }) =>
      debateAnswer((onEvent) =>
        streamCompletion(api, request, { ...limits, signal, path: API_PATHS.debateCalls, onEvent, resumable: true, onStream }),
      ),
    resume: ({ streamUrl, signal }) => debateAnswer((onEvent) => resumeCompletion(api, streamUrl, { ...limits, signal, onEvent })),
    resetProvider: (request) => api.call("connectionReset", { body: request }),
    async startDebate() {
      try {
        const answer = await api.call("debateIncrement");
        return { status: "started", debateId: answer.debate_id };
      } catch (error) {
        // spec 001 §7: 429 is the exhausted debate quota; other failures stay errors.
        if (error instanceof HttpError && error.status === 429) return { status: "quotaExhausted" };
        throw error;
      }
    },
  };
}
