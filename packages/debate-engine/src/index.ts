export { cleanMessage, cutTo } from "./cleaning";
export { isGenerating, isLengthLocked, transition } from "./debate-machine";
export { analysisCall, debatePrompt, turnCall, turnRole } from "./debate-request";
export type { Intervention, TurnContext, TurnRole } from "./debate-request";
export type { DebateModelRequest } from "./model-request";
export { comparable, quoteCounts, quoteFound, quotesIn, withoutCitationMarks } from "./debate-quotes";
export type { TurnEvidence, TurnQuote } from "./debate-quotes";
export { createDebateSession } from "./debate-session";
export type { DebateSession, HeldTurn } from "./debate-session";
export { cardMarker, debateDefaultsFrom, initialDebateState, interventionsOf, judgedInterventionsOf } from "./debate-state";
export type {
  ActiveDebate,
  DebateCard,
  DebateCardMessage,
  DebateDefaults,
  DebateEffect,
  DebateEvent,
  DebateJudgement,
  DebateMessage,
  DebateNotice,
  DebateSettings,
  DebateSpeech,
  DebateState,
  DebateStatus,
  DebateSynthesis,
  StreamingReply,
  SynthesisProgress,
  SynthesisStage,
  Transition,
} from "./debate-state";
export { asKeptDebate, keptDebateCreatedAt, keptDebateId, keptDebateOf } from "./kept-debate";
export type { KeptDebate, KeptDebateRecord, KeptSynthesis } from "./kept-debate";
export { keptDebateMarkdown, keptDebateMessages, keptDebatePdf, voteText } from "./kept-debate-text";
export { debatePdf, debatePdfFileName, synthesisPdf, synthesisPdfFileName } from "./debate-pdf";
export { canSendFeedback, debateFeedback, httpDebateFeedback } from "./feedback";
export type { FeedbackAnswers, SendFeedback } from "./feedback";
export { httpDebatePorts } from "./http-ports";
export { CRITERION_LABELS, formatJudgeRun, JUDGE_CRITERIA, JudgeFormatError, parseJudgeRun, SCORE_RANGE } from "./judge-format";
export type { CriterionScore, JudgeCriterion, JudgedSide, JudgeRunReport, Lato, LatoVerdict } from "./judge-format";
export { closingQuestion, quoteTally, replyMeasure, shareScore, verifiedQuotes } from "./judge-measures";
export type { QuoteTally, ReplyMeasure } from "./judge-measures";
export { anonymise, JUDGE_PRESET, judgeCall, judgePrompt, judgeQuotable, latoOf, sideOfLato } from "./judge-request";
export type { JudgedIntervention } from "./judge-request";
export { runVerdict, scorecardOf, scoreText, verdictText } from "./scorecard";
export type { JudgeAgreement, JudgedQuote, ScoredSide, Scorecard, SideVerdict } from "./scorecard";
export { guardChunk } from "./loop-guard";
export type { GuardStep, LoopGuard } from "./loop-guard";
export { debateMessages } from "./messages";
export { systemTime } from "./ports";
export type { DebatePorts, HeldCall, ModelCall, ModelPiece, StartDebateResult } from "./ports";
export { documentRules, FOLLOW_UP_STYLES, followUpStyle, OPENING_INSTRUCTION, passageLines, PHASE_PROMPTS, phasePrompt } from "./prompts";
export type { PromptPassage } from "./prompts";
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
} from "./rules";
export type { DebateMode, DebatePhase, Provider, SamplingPreset, Speaker } from "./rules";
export { watchDebateQuota } from "./quota-watch";
export {
  debatePreview,
  selectCanPlayNext,
  selectIsLengthLocked,
  selectPhase,
  selectShownMessages,
  selectStatusBadge,
  selectSynthesisProgress,
} from "./selectors";
export type { DebatePreview } from "./selectors";
export { analysisPrompt, formatSynthesisAnalysis, parseSynthesisAnalysis } from "./synthesis";
export type { SynthesisAnalysis, SynthesisProposal } from "./synthesis";
export { debateSubject, splitTopic } from "./topic";
export type { DebateInput, DebateSubject } from "./topic";
