export { API_PATHS, apiPath } from "./api-paths";
export type { ApiPath } from "./api-paths";
export { API_ROUTES } from "./api-routes";
export type { ApiRoute, ApiRoutes, RouteAnswer, RouteArguments, RouteInput, RouteName } from "./api-routes";
export { ASSISTANT_PATHS, isAssistantPath } from "./assistant-paths";
export type { AssistantPath } from "./assistant-paths";
export { createBackendStatus } from "./backend-status";
export type { BackendState, BackendStatus, BackendStatusStore } from "./backend-status";
export { createApiClient } from "./client";
export { askAgainOnceWhenBusy, BUSY_RETRY_MAX_SECONDS, busyWaitSeconds } from "./busy-retry";
export type { BusyRetryOptions, Later } from "./busy-retry";
export { LAST_EVENT_ID_HEADER, RESUMABLE_REQUEST_HEADER, STREAM_ID_HEADER } from "./streams/resume-headers";
export { heldAnswerBody } from "./streams/held-answer";
export type { HeldAnswerBody, HeldAnswerOptions } from "./streams/held-answer";
export { RESUME_WAITS_MS, resumableBody, STOPPED_BY_USER } from "./streams/resumable-body";
export type { ResumeOptions } from "./streams/resumable-body";
export type { ApiClient, ApiClientOptions, RequestOptions } from "./client";
export { HttpError, ResponseShapeError, TimeoutError } from "./errors";
export { deviceKeySchema, meSchema } from "./schemas/account";
export {
  LIBRARY_DOCUMENT_STATES,
  LIBRARY_INDEX_LABEL_MAX,
  libraryDocumentSchema,
  libraryDocumentsSchema,
  libraryIndexCreateSchema,
  libraryIndexesSchema,
  libraryIndexSchema,
  librarySiteCreateSchema,
  librarySiteSchema,
  libraryUploadSchema,
  siteChangesSchema,
} from "./schemas/rag-library";
export type {
  LibraryDocument,
  LibraryDocuments,
  LibraryDocumentState,
  LibraryIndex,
  LibraryIndexCreate,
  LibraryIndexes,
  LibrarySite,
  LibrarySiteCreate,
  LibraryUpload,
  SiteChanges,
} from "./schemas/rag-library";
export type { DeviceKey, Me } from "./schemas/account";
export { ACCOUNT_DELETION_CONFIRMATION, accountDeletedSchema, accountDeletionSchema, myDataSchema } from "./schemas/my-data";
export type { AccountDeleted, AccountDeletion, MyData } from "./schemas/my-data";
export { chatCompletionRequestSchema, OFFLINE_MODEL, OFFLINE_MODEL_LABEL, supportsReasoning } from "./schemas/chat";
export type { ChatCompletionRequest, ChatMessage } from "./schemas/chat";
export { citedPassageSchema, passageSupportSchema } from "./schemas/cited-passage";
export type { CitedPassage, PassageSupport } from "./schemas/cited-passage";
export { checkoutRequestSchema, parseCheckoutSession } from "./schemas/checkout";
export {
  billingSubscriptionSchema,
  invoiceSchema,
  paymentMethodPageSchema,
  planChangePreviewSchema,
  planChangeRequestSchema,
} from "./schemas/billing";
export type { BillingSubscription, Invoice, PlanChangePreview, PlanChangeRequest } from "./schemas/billing";
export { sellerSchema } from "./schemas/seller";
export type { Seller } from "./schemas/seller";
export type { CheckoutRequest, CheckoutSession } from "./schemas/checkout";
export {
  analysedInterventions,
  DEBATE_CONTEXT_MESSAGES,
  DEBATE_JUDGE_QUOTE_CHARS,
  DEBATE_JUDGE_RUNS,
  DEBATE_LENGTH,
  DEBATE_OPTION_MAX_CHARS,
  DEBATE_REPLY_MAX_CHARS,
  DEBATE_THESIS_MAX_CHARS,
  DEBATE_TOPIC_MAX_CHARS,
  debateAnalysisCallSchema,
  debateCallSchema,
  debateIncrementSchema,
  debateJudgeCallSchema,
  debateTurnCallSchema,
  firstSideOfRun,
  interventionSchema,
  sideOfTurn,
} from "./schemas/debates";
export type {
  DebateAnalysisCall,
  DebateCall,
  DebateIncrement,
  DebateJudgeCall,
  DebateJudgeRun,
  DebateMode,
  DebateSide,
  DebateTurnCall,
  Intervention,
} from "./schemas/debates";
export {
  checkedQuoteSchema,
  DEBATE_INDEX_NAME,
  DEBATE_PASSAGES_PER_TURN,
  DEBATE_QUOTE_MAX_CHARS,
  DEBATE_QUOTES_PER_TURN,
  DEBATE_STREAM_EVENTS,
  debateDocumentsSchema,
  debatePassagesEventSchema,
  QUOTE_STATUSES,
  sealedVerdictsSchema,
  turnQuotesSchema,
} from "./schemas/debate-evidence";
export type {
  CheckedQuote,
  DebateDocuments,
  DebatePassagesEvent,
  QuoteStatus,
  SealedVerdicts,
  TurnQuotes,
} from "./schemas/debate-evidence";
export {
  contactFormSchema,
  DEBATE_FEEDBACK_COMMENT_MAX,
  DEBATE_VOTES,
  debateFeedbackSchema,
  debateVoteReceiptSchema,
  debateVoteSchema,
  enterpriseFormSchema,
  formReceiptSchema,
  indexRequestSchema,
  urlLines,
} from "./schemas/forms";
export type {
  ContactForm,
  DebateFeedback,
  DebateVote,
  DebateVoteRequest,
  EnterpriseForm,
  FormReceipt,
  IndexRequestForm,
} from "./schemas/forms";
export {
  chatModelChoices,
  DEBATE_JUDGE_MODELS,
  DEFAULT_MODEL,
  DEFAULT_PROVIDER,
  judgeModelBeside,
  LISTED_MODELS,
  modelListSchema,
  RAG_MODELS,
  SELECTABLE_CHAT_MODELS,
} from "./schemas/models";
export type { ChatModel, ChatModelChoices, DebateJudgeModel, ModelList, RagModel } from "./schemas/models";
export { modelLeaderboardSchema } from "./schemas/model-leaderboard";
export type { ModelLeaderboard, ModelStanding } from "./schemas/model-leaderboard";
export { planIdSchema, plansResponseSchema, UNLIMITED } from "./schemas/plans";
export type { Plan, PlanId, PlansResponse } from "./schemas/plans";
export {
  healthSchema,
  MODEL_PROVIDER_LABELS,
  MODEL_PROVIDERS,
  indicesListSchema,
  ocrResponseSchema,
  resetRequestSchema,
  resetResponseSchema,
  runtimeConfigSchema,
} from "./schemas/service";
export type {
  Health,
  IndexDetail,
  ModelProvider,
  IndicesList,
  OcrResponse,
  ResetRequest,
  ResetResponse,
  RuntimeConfig,
} from "./schemas/service";
export { citationGroupNumbers, citationNumbersIn, citationPattern, sourceOfCitation, withSingleWarning } from "./citations";
export { contextUsage, RAG_SUMMARY_MESSAGES, ragConversationSummary } from "./conversation-measures";
export {
  INDEX_REQUESTS_PAGE,
  indexLabel,
  indexRequestListQuerySchema,
  indexRequestListSchema,
  indexRequestReportSchema,
  indexBuildSchema,
  MAX_NOTE_NUMBER,
  RAG_CITATION_WARNING,
  RAG_CONTEXT_CHARS,
  RAG_CONTEXT_WARNING_PERCENT,
  RAG_MAX_HISTORY_CHARS,
  RAG_MAX_CITED_PASSAGES,
  RAG_MAX_HISTORY_MESSAGES,
  RAG_PRESET,
  ragAskQuerySchema,
  RAG_KNOBS,
  RAG_REQUEST_KNOBS,
  ragAskRequestSchema,
  ragOptionsOf,
  ragRequestKnobs,
  ragPassageSchema,
  withRequestKnobs,
} from "./schemas/rag";
export type {
  IndexBuild,
  IndexRequestList,
  IndexRequestReport,
  IndexRequestSummary,
  RagAskRequest,
  RagOptions,
  RagRequestKnob,
  RagRequestKnobs,
  RagHistoryMessage,
  RagPassage,
  RagSettingKey,
} from "./schemas/rag";
export {
  DEFAULT_RAG_SYSTEM_PROMPT,
  defaultSettings,
  mergeSettings,
  settingsAnswerSchema,
  settingsSchema,
  settingsUpdateSchema,
} from "./schemas/settings";
export type { Settings, SettingsAnswer } from "./schemas/settings";
export { SETTINGS_FIELDS } from "./schemas/settings-fields";
export type { BoundedSettingsKey, LabelFacts, NumberFacts, SettingsFieldKey, TextFacts } from "./schemas/settings-fields";
export { subscriptionStatusResponseSchema } from "./schemas/subscription";
export type { SubscriptionStatus } from "./schemas/subscription";
export { readModelStream } from "./streams/model-stream";
export type { ModelDelta, ModelStreamOptions } from "./streams/model-stream";
export { readProductStream, StreamError } from "./streams/product-stream";
export type { StreamChunk, StreamReadOptions } from "./streams/product-stream";
export { WEB_VITAL_METRICS, WEB_VITAL_PAGES, webVitalPage, webVitalSchema, webVitalsReportSchema } from "./schemas/web-vitals";
export type { WebVital, WebVitalMetric, WebVitalPage, WebVitalsReport } from "./schemas/web-vitals";
export { startWebVitalsReporter } from "./web-vitals-reporter";
export type { WebVitalsLibrary, WebVitalsReporterOptions } from "./web-vitals-reporter";
