import {
  analysedInterventions,
  DEBATE_CONTEXT_MESSAGES,
  DEBATE_REPLY_MAX_CHARS,
  type DebateAnalysisCall,
  type DebateCall,
  type DebateTurnCall,
  type Intervention,
} from "@oystar/api-client";
import { callHeaderFields, type CallHeader } from "./call-header";
import { cutTo, oneLine } from "./cleaning";
import { withoutCitationMarks } from "./debate-quotes";
import { debateMessages } from "./messages";
import {
  DOCUMENTS_INSTRUCTION,
  documentRules,
  followUpStyle,
  OPENING_INSTRUCTION,
  passageLines,
  phasePrompt,
  type PromptPassage,
} from "./prompts";
import { ANALYSIS_PRESET, debatePhase, EARLIER_MESSAGE_CHARS, PHASE_PRESETS, speakerOfTurn, type DebatePhase, type Speaker } from "./rules";
import { judgePrompt } from "./judge-request";
import type { DebateModelRequest } from "./model-request";
import { ANALYSIS_INSTRUCTION, analysisPrompt } from "./synthesis";

// A debate's model calls, in one place (DESIGN.md §4). The client sends a structured call
// (turnCall, analysisCall, judge-request.ts's judgeCall: @oystar/api-client's debateCallSchema); the server validates it and
// builds the model's messages with debatePrompt. The prompt is never read back: what a call is
// charged as is decided from its fields, not from its prose.

export type { Intervention };

/** What the engine knows of its debate when it calls the model. */
type DebateFacts = CallHeader & {
  /** Every intervention so far, oldest first. */
  history: readonly Intervention[];
};

/** A reply as quoted: the loop guard keeps replies within the contract's limit; a note added to one may not. */
const quotable = (item: Intervention): Intervention =>
  item.content.length <= DEBATE_REPLY_MAX_CHARS ? item : { ...item, content: cutTo(item.content, DEBATE_REPLY_MAX_CHARS) };

/** spec 001 §9: a turn quotes the last 5 interventions on the cloud provider, 10 otherwise. */
export function turnCall(facts: DebateFacts & { turn: number }): DebateTurnCall {
  const history = facts.history.slice(-DEBATE_CONTEXT_MESSAGES[facts.provider]).map(quotable);
  return { ...callHeaderFields(facts), kind: "turn", turn: facts.turn, history };
}

/** spec 001 §4: the synthesis "analyses the last third of the messages". */
export function analysisCall(facts: DebateFacts): DebateAnalysisCall {
  const history = facts.history.slice(facts.history.length - analysedInterventions(facts.history.length)).map(quotable);
  return { ...callHeaderFields(facts), kind: "analysis", history };
}

/** A turn in the engine's terms: who speaks, in which phase, for which option against which. */
export type TurnRole = { speaker: Speaker; phase: DebatePhase; ownOption: string; otherOption: string };

export function turnRole(call: Pick<DebateTurnCall, "turn" | "length" | "options">): TurnRole {
  const speaker = speakerOfTurn(call.turn);
  const other: Speaker = speaker === "A" ? "B" : "A";
  return { speaker, phase: debatePhase(call.turn, call.length), ownOption: call.options[speaker], otherOption: call.options[other] };
}

const TURN_BRIEF = "Scheda del dibattito OYSTAR";
const ANALYSIS_BRIEF = "Scheda dell'analisi OYSTAR";

/** A short brief of labelled lines closes the system prompt: it keeps a real model on its task. */
const briefLines = (title: string, fields: [string, string | number][]) =>
  [title, ...fields.map(([label, value]) => `- ${label}: ${oneLine(String(value))}`)].join("\n");

/** One line per intervention; its turn is shown from 1, as people count. */
const interventionLine = ({ speaker, turn, content }: Intervention) =>
  `[${debateMessages.modelLabel[speaker]} · turno ${turn + 1}] ${oneLine(content)}`;

/** An earlier turn's [n] named that turn's passages, not this one's: they go. */
const withoutCitations = (item: Intervention): Intervention => ({ ...item, content: withoutCitationMarks(item.content) });

/** What only the server knows when it builds a turn's prompt: the passages it retrieved (issue 26 §2). */
export type TurnContext = { passages: readonly PromptPassage[] };

/**
 * spec 001 §4, §9: one turn's messages — its phase prompt for its speaker, the brief, and the
 * interventions quoted (the latest whole, earlier ones cut to 100 characters; 200 in the
 * background synthesis debate), then a follow-up style.
 */
function turnPrompt(call: DebateTurnCall, context?: TurnContext): DebateModelRequest {
  const { speaker, phase, ownOption, otherOption } = turnRole(call);
  const brief = briefLines(TURN_BRIEF, [
    ["Modalità", debateMessages.modeLabel[call.mode]],
    ["Tema", call.topic],
    ["Parli come", debateMessages.modelLabel[speaker]],
    ["Tua posizione", ownOption],
    ["Posizione avversaria", otherOption],
    ["Fase", phase],
    ["Turno", `${call.turn + 1} di ${call.length}`],
  ]);
  const earlierLimit = call.mode === "synthesis" ? EARLIER_MESSAGE_CHARS.synthesis : EARLIER_MESSAGE_CHARS.debate;
  const documents = call.documents ? (context?.passages ?? []) : null;
  const history = documents ? call.history.map(withoutCitations) : call.history;
  const quoted = history.map((item, index) =>
    index === history.length - 1 ? item : { ...item, content: cutTo(item.content, earlierLimit) },
  );
  const question =
    quoted.length === 0
      ? OPENING_INSTRUCTION
      : `Ultimi interventi:\n${quoted.map(interventionLine).join("\n")}\n\nOra tocca a te: ${followUpStyle(call.turn)}`;
  // issue 26 §2: the passages come first, numbered; the rules say how to quote them.
  const evidence = documents ? `${passageLines(documents)}\n\n${DOCUMENTS_INSTRUCTION}\n\n` : "";
  const rules = documents ? `\n${documentRules(documents.length)}` : "";
  return {
    model: call.models[speaker],
    messages: [
      {
        role: "system",
        content: `${phasePrompt(phase, speaker, call.mode, { topic: call.topic, ownOption, otherOption })}${rules}\n\n${brief}`,
      },
      { role: "user", content: `${evidence}${question}` },
    ],
    stream: true,
    ...PHASE_PRESETS[phase],
  };
}

function analysisPromptOf(call: DebateAnalysisCall): DebateModelRequest {
  const first = call.history[0]?.turn ?? 0;
  const last = call.history.at(-1)?.turn ?? 0;
  const brief = briefLines(ANALYSIS_BRIEF, [
    ["Tema", call.topic],
    ["Posizione A", call.options.A],
    ["Posizione B", call.options.B],
    ["Turni analizzati", `${first + 1}-${last + 1} di ${call.length}`],
  ]);
  return {
    model: call.models.A,
    messages: [
      { role: "system", content: `${analysisPrompt({ topic: call.topic, options: call.options })}\n\n${brief}` },
      { role: "user", content: `Ultimo terzo del dibattito:\n${call.history.map(interventionLine).join("\n")}\n\n${ANALYSIS_INSTRUCTION}` },
    ],
    stream: true,
    ...ANALYSIS_PRESET,
  };
}

/**
 * The model's request for one call of a debate: the server builds it, from a validated call only
 * (and, for a turn argued from documents, the passages it retrieved for it).
 */
export function debatePrompt(call: DebateCall, context?: TurnContext): DebateModelRequest {
  switch (call.kind) {
    case "turn":
      return turnPrompt(call, context);
    case "analysis":
      return analysisPromptOf(call);
    case "judge":
      return judgePrompt(call);
  }
}
