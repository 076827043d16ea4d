import { keptPassages } from "@oystar/conversation";
import type { DebateCard, DebateMessage, DebateState, KeptDebate, KeptDebateRecord, KeptSynthesis, Transition } from "./debate-state";
import { debateMessages } from "./messages";

// Issue 35 §1: a debate kept on the device as it happens — what it was about, the turns played,
// the judge's scorecard and the user's vote; or a synthesis's result. Plain data, sealed by the
// app's device history beside the conversation's text, and read back here to put it on screen.

/** Which entries are kept: turns and the judge's card (errors, quota and the form are the moment's). */
const isKept = (message: DebateMessage) => message.turn !== undefined || message.card?.kind === "judgement";

/**
 * What is to keep of the screen now, or null when nothing is (a debate with no turn played yet, a
 * synthesis's hidden debate). Only completed turns are in `messages`: a streaming turn is never kept.
 */
export function keptDebateOf(state: DebateState, { offline = false }: { offline?: boolean } = {}): KeptDebateRecord | null {
  const { debate } = state;
  if (!debate) return state.synthesis.result ? { version: 1, synthesis: state.synthesis.result } : null;
  if (debate.subject.mode === "synthesis") return null;
  const messages = state.messages.filter(isKept);
  if (!messages.some((message) => message.turn !== undefined)) return null;
  const form = state.messages.find((message) => message.card?.kind === "feedbackForm")?.card;
  const feedback = form?.kind === "feedbackForm" && form.sent ? form.sent : null;
  return { version: 1, debate, messages, turn: state.turn, feedback, offline };
}

/**
 * The record's id on the device: one per debate (or synthesis), the time it began — a timestamp
 * like the chat's ids, since the id is stored in clear and must not say the record is a debate.
 */
export const keptDebateId = (kept: KeptDebateRecord) => String("synthesis" in kept ? kept.synthesis.createdAt : kept.debate.startedAt);

/** When it began. */
export const keptDebateCreatedAt = (kept: KeptDebateRecord) => ("synthesis" in kept ? kept.synthesis.createdAt : kept.debate.startedAt);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Read back what the device kept: a kept debate or synthesis, or null for anything else. */
export function asKeptDebate(value: unknown): KeptDebateRecord | null {
  if (!isObject(value) || value.version !== 1) return null;
  if ("synthesis" in value) {
    const synthesis = value.synthesis;
    const fine =
      isObject(synthesis) &&
      typeof synthesis.topic === "string" &&
      Array.isArray(synthesis.syntheses) &&
      synthesis.syntheses.length === 3 &&
      typeof synthesis.createdAt === "number";
    return fine ? (value as KeptSynthesis) : null;
  }
  const { debate, messages, turn } = value;
  const fine =
    isObject(debate) &&
    isObject(debate.subject) &&
    typeof debate.subject.topic === "string" &&
    isObject(debate.models) &&
    typeof debate.length === "number" &&
    typeof debate.startedAt === "number" &&
    Array.isArray(messages) &&
    messages.every(
      (message) => isObject(message) && typeof message.id === "string" && (typeof message.content === "string" || isObject(message.card)),
    ) &&
    typeof turn === "number";
  if (!fine) return null;
  const kept = value as KeptDebate;
  return { ...kept, messages: kept.messages.map(withKeptPassages) };
}

/** A turn's passages as the contract has them, kept in whatever shape they were (issue 38 §1). */
const withKeptPassages = (message: DebateMessage): DebateMessage =>
  !message.card && message.evidence
    ? { ...message, evidence: { ...message.evidence, passages: keptPassages(message.evidence.passages) } }
    : message;

/** A judge's card left pending (the page closed while the judge read): it will not finish now. */
const settledCard = (message: DebateMessage): DebateMessage =>
  message.card?.kind === "judgement" && message.card.judgement.status === "pending"
    ? { id: message.id, card: { kind: "judgement", judgement: { status: "failed", message: debateMessages.judge.interrupted } } }
    : message;

/**
 * The screen's state with a kept debate on it (the machine's `open`): a finished one whole, with
 * its scorecard and the form (or the vote sent); one stopped mid-way as it was, waiting for
 * 'Prossimo' to play its next turn in the same debate (the server allows it while the debate is
 * open, and says so when it is not). A synthesis's result is shown as when it was made.
 */
export function openKeptDebate(state: DebateState, kept: KeptDebateRecord, reset: (keep: Partial<DebateState>) => DebateState): Transition {
  const effects: Transition["effects"] = [{ type: "abortReply" }, { type: "cancelTimer" }];
  if ("synthesis" in kept) return { state: reset({ synthesis: { progress: null, result: kept.synthesis } }), effects };
  const { debate } = kept;
  const finished = kept.turn >= debate.length;
  const messages = kept.messages.map(settledCard);
  const form: DebateCard = kept.feedback ? { kind: "feedbackForm", sent: kept.feedback } : { kind: "feedbackForm" };
  const next = reset({
    status: finished ? "finished" : "between",
    debate,
    turn: Math.min(kept.turn, debate.length),
    messages: finished ? [...messages, { id: `kept-${debate.startedAt}-feedbackForm`, card: form }] : messages,
    // The controls say the debate's own length; it goes on by hand, never by itself.
    settings: { ...state.settings, length: debate.length, auto: false },
  });
  return { state: next, effects };
}
