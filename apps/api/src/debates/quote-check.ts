import { DEBATE_QUOTES_PER_TURN, type CheckedQuote, type QuoteStatus } from "@oystar/api-client";
import { quoteFound, quotesIn, withoutCitationMarks } from "@oystar/debate-engine/protocol";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { sharedSecret } from "../db/shared-secret";
import { validateCitations, type ValidationSettings } from "../rag/answer/citation-validation";
import type { Embedder } from "../rag/embedder";

// issue 26 §2: a turn's quotes checked against the passages it was given, as RAG citations are
// (rag/citation-validation.ts): a quote must be the passage's own words, and the sentence quoting
// it must be supported by the passage — scored on the RAG's five measures with the admin's
// weights and thresholds. The verdicts go to the client sealed (an HMAC with a secret of the
// deployment): the judge's call carries them back and the server trusts only its own seal, so
// 'Prove' counts quotes the server verified — and nothing of the debate is kept to do it.

/** A passage a turn was given, under the number the turn cites it by (its position, from 1). */
export type QuotedPassage = { chunkId: string; text: string };

/** The sentence around a quote as one cited sentence, whatever it cited: the quote's own full stops would split it. */
const asOneSentence = (sentence: string) =>
  `${withoutCitationMarks(sentence)
    .replace(/[.!?]+(?=\s)/g, ",")
    .trim()} [1]`;

/** Whether the passage supports the sentence that quotes it (the RAG's citation check). */
async function supports(sentence: string, passage: QuotedPassage, embedder: Embedder, settings: ValidationSettings): Promise<boolean> {
  const validation = await validateCitations(
    asOneSentence(sentence),
    [{ noteNumber: 1, chunkId: passage.chunkId, text: passage.text }],
    embedder,
    settings,
  );
  return validation.citations.length > 0 && validation.citations.every((citation) => !citation.weak);
}

/** Each quote of the reply (in order, at most DEBATE_QUOTES_PER_TURN) and what was found of it. */
export async function checkQuotes(
  reply: string,
  passages: readonly QuotedPassage[],
  embedder: Embedder,
  settings: ValidationSettings,
): Promise<CheckedQuote[]> {
  const checked: CheckedQuote[] = [];
  for (const quote of quotesIn(reply).slice(0, DEBATE_QUOTES_PER_TURN)) {
    const passage = passages[quote.n - 1];
    let status: QuoteStatus = "notFound";
    if (passage && quoteFound(quote.text, passage.text))
      status = (await supports(quote.sentence, passage, embedder, settings)) ? "verified" : "unsupported";
    checked.push({ n: quote.n, text: quote.text, status });
  }
  return checked;
}

/** What a seal vouches for: these verdicts, in this order, for this turn of this debate. */
type Sealed = { debateId: string; turn: number; statuses: readonly QuoteStatus[] };

const digest = (secret: string, { debateId, turn, statuses }: Sealed) =>
  createHmac("sha256", secret)
    .update(JSON.stringify([debateId, turn, statuses]))
    .digest();

/** The deployment's sealing secret, made once and shared by every server (db/shared-secret.ts). */
export function quoteSealer(db: Queryable) {
  let secret: Promise<string> | null = null;
  const key = () => {
    secret ??= sharedSecret(db, "debate-quote-seal", async () => randomBytes(32).toString("base64url")).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  return {
    seal: async (sealed: Sealed) => digest(await key(), sealed).toString("base64url"),
    /** Whether `seal` is the server's own for these verdicts (compared in constant time). */
    holds: async (sealed: Sealed, seal: string) => {
      const expected = digest(await key(), sealed);
      const given = Buffer.from(seal, "base64url");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type QuoteSealer = ReturnType<typeof quoteSealer>;
