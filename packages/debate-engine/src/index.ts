// The debate as the browser plays it: the machine, its session and ports, on the protocol below.
export * from "./protocol/index";
export { isGenerating, isLengthLocked, transition } from "./debate-machine";
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
export type { KeptDebate, KeptDebateRecord, KeptSynthesis } from "./debate-state";
export { keptDebateMarkdown, keptDebateMessages, keptDebatePdf, voteText } from "./kept-debate-text";
export { debatePdf, debatePdfFileName, synthesisPdf, synthesisPdfFileName } from "./debate-pdf";
export { canSendFeedback, debateFeedback, httpDebateFeedback } from "./feedback";
export type { FeedbackAnswers, SendFeedback } from "./feedback";
export { httpDebatePorts } from "./http-ports";
export { guardChunk } from "./loop-guard";
export type { GuardStep, LoopGuard } from "./loop-guard";
export { debateMessages } from "./messages";
export { systemTime } from "./ports";
export type { DebatePorts, HeldCall, ModelCall, ModelPiece, StartDebateResult } from "./ports";
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
export { debateSubject, splitTopic } from "./topic";
export type { DebateInput, DebateSubject } from "./topic";
