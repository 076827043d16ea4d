import { DEBATE_JUDGE_RUNS, type DebateJudgeRun } from "@oystar/api-client";
import { cleanMessage } from "./cleaning";
import {
  callHeaderOf,
  interventionsOf,
  judgedInterventionsOf,
  type ActiveDebate,
  type DebateJudgement,
  type DebateMessage,
  type DebateState,
  type Transition,
} from "./debate-state";
import { parseJudgeRun, type JudgeRunReport } from "./judge-format";
import { judgeCall } from "./judge-request";
import { debateMessages } from "./messages";
import { scorecardOf } from "./scorecard";

// issue 26 §1: the judge as phases of the debate machine. When a debate or a challenge has played
// its last turn, its card (pending) goes under the transcript, before the feedback form, and the
// judge is asked twice, the sides' order swapped; the two reports become the scorecard. A run
// that fails or cannot be read leaves an error card: the debate stays as it was, usable.

const judgementId = (state: DebateState) => `${state.epoch}-judgement`;

const judgementCard = (state: DebateState, judgement: DebateJudgement): DebateMessage => ({
  id: judgementId(state),
  card: { kind: "judgement", judgement },
});

/** The state with the judge's card replaced. */
const withJudgement = (state: DebateState, judgement: DebateJudgement): DebateState => ({
  ...state,
  messages: state.messages.map((message) => (message.id === judgementId(state) ? judgementCard(state, judgement) : message)),
});

/** The judgement on screen now, if any. */
function currentJudgement(state: DebateState): DebateJudgement | null {
  const card = state.messages.find((message) => message.id === judgementId(state))?.card;
  return card?.kind === "judgement" ? card.judgement : null;
}

function askJudge(state: DebateState, debate: ActiveDebate, run: DebateJudgeRun): Transition {
  if (!debate.debateId || debate.subject.mode === "synthesis") return { state, effects: [] };
  const call = state.call + 1;
  const request = judgeCall(
    {
      ...callHeaderOf(debate, debate.debateId),
      mode: debate.subject.mode,
      history: judgedInterventionsOf(state.messages),
      judge: debate.judge,
    },
    run,
  );
  return {
    state: {
      ...state,
      call,
      streaming: {
        call,
        purpose: "judge",
        speaker: "A",
        turn: debate.length,
        phase: "sintesi",
        model: debate.judge,
        text: "",
        lastChunk: "",
        repeats: 0,
      },
    },
    effects: [{ type: "callModel", epoch: state.epoch, call, request }],
  };
}

/**
 * spec 001 §4: at the last turn the feedback form closes the debate and auto mode turns off;
 * issue 26 §1: the judge's card comes before it, and its first run starts.
 */
export function closeDebate(state: DebateState, feedbackForm: DebateMessage): Transition {
  const debate = state.debate;
  // Issue 52 §5: the mode the user chose changes here, as the spec wants; they are told, not left to find 'Manuale'.
  const finished: DebateState = {
    ...state,
    status: "finished",
    settings: { ...state.settings, auto: false },
    notice: state.settings.auto ? { tone: "info", text: debateMessages.controls.autoEnded } : state.notice,
  };
  if (!debate || debate.subject.mode === "synthesis")
    return { state: { ...finished, messages: [...state.messages, feedbackForm] }, effects: [] };
  const nothing = interventionsOf(state.messages).length === 0;
  const judgement: DebateJudgement = nothing
    ? { status: "failed", message: debateMessages.judge.nothingToJudge }
    : { status: "pending", reports: [] };
  const closed = { ...finished, messages: [...state.messages, judgementCard(state, judgement), feedbackForm] };
  return nothing ? { state: closed, effects: [] } : askJudge(closed, debate, DEBATE_JUDGE_RUNS[0]);
}

/** A run ended: its report is read; then the next run, or the scorecard of both. */
export function finishJudgeRun(state: DebateState): Transition {
  const debate = state.debate;
  const reply = state.streaming;
  const judgement = currentJudgement(state);
  if (!debate || !reply || judgement?.status !== "pending") return { state: { ...state, streaming: null }, effects: [] };
  const settled = { ...state, streaming: null };
  let report: JudgeRunReport;
  try {
    report = parseJudgeRun(cleanMessage(reply.text));
  } catch {
    return { state: withJudgement(settled, { status: "failed", message: debateMessages.judge.unreadable }), effects: [] };
  }
  const reports = [...judgement.reports, report];
  const next = DEBATE_JUDGE_RUNS[reports.length];
  if (next !== undefined) return askJudge(withJudgement(settled, { status: "pending", reports }), debate, next);
  const [first, second] = reports;
  if (!first || !second) return { state: settled, effects: [] };
  const scorecard = scorecardOf([first, second], { judge: debate.judge, models: debate.models, history: interventionsOf(state.messages) });
  return { state: withJudgement(settled, { status: "done", scorecard }), effects: [] };
}

/** A run failed (the server refused it, the model did not answer): the card says so, nothing else changes. */
export function judgeRunFailed(state: DebateState, message: string): Transition {
  return { state: withJudgement({ ...state, streaming: null }, { status: "failed", message: debateMessages.error(message) }), effects: [] };
}
