import type { ChatCompletionRequest, ChatMessage } from "@oystar/api-client";
import { cutTo, oneLine } from "./cleaning";
import { debateMessages } from "./messages";
import { followUpStyle, OPENING_INSTRUCTION, phasePrompt } from "./prompts";
import {
  ANALYSIS_PRESET,
  CONTEXT_MESSAGES,
  debatePhase,
  EARLIER_MESSAGE_CHARS,
  PHASE_PRESETS,
  speakerOfTurn,
  type DebateMode,
  type DebatePhase,
  type Provider,
  type Speaker,
} from "./rules";
import { ANALYSIS_INSTRUCTION, analysisPrompt } from "./synthesis";

// The wire format of debate requests, in one place: the client writes it (buildTurnRequest,
// buildAnalysisRequest) and the server's offline model reads it (readDebateRequest). Each request
// carries a short brief of labelled lines — useful to a real model, and read back exactly by
// the offline one — and the transcript as one line per intervention.

/** A chat-completions request of the debate. Custom models (Model-A="…") may be any name. */
export type DebateModelRequest = Omit<ChatCompletionRequest, "model"> & { model: string };

/** An intervention as the prompts quote it. */
export type Intervention = { speaker: Speaker; turn: number; content: string };

export type DebateTurnRequest = {
  kind: "turn";
  mode: DebateMode;
  topic: string;
  ownOption: string;
  otherOption: string;
  phase: DebatePhase;
  /** From 0; turn t is played by A when t is even. */
  turn: number;
  length: number;
  speaker: Speaker;
  /** The interventions quoted in the prompt, oldest first (earlier ones cut short). */
  context: Intervention[];
};

export type DebateAnalysisRequest = {
  kind: "analysis";
  topic: string;
  options: Record<Speaker, string>;
  length: number;
  /** The last third of the debate, as analysed. */
  transcript: Intervention[];
};

export type DebateRequest = DebateTurnRequest | DebateAnalysisRequest;

const TURN_BRIEF = "Scheda del dibattito OYSTAR";
const ANALYSIS_BRIEF = "Scheda dell'analisi OYSTAR";
const LABEL = {
  mode: "Modalità",
  topic: "Tema",
  speaker: "Parli come",
  own: "Tua posizione",
  other: "Posizione avversaria",
  phase: "Fase",
  turn: "Turno",
  positionA: "Posizione A",
  positionB: "Posizione B",
  analysed: "Turni analizzati",
} as const;
const PHASES: readonly DebatePhase[] = ["opposizione", "riflessione", "sintesi"];
const MODES = Object.entries(debateMessages.modeLabel) as [DebateMode, string][];

const briefLines = (title: string, fields: [string, string | number][]) => [title, ...fields.map(([label, value]) => `- ${label}: ${oneLine(String(value))}`)].join("\n");

/** One line per intervention; its turn is shown from 1, as people count. */
const interventionLine = ({ speaker, turn, content }: Intervention) => `[${debateMessages.modelLabel[speaker]} · turno ${turn + 1}] ${oneLine(content)}`;
const INTERVENTION_LINE = /^\[Modello ([AB]) · turno (\d+)\] (.*)$/;

export type TurnRequestInput = {
  mode: DebateMode;
  topic: string;
  options: Record<Speaker, string>;
  turn: number;
  length: number;
  /** Every intervention so far, oldest first. */
  history: readonly Intervention[];
  model: string;
  provider: Provider;
};

/**
 * spec 001 §4, §9: one turn's request — its phase prompt for its speaker, the brief, and the
 * last 5 interventions on the cloud provider (10 otherwise), the latest whole and earlier ones
 * cut to 100 characters (200 in the background synthesis debate), then a follow-up style.
 */
export function buildTurnRequest(input: TurnRequestInput): DebateModelRequest {
  const speaker = speakerOfTurn(input.turn);
  const other: Speaker = speaker === "A" ? "B" : "A";
  const phase = debatePhase(input.turn, input.length);
  const values = { topic: input.topic, ownOption: input.options[speaker], otherOption: input.options[other] };
  const brief = briefLines(TURN_BRIEF, [
    [LABEL.mode, debateMessages.modeLabel[input.mode]],
    [LABEL.topic, input.topic],
    [LABEL.speaker, debateMessages.modelLabel[speaker]],
    [LABEL.own, values.ownOption],
    [LABEL.other, values.otherOption],
    [LABEL.phase, phase],
    [LABEL.turn, `${input.turn + 1} di ${input.length}`],
  ]);
  const recent = input.history.slice(-CONTEXT_MESSAGES[input.provider]);
  const earlierLimit = input.mode === "synthesis" ? EARLIER_MESSAGE_CHARS.synthesis : EARLIER_MESSAGE_CHARS.debate;
  const quoted = recent.map((item, index) => (index === recent.length - 1 ? item : { ...item, content: cutTo(item.content, earlierLimit) }));
  const question =
    quoted.length === 0
      ? OPENING_INSTRUCTION
      : `Ultimi interventi:\n${quoted.map(interventionLine).join("\n")}\n\nOra tocca a te: ${followUpStyle(input.turn)}`;
  return {
    model: input.model,
    messages: [
      { role: "system", content: `${phasePrompt(phase, speaker, input.mode, values)}\n\n${brief}` },
      { role: "user", content: question },
    ],
    stream: true,
    ...PHASE_PRESETS[phase],
  };
}

export type AnalysisRequestInput = {
  topic: string;
  options: Record<Speaker, string>;
  length: number;
  /** Every intervention of the hidden debate, oldest first. */
  history: readonly Intervention[];
  model: string;
};

/** spec 001 §4: the synthesis "analyses the last third of the messages". */
const lastThird = <T>(items: readonly T[]): T[] => items.slice(items.length - Math.ceil(items.length / 3));

export function buildAnalysisRequest(input: AnalysisRequestInput): DebateModelRequest {
  const transcript = lastThird(input.history);
  const first = transcript[0]?.turn ?? 0;
  const last = transcript.at(-1)?.turn ?? 0;
  const brief = briefLines(ANALYSIS_BRIEF, [
    [LABEL.topic, input.topic],
    [LABEL.positionA, input.options.A],
    [LABEL.positionB, input.options.B],
    [LABEL.analysed, `${first + 1}-${last + 1} di ${input.length}`],
  ]);
  return {
    model: input.model,
    messages: [
      { role: "system", content: `${analysisPrompt({ topic: input.topic, options: input.options })}\n\n${brief}` },
      { role: "user", content: `Ultimo terzo del dibattito:\n${transcript.map(interventionLine).join("\n")}\n\n${ANALYSIS_INSTRUCTION}` },
    ],
    stream: true,
    ...ANALYSIS_PRESET,
  };
}

/** The labelled lines of a brief, or null when the text carries no brief with this title. */
function readBrief(text: string, title: string): Map<string, string> | null {
  const lines = text.split("\n");
  const start = lines.indexOf(title);
  if (start < 0) return null;
  const fields = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    const field = /^- ([^:]+): (.*)$/.exec(line);
    if (!field) break;
    fields.set(field[1] ?? "", field[2] ?? "");
  }
  return fields;
}

function readInterventions(text: string): Intervention[] {
  return text.split("\n").flatMap((line) => {
    const match = INTERVENTION_LINE.exec(line);
    return match ? [{ speaker: match[1] as Speaker, turn: Number(match[2]) - 1, content: match[3] ?? "" }] : [];
  });
}

/**
 * What a request of the debate asks (the server's offline model answers in character with it),
 * or null when the messages are not a debate request.
 */
export function readDebateRequest(messages: readonly ChatMessage[]): DebateRequest | null {
  const system = messages.find((message) => message.role === "system")?.content ?? "";
  const user = messages.findLast((message) => message.role === "user")?.content ?? "";
  const turn = readBrief(system, TURN_BRIEF);
  if (turn) {
    const mode = MODES.find(([, label]) => label === turn.get(LABEL.mode))?.[0];
    const speaker = (Object.keys(debateMessages.modelLabel) as Speaker[]).find((key) => debateMessages.modelLabel[key] === turn.get(LABEL.speaker));
    const phase = PHASES.find((candidate) => candidate === turn.get(LABEL.phase));
    const position = /^(\d+) di (\d+)$/.exec(turn.get(LABEL.turn) ?? "");
    const topic = turn.get(LABEL.topic);
    const ownOption = turn.get(LABEL.own);
    const otherOption = turn.get(LABEL.other);
    if (!mode || !speaker || !phase || !position || topic === undefined || ownOption === undefined || otherOption === undefined) return null;
    return {
      kind: "turn",
      mode,
      topic,
      ownOption,
      otherOption,
      phase,
      turn: Number(position[1]) - 1,
      length: Number(position[2]),
      speaker,
      context: readInterventions(user),
    };
  }
  const analysis = readBrief(system, ANALYSIS_BRIEF);
  if (analysis) {
    const topic = analysis.get(LABEL.topic);
    const a = analysis.get(LABEL.positionA);
    const b = analysis.get(LABEL.positionB);
    const length = Number(/di (\d+)$/.exec(analysis.get(LABEL.analysed) ?? "")?.[1]);
    if (topic === undefined || a === undefined || b === undefined || !Number.isInteger(length)) return null;
    return { kind: "analysis", topic, options: { A: a, B: b }, length, transcript: readInterventions(user) };
  }
  return null;
}
