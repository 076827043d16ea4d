import { isLengthLocked } from "./debate-machine";
import type { DebateMessage, DebateSettings, DebateState } from "./debate-state";
import { debateMessages } from "./messages";
import { debatePhase, speakerOfTurn, type DebateMode, type DebatePhase, type Speaker } from "./rules";
import { debateSubject, type DebateInput } from "./topic";

// What the debate screen reads from the store (with zustand's useStore and these selectors).

export { isLengthLocked as selectIsLengthLocked };

/** The bubbles and cards on screen: the synthesis's debate is hidden, its cards are not. */
export function selectShownMessages(state: DebateState): readonly DebateMessage[] {
  return state.debate?.subject.mode === "synthesis" ? state.messages.filter((message) => message.card) : state.messages;
}

/** spec 001 §2: the status badge — mode, next model, turns x/total. */
export function selectStatusBadge(state: DebateState): { auto: boolean; nextSpeaker: Speaker; turn: number; total: number } | null {
  if (!state.debate) return null;
  return { auto: state.settings.auto, nextSpeaker: speakerOfTurn(state.turn), turn: state.turn, total: state.debate.length };
}

/** spec 001 §2: the phase icon — of the turn streaming, or of the next one. */
export function selectPhase(state: DebateState): DebatePhase | null {
  if (state.streaming) return state.streaming.phase;
  if (!state.debate) return null;
  return debatePhase(Math.min(state.turn, state.debate.length - 1), state.debate.length);
}

/** spec 001 §2: 'Prossimo (A/B)' in manual mode. */
export const selectCanPlayNext = (state: DebateState) => state.status === "between";

/** spec 001 §2: the synthesis progress bar, its phase text and 'x/y turni completati'. */
export function selectSynthesisProgress(state: DebateState): { percent: number; label: string; phaseText: string } | null {
  const progress = state.synthesis.progress;
  if (!progress) return null;
  return {
    percent: progress.total > 0 ? Math.round((100 * progress.completed) / progress.total) : 0,
    label: debateMessages.turnsCompleted(progress.completed, progress.total),
    phaseText: debateMessages.synthesisPhaseText[progress.stage],
  };
}

export type DebatePreview = { options: Record<Speaker, string>; models: Record<Speaker, string> };

/**
 * spec 001 §2: "A preview shows which option each model will defend" — what a start with this
 * input would debate, read the way the start reads it (models named in the text included), or
 * null while something required is empty.
 */
export function debatePreview(settings: Pick<DebateSettings, "models">, input: DebateInput, mode: DebateMode): DebatePreview | null {
  const subject = debateSubject(input, mode);
  if (!subject) return null;
  return { options: subject.options, models: { ...settings.models, ...subject.customModels } };
}
