import {
  DEBATE_PASSAGES_PER_TURN,
  DEBATE_STREAM_EVENTS,
  type CitedPassage,
  type DebateTurnCall,
  type Settings,
  type TurnQuotes,
} from "@oystar/api-client";
import { cutTo, turnRole, withoutCitationMarks, type PromptPassage } from "@oystar/debate-engine/protocol";
import { planById } from "@oystar/plans-and-gates";
import type { User } from "../accounts/accounts";
import type { Database, Queryable } from "../db/database";
import {
  chooseIndexes,
  citedPassageOf,
  type Passage,
  placesOf,
  type RagEngine,
  type RagIndex,
  ragMessages,
  retrieve,
  searchPlanOf,
  usableIndexes,
} from "../rag";
import { namedEvent, type EvidenceFraming } from "./evidence-stream";
import { debateChargeMessages } from "./messages";
import { checkQuotes, lexicalRelevance, type QuoteRelevance, type QuoteSealer } from "./quote-check";

// issue 26 §2: a debate argued from the customer's documents (Business, Enterprise). Each turn
// the server retrieves passages for the side's thesis and the previous turn's claims from the
// index the call names — with the RAG engine, under the index policy of a RAG question (the
// caller's own index, or a shared one like the demo) — and numbers them in the prompt it builds.
// Retrieval is part of the turn: no question is charged, nothing is cached or stored.

/** Why a call may not argue from the index it names, as the caller reads it. */
export type DocumentsRefusal = { status: 403; error: string };

/**
 * The index a call may argue from: RAG plans only, and an index the caller may search — another
 * customer's and a missing one are refused alike (403, the same words as a RAG question), so
 * names cannot be probed.
 */
export async function debateIndex(
  db: Database,
  user: User,
  name: string,
): Promise<{ ok: true; index: RagIndex } | ({ ok: false } & DocumentsRefusal)> {
  if (!planById(user.plan).rag_enabled) return { ok: false, status: 403, error: debateChargeMessages.documentsPlanOnly };
  const choice = chooseIndexes([name], [], await usableIndexes(db, user.id), user.id);
  const index = choice.ok ? choice.indexes[0] : undefined;
  return index ? { ok: true, index } : { ok: false, status: 403, error: ragMessages.indexUnavailable(name) };
}

/** A passage's words in the prompt: enough to argue from; what is quoted is checked against the whole. */
const PROMPT_PASSAGE_CHARS = 1200;
/** How much of the previous turn the search reads: its claims, not its closing courtesies. */
const PREVIOUS_CLAIMS_CHARS = 500;

/** What a turn searches: its side's thesis, and what the other side claimed in the turn before. */
export function turnQuery(call: DebateTurnCall): string {
  const previous = withoutCitationMarks(call.history.at(-1)?.content ?? "");
  return `${turnRole(call).ownOption}\n${cutTo(previous, PREVIOUS_CLAIMS_CHARS)}`.trim();
}

/**
 * The passages of one turn: the RAG engine's retrieval with the admin's settings (no multi-query
 * or HyDE: they would ask a model), at most DEBATE_PASSAGES_PER_TURN of them.
 */
export async function turnPassages(
  engine: RagEngine,
  settings: Settings,
  index: RagIndex,
  call: DebateTurnCall,
  signal: AbortSignal,
): Promise<Passage[]> {
  const { retrieval } = searchPlanOf(settings);
  const options = {
    ...retrieval,
    topKReranker: Math.min(retrieval.topKReranker, DEBATE_PASSAGES_PER_TURN),
    queries: [turnQuery(call)],
    hypothetical: null,
  };
  return (await retrieve(engine, [index], options, signal)).slice(0, DEBATE_PASSAGES_PER_TURN);
}

/** The passages as the prompt lists them, numbered from 1, each cut to `chars`. */
export const promptPassages = (passages: readonly Passage[], chars = PROMPT_PASSAGE_CHARS): PromptPassage[] =>
  passages.map((passage, position) => ({
    n: position + 1,
    title: passage.title || passage.filename,
    page: passage.page,
    text: passage.text.length <= chars ? passage.text : cutTo(passage.text, chars),
  }));

/**
 * The passages as the client gets them — cited passages as a RAG answer's sources are (issue 38
 * §1), each under its own number — to name them and to open each in the source viewer.
 */
async function clientPassages(db: Queryable, passages: readonly Passage[]): Promise<CitedPassage[]> {
  const places = await placesOf(db, passages);
  return passages.map((passage, position) => citedPassageOf(passage, { noteNumber: position + 1, place: places.get(passage.chunkId) }));
}

/**
 * The events around the turn's answer: its passages first; after the answer, its quotes checked
 * against them and sealed for this debate and turn (debates/quote-check.ts).
 */
export async function turnEvidence(
  { engine, sealer, relevance = lexicalRelevance }: { engine: RagEngine; sealer: QuoteSealer; relevance?: QuoteRelevance },
  call: DebateTurnCall,
  index: RagIndex,
  passages: readonly Passage[],
  signal: AbortSignal = new AbortController().signal,
): Promise<EvidenceFraming> {
  return {
    opening: namedEvent(DEBATE_STREAM_EVENTS.passages, { index: index.name, passages: await clientPassages(engine.db, passages) }),
    async closing(answer) {
      // Issue 52 §2: each quote's passage must be about its claim, not merely hold its words.
      const quoted = passages.map((passage) => ({
        chunkId: passage.chunkId,
        text: passage.text,
        title: passage.title || passage.filename,
      }));
      const quotes = await checkQuotes(answer, quoted, relevance, signal);
      const seal = await sealer.seal({ debateId: call.debate_id, turn: call.turn, statuses: quotes.map((quote) => quote.status) });
      return namedEvent(DEBATE_STREAM_EVENTS.quotes, { quotes, seal } satisfies TurnQuotes);
    },
  };
}
