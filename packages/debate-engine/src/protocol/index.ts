// @oystar/debate-engine/protocol (issue 38 §4): what the server and the browser agree on — the
// calls and their prompts, the quotes, the judge's format and measures, the synthesis, the rules —
// apart from the browser's machine, session and React bindings, so the server imports only this.
export { callHeaderFields } from "../call-header";
export type { CallHeader } from "../call-header";
export { cleanMessage, cutTo } from "../cleaning";
export { analysisCall, debatePrompt, turnCall, turnRole } from "../debate-request";
export type { Intervention, TurnContext, TurnRole } from "../debate-request";
export type { DebateModelRequest } from "../model-request";
export { comparable, quoteCounts, quoteFound, quotesIn, withoutCitationMarks } from "../debate-quotes";
export type { TurnEvidence, TurnQuote } from "../debate-quotes";
export { CRITERION_LABELS, formatJudgeRun, JUDGE_CRITERIA, JudgeFormatError, parseJudgeRun, SCORE_RANGE } from "../judge-format";
export type { CriterionScore, JudgeCriterion, JudgedSide, JudgeRunReport, Lato, LatoVerdict } from "../judge-format";
export { closingQuestion, quoteTally, replyMeasure, shareScore, verifiedQuotes } from "../judge-measures";
export type { QuoteTally, ReplyMeasure } from "../judge-measures";
export { anonymise, JUDGE_PRESET, judgeCall, judgePrompt, judgeQuotable, latoOf, sideOfLato } from "../judge-request";
export type { JudgedIntervention } from "../judge-request";
export { combinedScores, meanScore, scoresOf, VERDICT_MARGIN, verdictOfScores } from "../judge-verdict";
export type { SideScores, VerdictReckoning } from "../judge-verdict";
export {
  debateVerdict,
  runScores,
  runVerdict,
  scorecardOf,
  scorecardReckoning,
  scoreText,
  verdictExplanation,
  verdictText,
} from "../scorecard";
export type { JudgeAgreement, JudgedQuote, ScoredSide, Scorecard, SideVerdict } from "../scorecard";
export { documentRules, FOLLOW_UP_STYLES, followUpStyle, OPENING_INSTRUCTION, passageLines, PHASE_PROMPTS, phasePrompt } from "../prompts";
export type { PromptPassage } from "../prompts";
export {
  ANALYSIS_PRESET,
  AUTO_CONTINUE_DELAY_MS,
  clampLength,
  CONTEXT_MESSAGES,
  DEBATE_LENGTH,
  debateModelCalls,
  debatePhase,
  EARLIER_MESSAGE_CHARS,
  LOOP_REPEATS,
  PHASE_PRESETS,
  PREVENTIVE_RESET_EVERY,
  PROMPT_REPLY_LIMIT,
  REPLY_CAP_CHARS,
  speakerOfTurn,
} from "../rules";
export type { DebateMode, DebatePhase, SamplingPreset, Speaker } from "../rules";
export { analysisPrompt, formatSynthesisAnalysis, parseSynthesisAnalysis } from "../synthesis";
export type { SynthesisAnalysis, SynthesisProposal } from "../synthesis";
