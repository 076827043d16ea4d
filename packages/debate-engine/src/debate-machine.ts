import { isResetCommand } from "@oystar/conversation";
import { cleanMessage } from "./cleaning";
import { analysisCall, turnCall } from "./debate-request";
import {
  callHeaderOf,
  interventionsOf,
  NO_DEBATE,
  type ActiveDebate,
  type DebateCard,
  type DebateEffect,
  type DebateEvent,
  type DebateMessage,
  type DebateState,
  type ResetPurpose,
  type Transition,
} from "./debate-state";
import { passagesFound, quotesChecked, turnEvidence } from "./evidence-phase";
import { closeDebate, finishJudgeRun, judgeRunFailed } from "./judge-phase";
import { openKeptDebate } from "./kept-debate";
import { guardChunk } from "./loop-guard";
import { debateMessages } from "./messages";
import { AUTO_CONTINUE_DELAY_MS, clampLength, debatePhase, PREVENTIVE_RESET_EVERY, speakerOfTurn } from "./rules";
import { parseSynthesisAnalysis } from "./synthesis";
import { debateSubject, inputTexts } from "./topic";

// spec 001 §4 "Debate": the debate as a pure state machine. transition() never waits, calls or
// schedules anything: it returns the next state and the effects for the runner to perform.

const BUSY = new Set<DebateState["status"]>(["connecting", "charging", "reconnecting", "speaking", "analysing", "resetting"]);

/** spec 001 §4: "The length slider is locked while generating or once messages exist." */
export const isGenerating = (state: DebateState) => BUSY.has(state.status);
export const isLengthLocked = (state: DebateState) => isGenerating(state) || state.messages.length > 0;

const stay = (state: DebateState): Transition => ({ state, effects: [] });

/** The entries that are turns: interventions, and the cards of silent turns. */
const turnEntries = (messages: readonly DebateMessage[]) => messages.filter((message) => message.turn !== undefined);

const cardMessage = (state: DebateState, card: DebateCard, id = `${state.epoch}-${card.kind}-${state.messages.length}`): DebateMessage => ({
  id,
  card,
});

const resetEffect = (state: DebateState, purpose: ResetPurpose): DebateEffect => ({
  type: "resetProvider",
  epoch: state.epoch,
  purpose,
  request: {
    provider: state.debate?.provider ?? state.settings.provider,
    models: Object.values(state.debate?.models ?? state.settings.models),
  },
});

/** Everything back to the start screen (spec 001 §4: the hard reset), in a new epoch. */
function hardReset(state: DebateState, keep: Partial<DebateState> = {}): DebateState {
  return { ...state, ...NO_DEBATE, messages: [], epoch: state.epoch + 1, ...keep };
}

const STOP_EFFECTS: DebateEffect[] = [{ type: "abortReply" }, { type: "cancelTimer" }];

function start(state: DebateState, event: Extract<DebateEvent, { type: "start" }>): Transition {
  // spec 001 §4: the topic '*reset*' resets the connection instead of starting a debate.
  if (inputTexts(event.input).some(isResetCommand)) {
    const next = hardReset(state, { status: "resetting" });
    return { state: next, effects: [...STOP_EFFECTS, resetEffect(next, "command")] };
  }
  const subject = debateSubject(event.input, event.mode);
  if (!subject) return stay({ ...state, notice: { tone: "error", text: debateMessages.emptyTopic, emptyInput: true } });
  const next = hardReset(state, {
    status: "connecting",
    debate: {
      subject,
      // spec 001 §5: models named in the topic (Model-A="…") replace the chosen ones.
      models: { ...state.settings.models, ...subject.customModels },
      length: state.settings.length,
      provider: state.settings.provider,
      judge: state.settings.judge,
      documents: state.settings.documents,
      debateId: null,
      startedAt: event.at,
    },
    synthesis: {
      progress: subject.mode === "synthesis" ? { completed: 0, total: state.settings.length, stage: "preparing" } : null,
      result: null,
    },
  });
  // spec 001 §4: hard reset (stream, timers, messages, provider with both models), then quota.
  // The spec's "short waits" let an old stream die down before the new one; here its late
  // answers carry an older epoch and are ignored, so no wait is needed.
  return { state: next, effects: [...STOP_EFFECTS, resetEffect(next, "start")] };
}

/** Plays the next turn, after the preventive reset when one is due. */
function speak(state: DebateState, options: { reconnected?: boolean } = {}): Transition {
  const debate = state.debate;
  // Turns are played once the debate is counted and has its id (debateStarted).
  if (!debate?.debateId) return stay(state);
  const { turn } = state;
  // spec 001 §9: a preventive connection reset every 10 turns on the cloud provider.
  if (!options.reconnected && debate.provider === "cloud" && turn > 0 && turn % PREVENTIVE_RESET_EVERY === 0) {
    const next = { ...state, status: "reconnecting" as const };
    return { state: next, effects: [resetEffect(next, "preventive")] };
  }
  const speaker = speakerOfTurn(turn);
  const phase = debatePhase(turn, debate.length);
  const model = debate.models[speaker];
  const call = state.call + 1;
  const request = turnCall({ ...callFacts(state, debate, debate.debateId), turn });
  const progress = state.synthesis.progress;
  return {
    state: {
      ...state,
      status: "speaking",
      call,
      streaming: { call, purpose: "turn", speaker, turn, phase, model, text: "", lastChunk: "", repeats: 0 },
      synthesis: progress ? { ...state.synthesis, progress: { ...progress, stage: phase } } : state.synthesis,
    },
    effects: [{ type: "callModel", epoch: state.epoch, call, request }],
  };
}

function analyse(state: DebateState): Transition {
  const debate = state.debate;
  if (!debate?.debateId) return stay(state);
  const call = state.call + 1;
  const request = analysisCall(callFacts(state, debate, debate.debateId));
  return {
    state: {
      ...state,
      status: "analysing",
      call,
      streaming: {
        call,
        purpose: "analysis",
        speaker: "A",
        turn: state.turn,
        phase: "sintesi",
        model: debate.models.A,
        text: "",
        lastChunk: "",
        repeats: 0,
      },
      synthesis: { ...state.synthesis, progress: { completed: debate.length, total: debate.length, stage: "analysing" } },
    },
    effects: [{ type: "callModel", epoch: state.epoch, call, request }],
  };
}

/** What a model call says of its debate (the server charges it to `debateId` and builds its prompt). */
const callFacts = (state: DebateState, debate: ActiveDebate, debateId: string) => ({
  ...callHeaderOf(debate, debateId),
  history: interventionsOf(state.messages),
});

/** After a turn: the next one (now, in 3 s, or on 'Prossimo'), the analysis, or the end. */
function afterTurn(state: DebateState): Transition {
  const debate = state.debate;
  if (!debate) return stay(state);
  if (debate.subject.mode === "synthesis") {
    const progress = { completed: state.turn, total: debate.length, stage: state.synthesis.progress?.stage ?? "preparing" };
    const next = { ...state, synthesis: { ...state.synthesis, progress } };
    // The hidden debate runs back to back: nobody reads it, so nobody waits.
    return state.turn >= debate.length ? analyse(next) : speak(next);
  }
  // spec 001 §4: at the last turn the feedback form closes the debate; the judge comes first.
  if (state.turn >= debate.length) return closeDebate(state, cardMessage(state, { kind: "feedbackForm" }));
  if (state.settings.auto) {
    return {
      state: { ...state, status: "between", timerPending: true },
      effects: [{ type: "schedule", epoch: state.epoch, delayMs: AUTO_CONTINUE_DELAY_MS }],
    };
  }
  return stay({ ...state, status: "between" });
}

function finishTurn(state: DebateState): Transition {
  const reply = state.streaming;
  if (!reply) return stay(state);
  const content = cleanMessage(reply.text);
  const id = `${state.epoch}-turn-${reply.turn}`;
  if (content) {
    const evidence = turnEvidence(state, reply);
    const entry: DebateMessage = {
      id,
      speaker: reply.speaker,
      model: reply.model,
      content,
      phase: reply.phase,
      turn: reply.turn,
      ...(evidence ? { evidence } : {}),
    };
    return afterTurn({ ...state, streaming: null, messages: [...state.messages, entry], turn: reply.turn + 1 });
  }
  // spec 001 §4: "An empty model response adds an LLM_NO_RESPONSE card and an error"; the debate
  // goes on. The hidden debate of a synthesis shows neither: its turns are not on screen.
  const card: DebateMessage = { id, card: { kind: "noResponse" }, speaker: reply.speaker, phase: reply.phase, turn: reply.turn };
  const hidden = state.debate?.subject.mode === "synthesis";
  const notice = hidden
    ? state.notice
    : { tone: "error" as const, text: debateMessages.error(debateMessages.emptyReply(reply.speaker, reply.turn + 1)) };
  return afterTurn({ ...state, streaming: null, messages: [...state.messages, card], turn: reply.turn + 1, notice });
}

function finishAnalysis(state: DebateState, at: number): Transition {
  const debate = state.debate;
  const reply = state.streaming;
  if (!debate || !reply) return stay(state);
  try {
    const analysis = parseSynthesisAnalysis(cleanMessage(reply.text));
    const result = { ...analysis, topic: debate.subject.topic, options: debate.subject.options, length: debate.length, createdAt: at };
    // spec 001 §4: the result is shown, then the screen is back to its initial state.
    return stay(hardReset(state, { epoch: state.epoch, synthesis: { progress: null, result } }));
  } catch {
    return stay(hardReset(state, { epoch: state.epoch, notice: { tone: "error", text: debateMessages.analysisFailed } }));
  }
}

function finishReply(state: DebateState, at: number): Transition {
  if (state.streaming?.purpose === "analysis") return finishAnalysis(state, at);
  if (state.streaming?.purpose === "judge") return finishJudgeRun(state);
  return finishTurn(state);
}

function replyFailed(state: DebateState, event: Extract<DebateEvent, { type: "replyFailed" }>): Transition {
  const reply = state.streaming;
  const debate = state.debate;
  if (!reply || !debate) return stay(state);
  // The judge's run failing touches only the judge's card: the debate is over and stays as it is.
  if (reply.purpose === "judge") return judgeRunFailed(state, event.message);
  const settings = { ...state.settings, auto: false };
  // spec 001 §4: an error containing 429 adds the debate quota card; the debate cannot go on.
  if (event.quota) {
    const card = cardMessage(state, { kind: "debatesExceeded" });
    return stay({
      ...state,
      settings,
      status: "halted",
      streaming: null,
      messages: [...state.messages, card],
      synthesis: { ...state.synthesis, progress: null },
    });
  }
  if (debate.subject.mode === "synthesis") {
    const text = reply.purpose === "analysis" ? debateMessages.analysisFailed : debateMessages.synthesisFailed;
    return stay(hardReset(state, { epoch: state.epoch, notice: { tone: "error", text } }));
  }
  // Other errors: '❌ Errore: {message}'; 'Prossimo' plays the same turn again.
  const card = cardMessage(state, { kind: "error", message: debateMessages.error(event.message) });
  return stay({ ...state, settings, status: "between", streaming: null, messages: [...state.messages, card] });
}

function chunk(state: DebateState, text: string, at: number): Transition {
  const reply = state.streaming;
  if (!reply) return stay(state);
  // The analysis and the judge are not debate replies: long by design, so only repeats stop them.
  const { guard, tripped } = guardChunk(reply, text, { capChars: reply.purpose === "turn" ? undefined : Number.POSITIVE_INFINITY });
  const next = { ...state, streaming: { ...reply, ...guard } };
  if (!tripped) return stay(next);
  // spec 001 §5: the loop guard stops the turn; what was sensible is kept.
  const finished = finishReply(next, at);
  return { state: finished.state, effects: [{ type: "abortReply" }, ...finished.effects] };
}

function setAuto(state: DebateState, auto: boolean): Transition {
  const next = { ...state, settings: { ...state.settings, auto } };
  if (!auto) return next.timerPending ? { state: { ...next, timerPending: false }, effects: [{ type: "cancelTimer" }] } : stay(next);
  if (next.status !== "between" || next.timerPending || next.debate?.subject.mode === "synthesis") return stay(next);
  // spec 001 §4: turning auto on with messages present resumes with the speaker given by the
  // parity of the message count (the turns played; cards of errors are not turns).
  const turn = turnEntries(next.messages).length;
  return {
    state: { ...next, turn, timerPending: true },
    effects: [{ type: "schedule", epoch: next.epoch, delayMs: AUTO_CONTINUE_DELAY_MS }],
  };
}

function providerReset(state: DebateState, event: Extract<DebateEvent, { type: "providerReset" }>): Transition {
  if (state.status === "connecting") {
    // spec 001 §7: a failed reset falls back to the frontend's own reset; the start goes on.
    return { state: { ...state, status: "charging" }, effects: [{ type: "startDebate", epoch: state.epoch }] };
  }
  if (state.status === "reconnecting") return speak(state, { reconnected: true });
  if (state.status === "resetting") {
    const notice = event.ok
      ? { tone: "info" as const, text: event.message || debateMessages.resetDone }
      : { tone: "error" as const, text: debateMessages.resetFailed };
    return stay({ ...state, status: "idle", notice });
  }
  return stay(state);
}

/**
 * STOP. spec 001 §4 reset everything — stream, timer, messages and the provider — and the user
 * was back at an empty form with no word of a debate that had been counted. Issue 50 §7: a
 * debate that has begun (charged to its id) ends where it is instead — its turns stay, with
 * 'Dibattito interrotto al turno N' and a finished debate's actions; the turn being written is
 * dropped. A start not yet charged, or a synthesis's hidden debate, is still reset.
 */
function stop(state: DebateState): Transition {
  const effects = [...STOP_EFFECTS, resetEffect(state, "stop")];
  const debate = state.debate;
  const begun = debate?.debateId && debate.subject.mode !== "synthesis" && state.status !== "finished" && state.status !== "halted";
  if (!begun) return { state: hardReset(state), effects };
  const turn = state.streaming?.purpose === "turn" ? state.streaming.turn + 1 : Math.max(1, state.turn);
  return {
    state: {
      ...state,
      // A new epoch: the aborted stream's last pieces, and the provider's answer, are ignored.
      epoch: state.epoch + 1,
      status: "halted",
      streaming: null,
      timerPending: false,
      settings: { ...state.settings, auto: false },
      messages: [...state.messages, cardMessage(state, { kind: "stopped", turn })],
    },
    effects,
  };
}

/** Answers of the world carry the epoch (and call) they were asked in; older ones are stale. */
function isStale(state: DebateState, event: DebateEvent): boolean {
  if ("epoch" in event && event.epoch !== state.epoch) return true;
  if ("call" in event && event.call !== state.streaming?.call) return true;
  return false;
}

export function transition(state: DebateState, event: DebateEvent): Transition {
  if (isStale(state, event)) return stay(state);
  switch (event.type) {
    case "start":
      return start(state, event);
    case "stop":
      return stop(state);
    case "newDebate":
      return { state: hardReset(state), effects: STOP_EFFECTS };
    case "next": {
      if (state.status !== "between") return stay(state);
      const played = speak({ ...state, timerPending: false });
      return { state: played.state, effects: state.timerPending ? [{ type: "cancelTimer" }, ...played.effects] : played.effects };
    }
    case "timerFired":
      if (!state.timerPending || state.status !== "between") return stay(state);
      return speak({ ...state, timerPending: false });
    case "setAuto":
      return setAuto(state, event.auto);
    case "setLength":
      return isLengthLocked(state) ? stay(state) : stay({ ...state, settings: { ...state.settings, length: clampLength(event.length) } });
    case "setModels":
      return stay({ ...state, settings: { ...state.settings, models: { ...state.settings.models, ...event.models } } });
    case "setProvider":
      return stay({ ...state, settings: { ...state.settings, provider: event.provider } });
    case "setDocuments":
      // issue 26 §2: like the length, the documents stay put once a debate is on screen.
      return isLengthLocked(state) ? stay(state) : stay({ ...state, settings: { ...state.settings, documents: event.index } });
    case "configure": {
      // Defaults from GET /api/settings arrive late; they never change a debate under way.
      if (state.status !== "idle" || state.messages.length > 0) return stay(state);
      const { length, auto, models, provider, judge } = { ...state.settings, ...event.settings };
      return stay({
        ...state,
        settings: {
          ...state.settings,
          length: clampLength(length),
          auto,
          provider,
          judge,
          models: { ...state.settings.models, ...models },
        },
      });
    }
    case "dismissNotice":
      return stay({ ...state, notice: null });
    case "open":
      // Issue 35 §1: whatever was on screen goes, as at a new start; the kept debate comes back.
      return openKeptDebate(state, event.kept, (keep) => hardReset(state, keep));
    case "feedbackSent":
      return stay({
        ...state,
        messages: state.messages.map((message) =>
          message.card?.kind === "feedbackForm" ? { id: message.id, card: { kind: "feedbackForm", sent: { vote: event.vote } } } : message,
        ),
      });
    case "inputChanged":
      // The empty-topic notice says what is missing; once nothing is, it has nothing left to say.
      return state.notice?.emptyInput && debateSubject(event.input, event.mode) ? stay({ ...state, notice: null }) : stay(state);
    case "providerReset":
      return providerReset(state, event);
    case "debateStarted":
      if (state.status !== "charging" || !state.debate) return stay(state);
      return speak({ ...state, debate: { ...state.debate, debateId: event.debateId } });
    case "debateRefused": {
      if (state.status !== "charging") return stay(state);
      const card: DebateCard =
        event.reason === "quota" ? { kind: "debatesExceeded" } : { kind: "error", message: debateMessages.error(event.message) };
      return stay({ ...state, status: "halted", messages: [cardMessage(state, card)], synthesis: { ...state.synthesis, progress: null } });
    }
    case "chunk":
      return chunk(state, event.text, event.at);
    case "passagesFound":
      return passagesFound(state, event);
    case "quotesChecked":
      return quotesChecked(state, event);
    case "replyEnded":
      return finishReply(state, event.at);
    case "replyFailed":
      return replyFailed(state, event);
  }
}
