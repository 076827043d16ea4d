import { citedPassageSchema } from "./cited-passage";
import { z } from "./zod";
import { storableString } from "./text";

// issue 26 §2: a debate argued from the customer's own documents. The client names one of its
// indexes in each call (`documents`); for every turn the SERVER retrieves passages from it, puts
// them numbered in the prompt it builds, and after the answer checks each quote the side cited
// [n] against passage n, as RAG citations are checked. The passages and the quotes' verdicts
// reach the client inside the answer's stream as two named events (SSE `event:` lines), before
// and after the OpenAI-shaped deltas: a reader of deltas alone (chat-core's) skips them. Nothing
// of it is stored: the verdicts are sealed by the server, so that the judge's call — which
// carries them back — can count only quotes the server itself verified.

const invalidCall = "Richiesta del dibattito non valida";

/** An index name as the RAG engine names indexes (lower case, digits, dot, dash, underscore). */
export const DEBATE_INDEX_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** 'Basati sui documenti': the index every turn of the debate reads from. */
export const debateDocumentsSchema = z.strictObject({
  index: z.string({ error: invalidCall }).regex(DEBATE_INDEX_NAME, "Indice non valido"),
});
export type DebateDocuments = z.infer<typeof debateDocumentsSchema>;

/** The passages one turn reads: few, so that the prompt stays short and each can be quoted. */
export const DEBATE_PASSAGES_PER_TURN = 4;
/** The quotes of one turn that are checked (a reply of at most 2000 characters holds few). */
export const DEBATE_QUOTES_PER_TURN = 12;
/** A quote is a phrase or a sentence of a passage, not a copy of it. */
export const DEBATE_QUOTE_MAX_CHARS = 400;

/**
 * What the server found of a quote: in passage n and supporting its sentence (`verified`), not in
 * the passage it cites, or no such passage (`notFound`), or in it but its sentence claims more
 * than the passage says (`unsupported`).
 */
export const QUOTE_STATUSES = ["verified", "notFound", "unsupported"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const checkedQuoteSchema = z.strictObject({
  n: z.number({ error: invalidCall }).int(invalidCall).min(1, invalidCall).max(999, invalidCall),
  text: storableString({ error: invalidCall }).min(1, invalidCall).max(DEBATE_QUOTE_MAX_CHARS, invalidCall),
  status: z.enum(QUOTE_STATUSES, { error: invalidCall }),
});
export type CheckedQuote = z.infer<typeof checkedQuoteSchema>;

/** A seal is an HMAC-SHA256 in base64url. */
const SEAL = /^[A-Za-z0-9_-]{43}$/;

const seal = z.string({ error: invalidCall }).regex(SEAL, invalidCall);

/**
 * A turn's checked quotes, and the server's seal on their verdicts (in order) for this debate and
 * turn: `event: debate-quotes`, after the answer.
 */
export const turnQuotesSchema = z.strictObject({
  quotes: z.array(checkedQuoteSchema).max(DEBATE_QUOTES_PER_TURN, invalidCall),
  seal,
});
export type TurnQuotes = z.infer<typeof turnQuotesSchema>;

/**
 * What the judge's call carries of a turn's quotes: their verdicts, in order, under the seal the
 * server gave them — the quotes themselves are in the turn's words.
 */
export const sealedVerdictsSchema = z.strictObject({
  statuses: z.array(z.enum(QUOTE_STATUSES, { error: invalidCall })).max(DEBATE_QUOTES_PER_TURN, invalidCall),
  seal,
});
export type SealedVerdicts = z.infer<typeof sealedVerdictsSchema>;

/** The named events of a debate turn's stream. */
export const DEBATE_STREAM_EVENTS = { passages: "debate-passages", quotes: "debate-quotes" } as const;

/** `event: debate-passages`, before the answer: the passages the turn was given, numbered from 1 (issue 38 §1: cited passages, as a RAG answer's). */
export const debatePassagesEventSchema = z.object({ index: z.string(), passages: z.array(citedPassageSchema) });
export type DebatePassagesEvent = z.infer<typeof debatePassagesEventSchema>;
