import { z } from "zod";
import { API_PATHS, type ApiPath, type ParametersOf } from "./api-paths";
import { deviceKeySchema, meSchema } from "./schemas/account";
import { billingSubscriptionSchema, paymentMethodPageSchema, planChangePreviewSchema, planChangeRequestSchema } from "./schemas/billing";
import { checkoutRequestSchema } from "./schemas/checkout";
import { debateIncrementSchema } from "./schemas/debates";
import {
  contactFormSchema,
  debateFeedbackSchema,
  debateVoteReceiptSchema,
  debateVoteSchema,
  enterpriseFormSchema,
  formReceiptSchema,
  indexRequestSchema,
} from "./schemas/forms";
import { modelLeaderboardSchema } from "./schemas/model-leaderboard";
import { modelListSchema } from "./schemas/models";
import { accountDeletedSchema, accountDeletionSchema } from "./schemas/my-data";
import { indexBuildSchema, indexRequestListSchema, ragPassageSchema } from "./schemas/rag";
import {
  libraryDocumentsSchema,
  libraryIndexCreateSchema,
  libraryIndexesSchema,
  libraryIndexSchema,
  librarySiteCreateSchema,
  librarySiteSchema,
} from "./schemas/rag-library";
import { sellerSchema } from "./schemas/seller";
import { healthSchema, indicesListSchema, resetRequestSchema, resetResponseSchema } from "./schemas/service";
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

export const API_ROUTES = {
  health: { method: "GET", path: API_PATHS.health, response: healthSchema },
  me: { method: "GET", path: API_PATHS.me, response: meSchema },
  deleteAccount: { method: "DELETE", path: API_PATHS.me, body: accountDeletionSchema, response: accountDeletedSchema },
  deviceKey: { method: "GET", path: API_PATHS.deviceKey, response: deviceKeySchema },
  subscriptionStatus: { method: "GET", path: API_PATHS.subscriptionStatus, response: subscriptionStatusResponseSchema },
  /** The checkout's answer is read by `parseCheckoutSession`, whose Italian message names what is missing. */
  checkoutSession: { method: "POST", path: API_PATHS.checkoutSession, body: checkoutRequestSchema, response: z.unknown() },
  billingSubscription: { method: "GET", path: API_PATHS.billingSubscription, response: billingSubscriptionSchema },
  billingCancel: { method: "POST", path: API_PATHS.billingCancel, body: z.object({}), response: billingSubscriptionSchema },
  billingReactivate: { method: "POST", path: API_PATHS.billingReactivate, body: z.object({}), response: billingSubscriptionSchema },
  billingCancelChange: { method: "POST", path: API_PATHS.billingCancelChange, body: z.object({}), response: billingSubscriptionSchema },
  billingChangePreview: {
    method: "POST",
    path: API_PATHS.billingChangePreview,
    body: planChangeRequestSchema,
    response: planChangePreviewSchema,
  },
  billingChange: { method: "POST", path: API_PATHS.billingChange, body: planChangeRequestSchema, response: billingSubscriptionSchema },
  billingPaymentMethod: { method: "POST", path: API_PATHS.billingPaymentMethod, body: z.object({}), response: paymentMethodPageSchema },
  seller: { method: "GET", path: API_PATHS.seller, response: sellerSchema },
  settings: { method: "GET", path: API_PATHS.settings, response: settingsAnswerSchema },
  saveSettings: { method: "POST", path: API_PATHS.settings, body: settingsUpdateSchema, response: settingsAnswerSchema },
  models: { method: "GET", path: API_PATHS.models, response: modelListSchema },
  connectionReset: { method: "POST", path: API_PATHS.connectionReset, body: resetRequestSchema, response: resetResponseSchema },
  debateIncrement: { method: "POST", path: API_PATHS.debateIncrement, response: debateIncrementSchema },
  debateVote: { method: "POST", path: API_PATHS.debateVote, body: debateVoteSchema, response: debateVoteReceiptSchema },
  debateFeedback: { method: "POST", path: API_PATHS.debateFeedbackForm, body: debateFeedbackSchema, response: formReceiptSchema },
  contactForm: { method: "POST", path: API_PATHS.contactForm, body: contactFormSchema, response: formReceiptSchema },
  enterpriseForm: { method: "POST", path: API_PATHS.enterpriseForm, body: enterpriseFormSchema, response: formReceiptSchema },
  indexRequestForm: { method: "POST", path: API_PATHS.indexRequestForm, body: indexRequestSchema, response: formReceiptSchema },
  modelLeaderboard: { method: "GET", path: API_PATHS.modelLeaderboard, response: modelLeaderboardSchema },
  webVitalsReport: { method: "GET", path: API_PATHS.webVitalsReport, response: webVitalsReportSchema },
  indicesList: { method: "GET", path: API_PATHS.indicesList, response: indicesListSchema },
  ragPassage: { method: "GET", path: API_PATHS.ragPassage, response: ragPassageSchema },
  libraryIndexes: { method: "GET", path: API_PATHS.libraryIndexes, response: libraryIndexesSchema },
  createLibraryIndex: { method: "POST", path: API_PATHS.libraryIndexes, body: libraryIndexCreateSchema, response: libraryIndexSchema },
  libraryDocuments: { method: "GET", path: API_PATHS.libraryDocuments, response: libraryDocumentsSchema },
  addLibrarySite: { method: "POST", path: API_PATHS.librarySites, body: librarySiteCreateSchema, response: librarySiteSchema },
  syncLibrarySite: { method: "POST", path: API_PATHS.librarySiteSync, response: librarySiteSchema },
  indexRequests: { method: "GET", path: API_PATHS.indexRequests, response: indexRequestListSchema },
  indexRequestIndexing: { method: "POST", path: API_PATHS.indexRequestIndexing, response: indexBuildSchema },
  /** The same build, followed until its report. */
  indexRequestBuild: { method: "GET", path: API_PATHS.indexRequestIndexing, response: indexBuildSchema },
} as const satisfies Record<string, ApiRoute>;

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
