import {
  citationPattern,
  DEBATE_QUOTE_MAX_CHARS,
  DEBATE_QUOTES_PER_TURN,
  type CheckedQuote,
  type CitedPassage,
  type QuoteStatus,
} from "@oystar/api-client";
import { cutTo, oneLine } from "./cleaning";

// issue 26 §2: the quotes of a turn argued from documents. A side supports a claim with the
// passage's own words between «» (or “” or "") followed by the passage's number: «…» [2]. The
// server reads them with quotesIn and checks each against its passage (apps/api
// debates/quote-check.ts); the bubble shows what it found.

/** A quote as written: the passage it cites, its words, and the sentence that uses it. */
export type TurnQuote = { n: number; text: string; sentence: string };

/** The quoted words, then at most a punctuation mark, then the citation: «…» [2] or «…», [2]. */
const QUOTE = /(?:«([^«»]+)»|“([^“”]+)”|"([^"\n]+)")\s?[,.;:]?\s?\[(\d{1,3})(?:\s*[,;]\s*\d{1,3})*\]/gu;
/** Where a sentence ends, before a quote: its full stop and the space after it, or a line break. */
const SENTENCE_END = /[.!?](?=\s)|\n/g;

/** The sentence around a quote: from the end of the previous one to the quote's citation. */
function sentenceAround(text: string, start: number, end: number): string {
  let from = 0;
  for (const match of text.slice(0, start).matchAll(SENTENCE_END)) from = match.index + match[0].length;
  return oneLine(text.slice(from, end));
}

/** The quotes of a reply, in order (at most DEBATE_QUOTES_PER_TURN); a word or two is not a quote. */
export function quotesIn(reply: string): TurnQuote[] {
  const quotes: TurnQuote[] = [];
  for (const match of reply.matchAll(QUOTE)) {
    const words = oneLine(match[1] ?? match[2] ?? match[3] ?? "");
    if (words.split(" ").length < 3) continue;
    quotes.push({
      n: Number(match[4]),
      text: cutTo(words, DEBATE_QUOTE_MAX_CHARS),
      sentence: sentenceAround(reply, match.index, match.index + match[0].length),
    });
    if (quotes.length === DEBATE_QUOTES_PER_TURN) break;
  }
  return quotes;
}

/** A text without its citations (api-client's grammar) and the space before each. */
export const withoutCitationMarks = (text: string): string => text.replace(new RegExp(`\\s?${citationPattern().source}`, "g"), "");

/** Lower case, one space, one kind of apostrophe, no ellipsis: how a quote is looked for in a passage. */
export function comparable(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[«»“”"]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the quote's words are the passage's: each piece around a '…' or '...' found as it is. */
export function quoteFound(quote: string, passage: string): boolean {
  const text = comparable(passage);
  const pieces = quote
    .split(/…|\.\.\./)
    .map((piece) => comparable(piece).replace(/^[\s.,;:]+|[\s.,;:]+$/g, ""))
    .filter(Boolean);
  return pieces.length > 0 && pieces.every((piece) => text.includes(piece));
}

/** What the bubble and the judge know of a turn argued from documents. */
export type TurnEvidence = {
  index: string;
  passages: CitedPassage[];
  /** The server's verdicts; null when they never came (the answer was cut off). */
  quotes: CheckedQuote[] | null;
  /** The server's seal on the verdicts, which the judge's call carries back. */
  seal: string | null;
};

/** How many quotes have each verdict. */
export function quoteCounts(quotes: readonly { status: QuoteStatus }[] | readonly QuoteStatus[]): Record<QuoteStatus, number> {
  const counts: Record<QuoteStatus, number> = { verified: 0, notFound: 0, unsupported: 0 };
  for (const quote of quotes) counts[typeof quote === "string" ? quote : quote.status] += 1;
  return counts;
}
