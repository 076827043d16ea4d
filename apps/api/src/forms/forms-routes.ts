import {
  API_PATHS,
  contactFormSchema,
  debateFeedbackSchema,
  enterpriseFormSchema,
  indexRequestSchema,
  type DebateFeedback,
} from "@oystar/api-client";
import { Hono, type Context } from "hono";
import type { z } from "zod";
import type { Access, SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import { castVote } from "../debates/debate-vote";
import { perAccountLimit } from "../web/account-limit";
import { errorKind, logLine } from "../web/log-line";
import type { AddressLimits } from "../web/address-limit";
import { firstIssueWithField, jsonBody, type JsonBodyInput } from "../web/json-body";
import { bodyCeiling, jsonOnly, QUICK_BODY_MS } from "../web/request-body";
import { MAX_WAITING_INDEX_REQUESTS, storeSubmission, type Kind } from "./form-submissions";
import { formMessages } from "./messages";
import { log } from "../observe/log";

/** A form is a few kilobytes; anything bigger is not a person filling it in. */
const MAX_FORM_BYTES = 64 * 1024;
const FORWARD_TIMEOUT_MS = 5000;
/** A person sends a form or two; a script filling the table is slowed down. */
const PUBLIC_FORMS_PER_MINUTE = 10;
/**
 * issue 22 item 4: per account, in the database (web/account-limit.ts). A debate's feedback is
 * sent once at its end, and an indexing request is rare: a person never meets these.
 */
const DEBATE_FEEDBACK_LIMIT = { action: "debate-feedback", limit: 10, windowSeconds: 10 * 60 };
const INDEX_REQUEST_LIMIT = { action: "index-request", limit: 10, windowSeconds: 60 * 60 };
/** spec 000 §7: the subject line holds the requester's name (and the index name). */
const subjects: Record<Kind, (fields: Record<string, unknown>) => string> = {
  contact: (fields) => `Contatto da ${fields.name}`,
  enterprise: (fields) => `Richiesta Enterprise da ${fields.name}`,
  "index-request": (fields) => `Richiesta di indicizzazione "${fields.indexName}" da ${fields.name}`,
  "debate-feedback": (fields) => `Feedback sul dibattito: ${fields.rating}/5`,
};

/**
 * POST /api/forms/{contact,enterprise} (public), /api/forms/index-request and
 * /api/forms/debate-feedback (signed-in).
 */
export function formRoutes(access: Access, db: Database, forwardUrl: string | null, addressLimits: AddressLimits) {
  const app = new Hono<{ Variables: Partial<SignedInVariables> }>();
  const body = [jsonOnly, bodyCeiling({ maxBytes: MAX_FORM_BYTES, tooLarge: formMessages.tooLong, readTimeoutMs: QUICK_BODY_MS })] as const;
  const publicLimit = addressLimits.perMinute({ action: "public-form", perMinute: PUBLIC_FORMS_PER_MINUTE });

  /**
   * Issue 53 §2: the vote has its own route among the debates' (debates/debate-vote.ts), where the
   * debate screen sends it. debate-engine ≤ 0.2.0 (published) still sends it with the feedback:
   * counted here through the same function, with the same limit and refusals.
   */
  const countVote: BeforeStoring = async (c, fields) => {
    const { debate_id: debateId, preferred_side: vote } = fields as Pick<DebateFeedback, "debate_id" | "preferred_side">;
    const user = c.get("user");
    if (!vote || !debateId || !user) return null;
    return castVote(c, db, user.id, debateId, vote);
  };

  type FormSchema = z.ZodType<Record<string, unknown>>;
  type FormContext = Context<{ Variables: Partial<SignedInVariables> }, string, JsonBodyInput<FormSchema>>;
  /** What a form does before it is stored; a Response refuses it. */
  type BeforeStoring = (c: FormContext, fields: Record<string, unknown>) => Promise<Response | null>;

  /** The form's fields, checked by its schema: the first wrong field is named, in Italian (400). */
  const fieldsOf = (schema: FormSchema) => jsonBody(schema, firstIssueWithField(formMessages.invalid));

  const handler = (kind: Kind, beforeStoring?: BeforeStoring) => async (c: FormContext) => {
    const { website: _honeypot, ...fields } = c.req.valid("json");
    const refused = await beforeStoring?.(c, fields);
    if (refused) return refused;
    const subject = subjects[kind](fields);
    const id = await storeSubmission(db, { kind, subject, fields, user: c.get("user") });
    if (id === null) return c.json({ error: formMessages.tooManyWaiting(MAX_WAITING_INDEX_REQUESTS) }, 409);
    if (forwardUrl) await forward(db, forwardUrl, id, { ...fields, subject });
    return c.json({ ok: true as const, id }, 201);
  };

  app.post(API_PATHS.contactForm, access.public, publicLimit, ...body, fieldsOf(contactFormSchema), handler("contact"));
  app.post(API_PATHS.enterpriseForm, access.public, publicLimit, ...body, fieldsOf(enterpriseFormSchema), handler("enterprise"));
  app.post(
    API_PATHS.indexRequestForm,
    access.signedIn,
    perAccountLimit(db, INDEX_REQUEST_LIMIT),
    ...body,
    fieldsOf(indexRequestSchema as FormSchema),
    handler("index-request"),
  );
  app.post(
    API_PATHS.debateFeedbackForm,
    access.signedIn,
    perAccountLimit(db, DEBATE_FEEDBACK_LIMIT),
    ...body,
    fieldsOf(debateFeedbackSchema as FormSchema),
    handler("debate-feedback", countVote),
  );
  return app;
}

/**
 * Sends the request on to the form-collection service as JSON. A failure is logged (without the
 * fields) and the request stays stored, unforwarded, so nothing is lost.
 */
async function forward(db: Database, url: string, id: string, body: Record<string, unknown>) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    await db.query("UPDATE form_submissions SET forwarded_at = now() WHERE id = $1", [id]);
  } catch (error) {
    log.error({ form: logLine(id), kind: errorKind(error) }, "Inoltro del modulo non riuscito");
  }
}
