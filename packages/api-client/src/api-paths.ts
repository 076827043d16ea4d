// DESIGN.md §3: every address of the product's API, one table for the server that routes them and
// the apps and packages that call them (issue 24) — a renamed route changes here and nowhere else.
// A `:name` part is a parameter: the server routes the pattern, a caller fills it with `apiPath`.

export const API_PATHS = {
  health: "/api/health",
  /** GET: the profile; DELETE (issue 36 §8): deletes the caller's account, with `accountDeletionSchema`'s confirmation. */
  me: "/api/me",
  deviceKey: "/api/me/device-key",
  /** Issue 36 §8: everything the server holds about the caller, as a JSON download. */
  myData: "/api/me/data",
  plans: "/api/plans",
  subscriptionStatus: "/api/subscription/status",
  checkoutSession: "/api/checkout/session",
  billingWebhook: "/api/billing/webhook",
  /** Issue 51: the caller's subscription and invoices; cancel, reactivate, change plan; an invoice's PDF. */
  billingSubscription: "/api/billing/subscription",
  billingCancel: "/api/billing/subscription/cancel",
  billingReactivate: "/api/billing/subscription/reactivate",
  billingChangePreview: "/api/billing/subscription/change-preview",
  billingChange: "/api/billing/subscription/change",
  /** Withdraws a downgrade scheduled for the period's end. */
  billingCancelChange: "/api/billing/subscription/cancel-change",
  billingInvoicePdf: "/api/billing/invoices/:id/pdf",
  /** 'Aggiorna il metodo di pagamento': the provider's page for another card, as `{url}`. */
  billingPaymentMethod: "/api/billing/subscription/payment-method",
  /** Issue 51 §6: the seller and the data controller, for the privacy page, the terms and the footer. */
  seller: "/api/seller",
  settings: "/api/settings",
  models: "/groq/models",
  chatCompletions: "/groq/chat/completions",
  connectionReset: "/api/ollama/reset",
  debateIncrement: "/api/debates/increment",
  debateCalls: "/api/debates/calls",
  /** Issue 26 §3, issue 53 §2: 'Chi ti ha convinto di più?' — the user's vote on a debate played to its end. */
  debateVote: "/api/debates/vote",
  modelLeaderboard: "/api/admin/model-leaderboard",
  ocrExtractPdf: "/api/ocr/extract-pdf",
  indicesList: "/api/indices/list",
  askStream: "/api/ask-stream",
  /** Issue 35 §2: an answer in progress, resumed (GET, with Last-Event-ID) or stopped (DELETE). */
  answerStream: "/api/streams/:streamId",
  ragPassage: "/api/rag/passages/:chunkId",
  ragOriginal: "/api/rag/documents/:documentId/original",
  /** Issue 48, the firm's own library: its indexes, their documents (uploaded, replaced, removed) and websites. */
  libraryIndexes: "/api/rag/indexes",
  libraryIndex: "/api/rag/indexes/:name",
  libraryDocuments: "/api/rag/indexes/:name/documents",
  libraryDocument: "/api/rag/indexes/:name/documents/:id",
  librarySites: "/api/rag/indexes/:name/sites",
  librarySiteSync: "/api/rag/indexes/:name/sites/:id/sync",
  indexRequests: "/api/admin/index-requests",
  indexRequestIndexing: "/api/admin/index-requests/:id/index",
  contactForm: "/api/forms/contact",
  enterpriseForm: "/api/forms/enterprise",
  indexRequestForm: "/api/forms/index-request",
  debateFeedbackForm: "/api/forms/debate-feedback",
  webVitals: "/api/web-vitals",
  webVitalsReport: "/api/admin/web-vitals",
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** The parameters a route pattern names: "/a/:id/b" → "id". */
export type ParametersOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParametersOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's address with its parameters filled in, each encoded as one path segment. */
export function apiPath<Path extends ApiPath>(path: Path, parameters: Record<ParametersOf<Path>, string | number>): string {
  return filledPath(path, parameters);
}

/** The same for a pattern known only as a string (the route table's call); a missing parameter is an error, never "undefined" in the address. */
export function filledPath(path: string, parameters: Partial<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new TypeError(`${path}: manca il parametro «${name}»`);
    return encodeURIComponent(String(value));
  });
}
