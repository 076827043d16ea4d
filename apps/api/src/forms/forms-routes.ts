import { contactFormSchema, enterpriseFormSchema, indexRequestSchema } from "@oystar/api-client";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import type { SignedInVariables } from "../auth/require-user";
import type { Database } from "../db/database";

type Kind = "contact" | "enterprise" | "index-request";

/** A form is a few kilobytes; anything bigger is not a person filling it in. */
const MAX_FORM_BYTES = 64 * 1024;
const FORWARD_TIMEOUT_MS = 5000;

/** spec 000 §7: the subject line holds the requester's name (and the index name). */
const subjects: Record<Kind, (fields: Record<string, unknown>) => string> = {
  contact: (fields) => `Contatto da ${fields.name}`,
  enterprise: (fields) => `Richiesta Enterprise da ${fields.name}`,
  "index-request": (fields) => `Richiesta di indicizzazione "${fields.indexName}" da ${fields.name}`,
};

/** POST /api/forms/{contact,enterprise} (public) and /api/forms/index-request (signed-in). */
export function formRoutes(db: Database, forwardUrl: string | null) {
  const app = new Hono<{ Variables: Partial<SignedInVariables> }>();
  const limit = bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.json({ error: "Il modulo è troppo lungo." }, 413) });

  const handler = (kind: Kind, schema: z.ZodType<Record<string, unknown>>) => async (c: Context<{ Variables: Partial<SignedInVariables> }>) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return c.json({ error: first?.message ?? "Modulo non valido", field: first?.path.join(".") }, 400);
    }
    const { website: _honeypot, ...fields } = parsed.data;
    const subject = subjects[kind](fields);
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO form_submissions (kind, subject, fields, user_id) VALUES ($1, $2, $3, $4) RETURNING id::text",
      [kind, subject, JSON.stringify(fields), c.get("user")?.id ?? null],
    );
    const id = row?.id ?? "";
    if (forwardUrl) await forward(db, forwardUrl, id, { ...fields, subject });
    return c.json({ ok: true as const, id }, 201);
  };

  app.post("/api/forms/contact", limit, handler("contact", contactFormSchema));
  app.post("/api/forms/enterprise", limit, handler("enterprise", enterpriseFormSchema));
  app.post("/api/forms/index-request", limit, handler("index-request", indexRequestSchema as z.ZodType<Record<string, unknown>>));
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
    console.error(`Inoltro del modulo ${id} non riuscito: ${(error as Error).message}`);
  }
}
