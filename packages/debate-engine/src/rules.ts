import {
  DEBATE_CONTEXT_MESSAGES,
  DEBATE_JUDGE_RUNS,
  DEBATE_LENGTH,
  DEBATE_REPLY_MAX_CHARS,
  sideOfTurn,
  type DebateMode,
  type ModelProvider,
  type DebateSide,
} from "@oystar/api-client";

// spec 001 §4, §9: the debate's rules as data — turns, phases, presets, limits. The limits a
// debate's call is validated against are the API contract's (@oystar/api-client); the engine
// keeps them under its own names.

export type Speaker = DebateSide;
export type DebatePhase = "opposizione" | "riflessione" | "sintesi";
export type { DebateMode };

export { DEBATE_LENGTH };

/** spec 001 §4, §9: auto mode plays the next turn 3 s after the previous one ends. */
export const AUTO_CONTINUE_DELAY_MS = 3000;

/** spec 001 §9: a preventive connection reset every 10 turns on the cloud provider. */
export const PREVENTIVE_RESET_EVERY = 10;

/** spec 001 §5, §9: the loop guard. */
export const REPLY_CAP_CHARS = DEBATE_REPLY_MAX_CHARS;
export const LOOP_REPEATS = 3;

/** spec 001 §1, §9: what the prompts ask of a reply. */
export const PROMPT_REPLY_LIMIT = 800;

/** spec 001 §9: prompt context and how much of each earlier message it keeps. */
export const CONTEXT_MESSAGES: Record<ModelProvider, number> = DEBATE_CONTEXT_MESSAGES;
export const EARLIER_MESSAGE_CHARS = { debate: 100, synthesis: 200 } as const;

/**
 * The model calls one debate makes (spec 001 §4): one per turn; a synthesis adds the analysis of
 * its hidden debate, a debate or a challenge its judge's two runs (issue 26 §1). The gateway
 * charges no more than this to a debate's id.
 */
export const debateModelCalls = (mode: DebateMode, length: number) => length + (mode === "synthesis" ? 1 : DEBATE_JUDGE_RUNS.length);

/** spec 001 §4: turns alternate A then B, starting with A at turn 0. */
export const speakerOfTurn: (turn: number) => Speaker = sideOfTurn;

export const clampLength = (length: number) =>
  Math.min(DEBATE_LENGTH.max, Math.max(DEBATE_LENGTH.min, Math.round(Number.isFinite(length) ? length : DEBATE_LENGTH.default)));

/**
 * spec 001 §4, §9: "opposizione up to floor(n/3), riflessione up to floor(2n/3), sintesi for the
 * rest", boundaries floor(n/3), floor(2n/3), n. Turns count from 0 and each boundary is where the
 * next phase begins (exclusive "up to"), so the three phases are as even as n allows and the last
 * boundary, n, is where the debate ends: n = 6 → 2/2/2 turns, n = 20 → 6/7/7, n = 200 → 66/67/67.
 * The inclusive reading would give n = 6 a 3/2/1 split, with one model alone in the sintesi.
 */
export function debatePhase(turn: number, length: number): DebatePhase {
  if (turn < Math.floor(length / 3)) return "opposizione";
  if (turn < Math.floor((2 * length) / 3)) return "riflessione";
  return "sintesi";
}

export type SamplingPreset = { temperature: number; top_p: number; max_tokens: number };

/** spec 001 §9: assertive 0.8/0.9, reflective 0.7/0.8, synthesis 0.9/0.9, max_tokens 1000. */
export const PHASE_PRESETS: Record<DebatePhase, SamplingPreset> = {
  opposizione: { temperature: 0.8, top_p: 0.9, max_tokens: 1000 },
  riflessione: { temperature: 0.7, top_p: 0.8, max_tokens: 1000 },
  sintesi: { temperature: 0.9, top_p: 0.9, max_tokens: 1000 },
};

/**
 * The analysis that closes a synthesis has no preset in the spec. It writes five sections, one
 * with a full plan, so it needs more room than a turn; sampling is the reflective one.
 */
export const ANALYSIS_PRESET: SamplingPreset = { temperature: 0.7, top_p: 0.8, max_tokens: 3000 };
