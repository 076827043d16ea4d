import { DEBATE_QUOTES_PER_TURN, type CheckedQuote, type QuoteStatus } from "@oystar/api-client";
import { cutTo, quoteFound, quotesIn } from "@oystar/debate-engine/protocol";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { sharedSecret } from "../db/shared-secret";
import type { QuestionCalls } from "../llm/model-answer";
import { complete } from "../rag";
import { claimOf, sharesSubject } from "./claim-subject";

// issue 26 §2: a turn's quotes checked against the passages it was given: a quote must be the
// passage's own words, and — issue 52 §2 — the passage must be about what the claim the quote is
// attached to says (claim-subject.ts): a quote found word for word in a passage about something
// else is 'Citazione non pertinente', and 'Prove' counts it for nothing. With a model connected the
// model reads each claim beside its passage; without one the check is lexical. The verdicts go to
// the client sealed (an HMAC with a secret of the deployment): the judge's call carries them back
// and the server trusts only its own seal, so 'Prove' counts quotes the server verified — and
// nothing of the debate is kept to do it.

/** A passage a turn was given, under the number the turn cites it by (its position, from 1). */
export type QuotedPassage = { chunkId: string; text: string; title?: string };

/** A claim and the passage its quote comes from. */
export type ClaimAndPassage = { claim: string; passage: QuotedPassage };

/** Whether each passage is about its claim's subject, in order. */
export type QuoteRelevance = (pairs: readonly ClaimAndPassage[], signal: AbortSignal) => Promise<boolean[]>;

/** Without a model: the share of the claim's words the passage holds (claim-subject.ts). */
export const lexicalRelevance: QuoteRelevance = async (pairs) => pairs.map(({ claim, passage }) => sharesSubject(claim, passage.text));

/** How much of a passage the model reads beside a claim: enough to know what it is about. */
const PASSAGE_CHARS_FOR_MODEL = 900;

/**
 * With a model: one short question for all of a turn's quotes — is each passage about what its
 * claim says? A line it does not answer, or an answer that fails, falls back to the lexical check.
 */
export function modelRelevance(calls: QuestionCalls, model: string): QuoteRelevance {
  return async (pairs, signal) => {
    const lexical = await lexicalRelevance(pairs, signal);
    if (pairs.length === 0) return lexical;
    const prompt = [
      "Per ciascuna coppia qui sotto, dimmi se il passaggio parla dello stesso argomento dell'affermazione e la sostiene.",
      "Rispondi solo con una riga per coppia, nel formato «numero: sì» oppure «numero: no».",
      ...pairs.map(
        ({ claim, passage }, index) =>
          `\n${index + 1}.\nAffermazione: ${claim}\nPassaggio: ${cutTo(passage.text, PASSAGE_CHARS_FOR_MODEL)}`,
      ),
    ].join("\n");
    let answer: string;
    try {
      answer = await complete(calls, model, prompt, 20 + pairs.length * 8, signal);
    } catch {
      return lexical;
    }
    const said = new Map<number, boolean>();
    for (const line of answer.split("\n")) {
      const match = /^\s*(\d{1,2})\s*[:.)-]\s*(s[iì]|no)(?!\p{L})/iu.exec(line);
      const verdict = match?.[2];
      if (match && verdict) said.set(Number(match[1]), /^s/i.test(verdict));
    }
    return lexical.map((byWords, index) => said.get(index + 1) ?? byWords);
  };
}

/** Each quote of the reply (in order, at most DEBATE_QUOTES_PER_TURN) and what was found of it. */
export async function checkQuotes(
  reply: string,
  passages: readonly QuotedPassage[],
  relevance: QuoteRelevance = lexicalRelevance,
  signal: AbortSignal = new AbortController().signal,
): Promise<CheckedQuote[]> {
  const quotes = quotesIn(reply).slice(0, DEBATE_QUOTES_PER_TURN);
  // The names of the turn's sources are no part of a claim (a debater names where a quote comes from).
  const sourceNames = passages.flatMap((passage) => (passage.title ? [passage.title] : []));
  const found = quotes.flatMap((quote, position) => {
    const passage = passages[quote.n - 1];
    return passage && quoteFound(quote.text, passage.text) ? [{ position, claim: claimOf(reply, quote, sourceNames), passage }] : [];
  });
  const pertinent = await relevance(found, signal);
  const statusOf = new Map<number, QuoteStatus>(
    found.map((entry, index) => [entry.position, pertinent[index] ? "verified" : "unsupported"]),
  );
  return quotes.map((quote, position) => ({ n: quote.n, text: quote.text, status: statusOf.get(position) ?? "notFound" }));
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
