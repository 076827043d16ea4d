import { z } from "./zod";

// Issue 36 §8, DESIGN.md §7: 'I miei dati' — everything the server holds about an account, as one
// JSON file — and the account's deletion. The server builds the file with these shapes and the
// apps read it with them, so what the privacy page says is kept is what the file lists.

const timestamp = z.string();
const planId = z.enum(["free", "base", "pro", "business", "enterprise"]);

/** The one value DELETE /api/me takes: an accidental or forged-by-habit call deletes nothing. */
export const ACCOUNT_DELETION_CONFIRMATION = "ELIMINA IL MIO ACCOUNT";
export const accountDeletionSchema = z.strictObject({
  confirmation: z.literal(ACCOUNT_DELETION_CONFIRMATION, {
    error: `Per eliminare l'account conferma con «${ACCOUNT_DELETION_CONFIRMATION}».`,
  }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** What DELETE /api/me answers once the account is gone: what went with it. */
export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  subscriptionsCancelled: z.number().int().nonnegative(),
  formsDeleted: z.number().int().nonnegative(),
  debatesDeleted: z.number().int().nonnegative(),
  indexesDeleted: z.number().int().nonnegative(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

export const myDataSchema = z.object({
  exportedAt: timestamp,
  account: z.object({
    id: z.string(),
    /** The identity provider's name for the account (its `sub`). */
    subject: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    picture: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  subscription: z.object({
    plan: planId,
    /** When the payment that set the current plan was made; null for a plan never paid here. */
    paidAt: timestamp.nullable(),
    checkouts: z.array(z.object({ id: z.string(), plan: z.string(), status: z.string(), createdAt: timestamp })),
    /** Issue 51: the running subscription as the provider's events left it; null when there is none. */
    running: z
      .object({
        plan: planId,
        status: z.string(),
        currentPeriodEnd: timestamp.nullable(),
        cancelAtPeriodEnd: z.boolean(),
        scheduledPlan: planId.nullable(),
        cardLast4: z.string().nullable(),
        paymentFailed: z.boolean(),
      })
      .nullable(),
    /** Issue 51: the invoices — date, amount and VAT in cents, status. */
    invoices: z.array(z.object({ id: z.string(), createdAt: timestamp, totalCents: z.number(), vatCents: z.number(), status: z.string() })),
  }),
  /** Questions and debates counted per calendar month (UTC). */
  usage: z.array(z.object({ month: z.string(), queriesUsed: z.number(), debatesUsed: z.number() })),
  /** The debates started: counters, the two models' names, verdicts and the vote — never their text. */
  debates: z.array(
    z.object({
      id: z.string(),
      createdAt: timestamp,
      mode: z.string().nullable(),
      length: z.number().nullable(),
      turnsUsed: z.number(),
      modelA: z.string().nullable(),
      modelB: z.string().nullable(),
      offline: z.boolean(),
      judgeFirst: z.string().nullable(),
      judgeSecond: z.string().nullable(),
      vote: z.string().nullable(),
    }),
  ),
  /** Forms sent signed in (indexing requests and debate feedback among them), as stored. */
  forms: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      fields: z.record(z.string(), z.unknown()),
      accountEmail: z.string().nullable(),
      createdAt: timestamp,
      forwardedAt: timestamp.nullable(),
      /** An indexing request the admin has worked on: its outcome. */
      indexing: z.object({ status: z.string(), indexName: z.string().nullable(), ranAt: timestamp }).nullable(),
    }),
  ),
  /** The account's own RAG indexes and the documents in them (their text is the documents' own). */
  indexes: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      bytes: z.number(),
      chunkCount: z.number(),
      createdAt: timestamp,
      documents: z.array(
        z.object({ filename: z.string(), title: z.string(), url: z.string().nullable(), bytes: z.number(), createdAt: timestamp }),
      ),
    }),
  ),
  /** Per-account rate windows (how many times an action was done in the current window). */
  limits: z.array(z.object({ action: z.string(), windowStart: timestamp, attempts: z.number() })),
  /** Whether a key for the conversations kept on the device exists; the key itself is not in the file. */
  deviceKey: z.object({ exists: z.boolean(), createdAt: timestamp.nullable() }),
});
export type MyData = z.infer<typeof myDataSchema>;
