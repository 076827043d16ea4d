import { z } from "zod";
import { API_PATHS, type ApiPath, type ParametersOf } from "./api-paths";
import * as account from "./schemas/account";
import { billingSubscriptionSchema, paymentMethodPageSchema, planChangePreviewSchema, planChangeRequestSchema } from "./schemas/billing";
import * as forms from "./schemas/forms";
import * as library from "./schemas/rag-library";
import * as rag from "./schemas/rag";
import * as service from "./schemas/service";
import { checkoutRequestSchema } from "./schemas/checkout";
import { debateIncrementSchema } from "./schemas/debates";
import { modelLeaderboardSchema } from "./schemas/model-leaderboard";
import { modelListSchema } from "./schemas/models";
import { accountDeletedSchema, accountDeletionSchema } from "./schemas/my-data";
import { sellerSchema } from "./schemas/seller";
import { settingsAnswerSchema, settingsUpdateSchema } from "./schemas/settings";
import { subscriptionStatusResponseSchema } from "./schemas/subscription";
import { webVitalsReportSchema } from "./schemas/web-vitals";

// Issue 53 §2, contracts once: each JSON route of the API with what it reads and what it answers,
// so a call site names the route (`api.call("billingChange", { body: { plan } })`) and the types
// of its body, its parameters and its answer follow from here, never paired by hand. The addresses
// stay API_PATHS' (the server routes the same table); routes that answer a file or a stream (an
// invoice's PDF, an answer) are called through `api.raw` with their API_PATHS address.

export type ApiRoute = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: ApiPath;
  /** The JSON body the route reads; a route without one is called without a body. */
  body?: z.ZodType;
  /** The answer's shape, checked on arrival (a mismatch is a ResponseShapeError). */
  response: z.ZodType;
};

/** The body of a POST whose address says it all (cancel, reactivate): an empty object. */
const noFields = z.strictObject({});

/** The account and the service: who the caller is, what the server runs. */
const accountRoutes = {
  health: { method: "GET", path: API_PATHS.health, response: service.healthSchema },
  me: { method: "GET", path: API_PATHS.me, response: account.meSchema },
  deleteAccount: { method: "DELETE", path: API_PATHS.me, body: accountDeletionSchema, response: accountDeletedSchema },
  deviceKey: { method: "GET", path: API_PATHS.deviceKey, response: account.deviceKeySchema },
  seller: { method: "GET", path: API_PATHS.seller, response: sellerSchema },
} as const satisfies Record<string, ApiRoute>;

/** The plan: its status, the checkout, and the subscription's management (issue 51). */
const subscriptionRoutes = {
  subscriptionStatus: { method: "GET", path: API_PATHS.subscriptionStatus, response: subscriptionStatusResponseSchema },
  /** The checkout's answer is read by `parseCheckoutSession`, whose Italian message names what is missing. */
  checkoutSession: { method: "POST", path: API_PATHS.checkoutSession, body: checkoutRequestSchema, response: z.unknown() },
  billingSubscription: { method: "GET", path: API_PATHS.billingSubscription, response: billingSubscriptionSchema },
  billingCancel: { method: "POST", path: API_PATHS.billingCancel, body: noFields, response: billingSubscriptionSchema },
  billingReactivate: { method: "POST", path: API_PATHS.billingReactivate, body: noFields, response: billingSubscriptionSchema },
  billingCancelChange: { method: "POST", path: API_PATHS.billingCancelChange, body: noFields, response: billingSubscriptionSchema },
} as const satisfies Record<string, ApiRoute>;

/** Another plan, or another card. */
const planChangeRoutes = {
  billingChangePreview: {
    method: "POST",
    path: API_PATHS.billingChangePreview,
    body: planChangeRequestSchema,
    response: planChangePreviewSchema,
  },
  billingChange: { method: "POST", path: API_PATHS.billingChange, body: planChangeRequestSchema, response: billingSubscriptionSchema },
  billingPaymentMethod: { method: "POST", path: API_PATHS.billingPaymentMethod, body: noFields, response: paymentMethodPageSchema },
} as const satisfies Record<string, ApiRoute>;

/** The settings (issue 34) and the models the gateway serves. */
const settingsRoutes = {
  settings: { method: "GET", path: API_PATHS.settings, response: settingsAnswerSchema },
  saveSettings: { method: "POST", path: API_PATHS.settings, body: settingsUpdateSchema, response: settingsAnswerSchema },
  models: { method: "GET", path: API_PATHS.models, response: modelListSchema },
  connectionReset: {
    method: "POST",
    path: API_PATHS.connectionReset,
    body: service.resetRequestSchema,
    response: service.resetResponseSchema,
  },
} as const satisfies Record<string, ApiRoute>;

/** The debate's count, the vote and the feedback; the site's forms. */
const debateAndFormRoutes = {
  debateIncrement: { method: "POST", path: API_PATHS.debateIncrement, response: debateIncrementSchema },
  debateVote: { method: "POST", path: API_PATHS.debateVote, body: forms.debateVoteSchema, response: forms.debateVoteReceiptSchema },
  debateFeedback: {
    method: "POST",
    path: API_PATHS.debateFeedbackForm,
    body: forms.debateFeedbackSchema,
    response: forms.formReceiptSchema,
  },
  contactForm: { method: "POST", path: API_PATHS.contactForm, body: forms.contactFormSchema, response: forms.formReceiptSchema },
  enterpriseForm: { method: "POST", path: API_PATHS.enterpriseForm, body: forms.enterpriseFormSchema, response: forms.formReceiptSchema },
  indexRequestForm: { method: "POST", path: API_PATHS.indexRequestForm, body: forms.indexRequestSchema, response: forms.formReceiptSchema },
} as const satisfies Record<string, ApiRoute>;

/** RAG: the indexes a user may ask, a cited passage, and the firm's own library (issue 48). */
const ragRoutes = {
  indicesList: { method: "GET", path: API_PATHS.indicesList, response: service.indicesListSchema },
  ragPassage: { method: "GET", path: API_PATHS.ragPassage, response: rag.ragPassageSchema },
  libraryIndexes: { method: "GET", path: API_PATHS.libraryIndexes, response: library.libraryIndexesSchema },
  createLibraryIndex: {
    method: "POST",
    path: API_PATHS.libraryIndexes,
    body: library.libraryIndexCreateSchema,
    response: library.libraryIndexSchema,
  },
  libraryDocuments: { method: "GET", path: API_PATHS.libraryDocuments, response: library.libraryDocumentsSchema },
  addLibrarySite: {
    method: "POST",
    path: API_PATHS.librarySites,
    body: library.librarySiteCreateSchema,
    response: library.librarySiteSchema,
  },
  syncLibrarySite: { method: "POST", path: API_PATHS.librarySiteSync, response: library.librarySiteSchema },
} as const satisfies Record<string, ApiRoute>;

/** The administrator's reports and the indexing requests (issue 34). */
const adminRoutes = {
  modelLeaderboard: { method: "GET", path: API_PATHS.modelLeaderboard, response: modelLeaderboardSchema },
  webVitalsReport: { method: "GET", path: API_PATHS.webVitalsReport, response: webVitalsReportSchema },
  indexRequests: { method: "GET", path: API_PATHS.indexRequests, response: rag.indexRequestListSchema },
  indexRequestIndexing: { method: "POST", path: API_PATHS.indexRequestIndexing, response: rag.indexBuildSchema },
  /** The same build, followed until its report. */
  indexRequestBuild: { method: "GET", path: API_PATHS.indexRequestIndexing, response: rag.indexBuildSchema },
} as const satisfies Record<string, ApiRoute>;

export const API_ROUTES = {
  ...accountRoutes,
  ...subscriptionRoutes,
  ...planChangeRoutes,
  ...settingsRoutes,
  ...debateAndFormRoutes,
  ...ragRoutes,
  ...adminRoutes,
};

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;

/** The body a route reads, typed from its schema; none for a route that reads none. */
type BodyOf<Route> = Route extends { body: infer Body extends z.ZodType } ? { body: z.input<Body> } : { body?: undefined };
/** The parameters its address names (`:id` → `{ params: { id } }`); none for a fixed address. */
type ParamsOf<Route extends ApiRoute> = [ParametersOf<Route["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParametersOf<Route["path"]>, string | number> };

/** What a call to route `Name` is given: its body and parameters, a query, and the usual options. */
export type RouteInput<Name extends RouteName> = BodyOf<ApiRoutes[Name]> &
  ParamsOf<ApiRoutes[Name]> & {
    query?: Record<string, string>;
    signal?: AbortSignal;
    timeoutMs?: number;
    headers?: Record<string, string>;
  };

/** A route whose input is all optional is called with its name alone: `api.call("me")`. */
export type RouteArguments<Name extends RouteName> =
  object extends RouteInput<Name> ? [input?: RouteInput<Name>] : [input: RouteInput<Name>];

/** What route `Name` answers, as its schema reads it. */
export type RouteAnswer<Name extends RouteName> = z.output<ApiRoutes[Name]["response"]>;
