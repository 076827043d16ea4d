import { MARKERS, type ChatCard } from "@oystar/conversation";
import {
  DEFAULT_PROVIDER,
  defaultSettings,
  type DebateJudgeModel,
  type DebateVote,
  type ResetRequest,
  type Settings,
} from "@oystar/api-client";
import type { DebateCall, DebateJudgeCall, DebatePassagesEvent, Intervention, TurnQuotes } from "@oystar/api-client";
import type { TurnEvidence } from "./debate-quotes";
import type { LoopGuard } from "./loop-guard";
import { clampLength, DEBATE_LENGTH, type DebateMode, type DebatePhase, type Speaker } from "./rules";
import type { ModelProvider } from "@oystar/api-client";
import type { JudgeRunReport } from "./judge-format";
import type { Scorecard } from "./scorecard";
import type { SynthesisAnalysis } from "./synthesis";
import type { DebateInput, DebateSubject } from "./topic";
import type { CallHeader } from "./call-header";

// The debate's state, events and effects as plain data (spec 001 §3 "Debate", §4 "Debate").

/**
 * issue 26 §1: the judge's card under the transcript — while its two runs go (with the reports
 * read so far), its scorecard, or why there is none.
 */
export type DebateJudgement =
  { status: "pending"; reports: JudgeRunReport[] } | { status: "done"; scorecard: Scorecard } | { status: "failed"; message: string };

/** spec 001 §2, §3: the special cards of the debate, typed rather than written into content. */
export type DebateCard =
  | { kind: "judgement"; judgement: DebateJudgement }
  /** Issue 35 §1: once sent, the form keeps the user's vote (the kept debate shows it). */
  | { kind: "feedbackForm"; sent?: { vote: DebateVote | null } }
  | { kind: "noResponse" }
  | { kind: "debatesExceeded" }
  | { kind: "error"; message: string }
  /** Issue 50 §7: STOP ended the debate at this turn (1-based); its turns stay on screen. */
  | { kind: "stopped"; turn: number };

/** A model's intervention. */
export type DebateSpeech = {
  id: string;
  speaker: Speaker;
  /** The model that spoke (custom names from the topic included). */
  model: string;
  content: string;
  phase: DebatePhase;
  turn: number;
  /** issue 26 §2: a turn argued from documents — its passages and its quotes' verdicts. */
  evidence?: TurnEvidence;
  card?: undefined;
};

/** A card in the list; a silent turn's card (noResponse) keeps that turn's speaker and phase. */
export type DebateCardMessage = {
  id: string;
  card: DebateCard;
  speaker?: Speaker;
  phase?: DebatePhase;
  turn?: number;
  content?: undefined;
};

export type DebateMessage = DebateSpeech | DebateCardMessage;

/** The interventions of a transcript, as calls quote them (cards are not interventions). */
export const interventionsOf = (messages: readonly DebateMessage[]): Intervention[] =>
  messages.flatMap((message) => (message.card ? [] : [{ speaker: message.speaker, turn: message.turn, content: message.content }]));

/** The interventions as the judge reads them: with the sealed verdicts of their quotes (issue 26 §2). */
export const judgedInterventionsOf = (messages: readonly DebateMessage[]): DebateJudgeCall["history"] =>
  messages.flatMap((message) => {
    if (message.card) return [];
    const { speaker, turn, content, evidence } = message;
    const sealed =
      evidence?.seal && evidence.quotes ? { quotes: { statuses: evidence.quotes.map((quote) => quote.status), seal: evidence.seal } } : {};
    return [{ speaker, turn, content, ...sealed }];
  });

/** The floor's marker of a card, for screens that render cards through MessageList. */
export function cardMarker(card: DebateCard): ChatCard | null {
  if (card.kind === "feedbackForm") return MARKERS.feedbackForm;
  if (card.kind === "noResponse") return MARKERS.noResponse;
  if (card.kind === "debatesExceeded") return MARKERS.debatesExceeded;
  return null;
}

/** The controls panel (spec 001 §2), its defaults from GET /api/settings (debate_*). */
export type DebateSettings = {
  length: number;
  auto: boolean;
  models: Record<Speaker, string>;
  provider: ModelProvider;
  /** issue 26 §1: the admin's judge model (global settings). */
  judge: DebateJudgeModel;
  /** issue 26 §2: 'Basati sui documenti' — the user's index the turns argue from; null: none. */
  documents: string | null;
};

/** Settings given in part: from GET /api/settings, or a test. */
export type DebateDefaults = Partial<Omit<DebateSettings, "models" | "documents">> & { models?: Partial<Record<Speaker, string>> };

/** The debate part of the global settings (spec 001 §7: length, auto mode, models A and B; issue 26: the judge). */
export function debateDefaultsFrom(
  settings: Pick<Settings, "debate_length" | "debate_auto_mode" | "debate_model_a" | "debate_model_b"> &
    Partial<Pick<Settings, "debate_judge_model">>,
): DebateDefaults {
  const defaults: DebateDefaults = {
    length: settings.debate_length,
    auto: settings.debate_auto_mode,
    models: { A: settings.debate_model_a, B: settings.debate_model_b },
  };
  return settings.debate_judge_model ? { ...defaults, judge: settings.debate_judge_model } : defaults;
}

/** spec 001 §9: length 20, models gpt-oss-120b (A) and gpt-oss-20b (B), cloud. */
const DEFAULT_DEBATE_SETTINGS: DebateSettings = {
  length: DEBATE_LENGTH.default,
  auto: defaultSettings.debate_auto_mode,
  models: { A: defaultSettings.debate_model_a, B: defaultSettings.debate_model_b },
  provider: DEFAULT_PROVIDER,
  judge: defaultSettings.debate_judge_model,
  documents: null,
};

/**
 * - idle: the start screen (a synthesis result may be shown).
 * - connecting → charging: a start's provider reset, then its debate quota increment.
 * - reconnecting: the preventive reset before a turn (every 10 turns on cloud).
 * - speaking: a turn streams. between: waiting for the next turn (auto: a timer; manual: 'Prossimo').
 * - finished: all turns played, the judge's card and the feedback card shown; the judge's two runs
 *   stream then (issue 26 §1), and the user may already answer the form. halted: the debate
 *   cannot go on (quota), or STOP ended it (issue 50 §7: its turns stay, with the PDF and 'FAI UN
 *   ALTRO DIBATTITO').
 * - analysing: the synthesis's analysis streams. resetting: the '*reset*' command runs.
 */
export type DebateStatus =
  "idle" | "connecting" | "charging" | "reconnecting" | "speaking" | "between" | "finished" | "halted" | "analysing" | "resetting";

/** spec 001 §3: a debate — topic, options, models, length, mode — and the id its turns are charged to. */
export type ActiveDebate = {
  subject: DebateSubject;
  models: Record<Speaker, string>;
  length: number;
  provider: ModelProvider;
  /** The judge model when the debate started (the settings may change while it runs). */
  judge: DebateJudgeModel;
  /** The index its turns argue from (issue 26 §2); null: none. */
  documents: string | null;
  debateId: string | null;
  startedAt: number;
};

/** The header every model call of this debate carries (call-header.ts). */
export const callHeaderOf = (debate: ActiveDebate, debateId: string): CallHeader => ({
  debateId,
  mode: debate.subject.mode,
  topic: debate.subject.topic,
  options: debate.subject.options,
  models: debate.models,
  length: debate.length,
  provider: debate.provider,
  documents: debate.documents,
});

export type StreamingReply = LoopGuard & {
  call: number;
  purpose: "turn" | "analysis" | "judge";
  speaker: Speaker;
  turn: number;
  phase: DebatePhase;
  model: string;
  /** A turn argued from documents: what its stream has brought so far (issue 26 §2). */
  evidence?: TurnEvidence;
};

export type SynthesisStage = "preparing" | DebatePhase | "analysing";
export type SynthesisProgress = { completed: number; total: number; stage: SynthesisStage };

/** A finished synthesis: what the screen shows and the PDF prints. */
export type DebateSynthesis = SynthesisAnalysis & {
  topic: string;
  options: Record<Speaker, string>;
  length: number;
  createdAt: number;
};

export type DebateNotice = {
  tone: "error" | "info";
  text: string;
  /** 'Inserisci un tema per la discussione!': it goes once what is typed can start (issue 27 §5). */
  emptyInput?: true;
};

export type DebateState = {
  settings: DebateSettings;
  status: DebateStatus;
  /** Grows at every hard reset: answers of an earlier run are recognised and ignored. */
  epoch: number;
  /** Grows at every model call: chunks of an abandoned call are ignored. */
  call: number;
  timerPending: boolean;
  debate: ActiveDebate | null;
  /** The next turn to play, from 0. */
  turn: number;
  messages: DebateMessage[];
  streaming: StreamingReply | null;
  synthesis: { progress: SynthesisProgress | null; result: DebateSynthesis | null };
  /** An alert for the user ('Inserisci un tema per la discussione!', '❌ Errore reset!' …). */
  notice: DebateNotice | null;
};

/** What a debate leaves behind when it ends or is reset: nothing of it (the settings stay). */
export const NO_DEBATE = {
  status: "idle",
  timerPending: false,
  debate: null,
  turn: 0,
  messages: [],
  streaming: null,
  synthesis: { progress: null, result: null },
  notice: null,
} as const satisfies Partial<DebateState>;

export function initialDebateState(settings: DebateDefaults = {}): DebateState {
  const merged = { ...DEFAULT_DEBATE_SETTINGS, ...settings, models: { ...DEFAULT_DEBATE_SETTINGS.models, ...settings.models } };
  return { ...NO_DEBATE, messages: [], settings: { ...merged, length: clampLength(merged.length) }, epoch: 0, call: 0 };
}

export type DebateEvent =
  | { type: "start"; input: DebateInput; mode: DebateMode; at: number }
  | { type: "stop" }
  | { type: "newDebate" }
  | { type: "next" }
  | { type: "setAuto"; auto: boolean }
  | { type: "setLength"; length: number }
  | { type: "setModels"; models: Partial<Record<Speaker, string>> }
  | { type: "setProvider"; provider: ModelProvider }
  | { type: "setDocuments"; index: string | null }
  | { type: "configure"; settings: DebateDefaults }
  | { type: "dismissNotice" }
  /** Issue 35 §1: a debate kept on the device, back on screen (to read, or to go on). */
  | { type: "open"; kept: KeptDebateRecord }
  /** The feedback form was sent: its vote is part of the debate now. */
  | { type: "feedbackSent"; vote: DebateVote | null }
  | { type: "inputChanged"; input: DebateInput; mode: DebateMode }
  | { type: "providerReset"; epoch: number; ok: boolean; message?: string }
  | { type: "debateStarted"; epoch: number; debateId: string }
  | { type: "debateRefused"; epoch: number; reason: "quota" | "error"; message: string }
  | { type: "timerFired"; epoch: number }
  | { type: "chunk"; epoch: number; call: number; text: string; at: number }
  | { type: "passagesFound"; epoch: number; call: number; found: DebatePassagesEvent }
  | { type: "quotesChecked"; epoch: number; call: number; quotes: TurnQuotes }
  | { type: "replyEnded"; epoch: number; call: number; at: number }
  | { type: "replyFailed"; epoch: number; call: number; quota: boolean; message: string };

export type ResetPurpose = "start" | "preventive" | "command" | "stop";

/** What the runner does for the machine; nothing here runs by itself. */
export type DebateEffect =
  | { type: "abortReply" }
  | { type: "cancelTimer" }
  | { type: "schedule"; epoch: number; delayMs: number }
  | { type: "resetProvider"; epoch: number; purpose: ResetPurpose; request: ResetRequest }
  | { type: "startDebate"; epoch: number }
  | { type: "callModel"; epoch: number; call: number; request: DebateCall };

export type Transition = { state: DebateState; effects: DebateEffect[] };

// Issue 35 §1: what a debate screen keeps on the device (kept-debate.ts reads and writes it).
export type KeptDebate = {
  version: 1;
  /** The debate as it was started (its id included: its next turn goes on in the same debate). */
  debate: ActiveDebate;
  /** Its turns (interventions, silent turns' cards) and the judge's card, in order. */
  messages: DebateMessage[];
  /** The next turn to play; `debate.length` once every turn was played. */
  turn: number;
  /** The vote sent with the feedback form; null while no feedback was sent. */
  feedback: { vote: DebateVote | null } | null;
  /** The offline model argued it (issue 36 §1: its sides are 'Lato A' and 'Lato B'). */
  offline: boolean;
};

export type KeptSynthesis = { version: 1; synthesis: DebateSynthesis };

/** What a debate screen leaves on the device: a debate, or a synthesis's result. */
export type KeptDebateRecord = KeptDebate | KeptSynthesis;
