import { systemClock, type Clock } from "@oystar/conversation";
import type { DebateCall, DebatePassagesEvent, ResetRequest, ResetResponse, TurnQuotes } from "@oystar/api-client";

// The world a debate needs, injected (CONVENTIONS.md): the core has no fetch and no timers.

export type ModelCall = {
  /** One call of the debate, charged to the id POST /api/debates/increment returned (DESIGN.md §4). */
  request: DebateCall;
  /** Aborted by STOP, by a new start, or by the loop guard. */
  signal: AbortSignal;
  /** Issue 35 §2: where the server holds the answer, once it says (a reloaded page takes it up there). */
  onStream?: (streamUrl: string) => void;
};

/** Issue 35 §2: an answer the server holds, read again from its first event (after a reload). */
export type HeldCall = { streamUrl: string; signal: AbortSignal };

/**
 * What a call's answer brings, in order: the model's words; and for a turn argued from documents
 * (issue 26 §2) the passages the server gave it, before the words, and its quotes' verdicts after.
 */
export type ModelPiece = string | { passages: DebatePassagesEvent } | { quotes: TurnQuotes };

export type StartDebateResult = { status: "started"; debateId: string } | { status: "quotaExhausted" };

export type DebatePorts = {
  /** Streams a chat completion's text pieces (and a turn's evidence). A thrown error mentioning 429 is a quota refusal. */
  model: (call: ModelCall) => AsyncIterable<ModelPiece>;
  /** Reads again a turn the server holds (issue 35 §2); without it a reloaded turn is asked again. */
  resume?: (call: HeldCall) => AsyncIterable<ModelPiece>;
  /** The time the debate runs on: the floor's one clock port (the chat's and RAG's too). */
  clock: Clock;
  /** POST /api/ollama/reset; a rejection or a status other than success is a failed reset. */
  resetProvider: (request: ResetRequest) => Promise<ResetResponse>;
  /** POST /api/debates/increment: counts the debate (200 → its id; 429 → quota exhausted). */
  startDebate: () => Promise<StartDebateResult>;
};

/** The browser's (or Node's) own clock and timers, for a debate on a real screen. */
export const systemTime: Pick<DebatePorts, "clock"> = { clock: systemClock };
