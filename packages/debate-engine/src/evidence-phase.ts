import type { DebateEvent, DebateState, StreamingReply, Transition } from "./debate-state";
import type { TurnEvidence } from "./debate-quotes";

// issue 26 §2: the evidence of a turn argued from documents, as a phase of the turn. The turn's
// stream brings the passages the server retrieved for it (before the words) and the verdicts on
// its quotes (after them); the finished intervention keeps both, for its bubble — each [n] opens
// passage n — and for the judge, whose call carries the sealed verdicts back.

const stay = (state: DebateState): Transition => ({ state, effects: [] });

/** The turn streaming now, if it is a turn of a debate argued from documents. */
function documentTurn(state: DebateState): StreamingReply | null {
  const reply = state.streaming;
  return reply?.purpose === "turn" && state.debate?.documents ? reply : null;
}

/** The passages arrived: the turn's [n] now name them. */
export function passagesFound(state: DebateState, event: Extract<DebateEvent, { type: "passagesFound" }>): Transition {
  const reply = documentTurn(state);
  if (!reply) return stay(state);
  const evidence: TurnEvidence = { index: event.found.index, passages: event.found.passages, quotes: null, seal: null };
  return stay({ ...state, streaming: { ...reply, evidence } });
}

/** The server's verdicts on the turn's quotes, sealed. */
export function quotesChecked(state: DebateState, event: Extract<DebateEvent, { type: "quotesChecked" }>): Transition {
  const reply = documentTurn(state);
  if (!reply?.evidence) return stay(state);
  return stay({ ...state, streaming: { ...reply, evidence: { ...reply.evidence, quotes: event.quotes.quotes, seal: event.quotes.seal } } });
}

/**
 * What a finished turn keeps of its evidence. A turn cut off before its verdicts came (the loop
 * guard) keeps its passages, its quotes unchecked; one whose passages never came has none.
 */
export function turnEvidence(state: DebateState, reply: StreamingReply): TurnEvidence | undefined {
  const index = state.debate?.documents;
  if (!index) return undefined;
  return reply.evidence ?? { index, passages: [], quotes: null, seal: null };
}
