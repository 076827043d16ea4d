import {
  contextUsage,
  RAG_CONTEXT_CHARS,
  RAG_CONTEXT_WARNING_PERCENT,
  ragConversationSummary,
  type CitedPassage,
  type RagHistoryMessage,
  type StreamChunk,
} from "@oystar/api-client";
import { answerEvidence, answersQuestion, type Evidence } from "./answer-evidence";
import { citedPassageOf, documentKeyOf } from "./cited-passage";
import { noteNumbersInRetrievalOrder, renumberCitations, type CitationRenumbering } from "./citation-numbering";
import { validateCitations, warningToAppend, type Validation, type ValidationSettings } from "./citation-validation";
import { hypotheticalPassage, questionVariations, streamAnswer, type QuestionCalls } from "./model-calls";
import type { RagEngine } from "../rag-engine";
import { ragMessages } from "../messages";
import { offlinePieces } from "../../llm/offline-model";
import { extractiveAnswer } from "./offline-answer";
import { articlesNotHeld } from "./articles-not-held";
import { actsOfCitedPassages, actsOfConversation, articlesAsked } from "../retrieve/reference-search";
import { answerRequest } from "./rag-prompt";
import type { RagIndex } from "../rag-store";
import { retrieve, type Passage, type RetrievalOptions } from "../retrieve/retrieval";
import { understandQuestion, type Understanding } from "../retrieve/understand-question";
import { ragSearchSeconds } from "../../observe/metrics";
import { placesOf } from "../viewer/passage-store";
import { required } from "../../required";

// One RAG answer as the events of spec 001 §7 / DESIGN.md §5, in this order:
//   {sources}            the passages, before the text, each under its document's number
//   {chunk} …            the answer's text, as it is written, its citations renumbered by document
//                        in the order the answer first cites them (citation-numbering.ts)
//   {chunk}              the citation warning note, once, when validation calls for it
//   {sources}            the final list (replaces the first): numbered as the text cites them,
//                        each passage's `support`: cited or not, cited ones with their `confidence`
// When the passages found do not answer the question (answer-evidence.ts), or the model says so,
// the answer is 'Non ho trovato questa informazione nei documenti dell'indice.' and the sources
// list is empty: nothing is shown as if it supported it. It is still one question.
//   {contextUsage}       characters of the conversation / 32000, in percent (≤ 100)
//   {summary}            from 90 %: a summary that replaces the conversation
// The route adds `event: end`, or `event: error` with `{error}`.

export type AskPlan = {
  question: string;
  /** What the model reads: the history cut to the settings' token budget. */
  history: RagHistoryMessage[];
  /** The conversation as the client holds it: what context usage and the summary measure. */
  conversation: RagHistoryMessage[];
  llmModel: string;
  systemPrompt: string;
  retrieval: Omit<RetrievalOptions, "queries" | "hypothetical" | "fields">;
  /** The settings' spell check and field extraction (understand-question.ts). */
  understanding: Understanding;
  multiQuery: { variations: number } | null;
  hyde: boolean;
  validation: ValidationSettings | null;
};

/** `model`: the question's calls to the model server on the gateway's road; null for the offline model. */
export type AskContext = { engine: RagEngine; model: QuestionCalls | null; offlineCharsPerSecond: number };

/**
 * The sources event: every passage under its document's number, sorted by that number. After the
 * answer, each says whether it was cited and its own figures (issue 52 §3): its retrieval score
 * against the best passage found, and, when checked, how well it supports the sentences citing it
 * (validation) — and that times how fully it answers the question (evidence), how far to trust it.
 * Each is made by the one mapper a debate's passages are made by too (cited-passage.ts).
 */
function sourcesOf(
  passages: readonly Passage[],
  numbers: readonly number[],
  places: ReadonlyMap<string, string>,
  after?: { cited: Set<number>; validation: Validation | null; evidence: Evidence },
): CitedPassage[] {
  const rounded = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
  // Issue 52 §3: each passage's own retrieval score, against the best the search found.
  const best = Math.max(0, ...passages.map((passage) => passage.score));
  const events = passages.map((passage, index) => {
    const cited = after?.cited.has(index + 1) === true;
    const support = after?.validation?.confidenceBySource.get(index + 1);
    const backing = cited && support !== undefined ? support : null;
    const confidence = backing === null || !after ? null : backing * answersQuestion(after.evidence.onTopic.get(passage.chunkId) ?? 0);
    return citedPassageOf(passage, {
      noteNumber: required(numbers[index], "a passage's note number"),
      place: places.get(passage.chunkId),
      support: after
        ? {
            cited,
            confidence: rounded(confidence),
            retrieval: best > 0 ? rounded(Math.max(0, passage.score) / best) : null,
            backing: rounded(backing),
          }
        : null,
    });
  });
  return events
    .map((event, position) => ({ event, position }))
    .sort((left, right) => left.event.noteNumber - right.event.noteNumber || left.position - right.position)
    .map(({ event }) => event);
}

/** Whether the model's answer is the 'not in the documents' one (it cites nothing then). */
export function saysNotInDocuments(answer: string): boolean {
  const flat = (text: string) =>
    text
      .replace(/\s+/g, " ")
      .replace(/[.\s]+$/, "")
      .trim()
      .toLowerCase();
  return !/\[\d/.test(answer) && flat(answer).includes(flat(ragMessages.notInDocuments));
}

/** Multi-query and HyDE need a language model: with the offline one they are skipped. */
export async function expandQuestion(
  context: AskContext,
  plan: Pick<AskPlan, "multiQuery" | "hyde" | "llmModel">,
  question: string,
  signal: AbortSignal,
): Promise<{ queries: string[]; hypothetical: string | null }> {
  const queries = [question];
  let hypothetical: string | null = null;
  const model = context.model;
  if (!model) return { queries, hypothetical };
  // Either failing (the model's failure, or its answer unreadable) leaves the question as it is.
  const [variations, passage] = await Promise.all([
    plan.multiQuery
      ? questionVariations(model, plan.llmModel, question, plan.multiQuery.variations, signal).catch(() => [] as string[])
      : [],
    plan.hyde ? hypotheticalPassage(model, plan.llmModel, question, signal).catch(() => null) : null,
  ]);
  queries.push(...variations);
  hypothetical = passage;
  return { queries, hypothetical };
}

async function* notInDocuments(text: string = ragMessages.notInDocuments): AsyncGenerator<StreamChunk> {
  yield { sources: [] };
  yield { chunk: text };
}

/** The answer's pieces as shown: renumbered citations (the model's own text is kept in `original`). */
async function* renumbered(
  pieces: AsyncIterable<string>,
  numbering: CitationRenumbering,
  original: { text: string },
): AsyncGenerator<string> {
  for await (const piece of pieces) {
    original.text += piece;
    const shown = numbering.next(piece);
    if (shown) yield shown;
  }
  const rest = numbering.flush();
  if (rest) yield rest;
}

/** What a question's search depends on: the question and the knobs of the plan that shape retrieval. */
export type SearchPlan = Pick<AskPlan, "question" | "retrieval" | "understanding" | "multiQuery" | "hyde" | "llmModel"> &
  Partial<Pick<AskPlan, "conversation">>;

/**
 * The passages a question finds: understood (spell check, fields), expanded by a model
 * (multi-query, HyDE), retrieved. The one road of /api/ask-stream, and of `pnpm rag search`,
 * `eval`, `abstention` and `bench rag` (answer/ask-road.ts): what they measure is what is served.
 * `question` is the question as searched (spell-checked, qualifiers out).
 */
export async function findPassages(
  context: AskContext,
  indexes: readonly RagIndex[],
  plan: SearchPlan,
  signal: AbortSignal,
): Promise<{ question: string; passages: Passage[] }> {
  const done = ragSearchSeconds.startTimer();
  try {
    return await findPassagesNow(context, indexes, plan, signal);
  } finally {
    done();
  }
}

async function findPassagesNow(
  context: AskContext,
  indexes: readonly RagIndex[],
  plan: SearchPlan,
  signal: AbortSignal,
): Promise<{ question: string; passages: Passage[] }> {
  const understood = await understandQuestion(context.engine.db, indexes, plan.question, plan.understanding);
  const expanded = await expandQuestion(context, plan, understood.question, signal);
  const conversation = plan.conversation ?? [];
  const conversationActs = actsOfConversation(conversation, await actsOfCitedPassages(context.engine.db, indexes, conversation));
  const passages = await retrieve(
    context.engine,
    indexes,
    { ...plan.retrieval, ...expanded, fields: understood.fields, conversationActs },
    signal,
  );
  return { question: understood.question, passages };
}

export async function* answerQuestion(
  context: AskContext,
  indexes: readonly RagIndex[],
  plan: AskPlan,
  signal: AbortSignal,
): AsyncGenerator<StreamChunk> {
  const { engine } = context;
  const { question: searched, passages } = await findPassages(context, indexes, plan, signal);
  // Evidence, not the mere presence of a passage, decides whether there is an answer to write.
  const evidence = await answerEvidence(engine.db, indexes, searched, passages);
  // Issue 49 §5: an article the documents do not hold is said to be missing, by its citation.
  const missing = articlesNotHeld(plan.question, passages);
  const asked = articlesAsked(plan.question).length;

  let answer = "";
  if (missing.length > 0 && missing.length === asked) {
    for await (const event of notInDocuments(missing.map((article) => ragMessages.articleNotInDocuments(article.citation)).join(" "))) {
      answer += event.chunk ?? "";
      yield event;
    }
  } else if (!evidence.answerable && !passages.some((passage) => passage.reference?.asked)) {
    // A passage found by the article's key is the evidence asked for, whatever words the question has (issue 49 §3).
    for await (const event of notInDocuments()) {
      answer += event.chunk ?? "";
      yield event;
    }
  } else {
    const passageKeys = passages.map((passage) => ({ chunkId: passage.chunkId, documentKey: documentKeyOf(passage) }));
    const places = await placesOf(engine.db, passages);
    yield { sources: sourcesOf(passages, noteNumbersInRetrievalOrder(passageKeys), places) };
    const numbering = renumberCitations(passageKeys);
    const original = { text: "" };
    const written = context.model
      ? streamAnswer(
          context.model,
          answerRequest({
            model: plan.llmModel,
            systemPrompt: plan.systemPrompt,
            history: plan.history,
            question: plan.question,
            passages,
          }),
          signal,
        )
      : offlinePieces(extractiveAnswer(searched, passages), context.offlineCharsPerSecond, signal);
    for await (const piece of renumbered(written, numbering, original)) {
      answer += piece;
      yield { chunk: piece };
    }
    if (signal.aborted) return;

    if (saysNotInDocuments(original.text)) {
      // The model found no answer in them: no passage is listed as if it supported one.
      yield { sources: [] };
    } else {
      let validation: Validation | null = null;
      if (plan.validation) {
        const cited = passages.map((passage, index) => ({ noteNumber: index + 1, chunkId: passage.chunkId, text: passage.text }));
        validation = await validateCitations(original.text, cited, engine.embedder, plan.validation);
        const note = warningToAppend(answer, validation.warn);
        if (note) {
          answer += note;
          yield { chunk: note };
        }
      }
      yield { sources: sourcesOf(passages, numbering.noteNumbers(), places, { cited: numbering.citedPassages(), validation, evidence }) };
    }
  }
  if (signal.aborted) return;

  // spec 001 §4, §9: the history, the question and this answer, measured and summed up as the browser would.
  const history = [...plan.conversation, { role: "user" as const, content: plan.question }];
  const usage = contextUsage([...history, { content: answer }], RAG_CONTEXT_CHARS);
  yield { contextUsage: usage };
  if (usage >= RAG_CONTEXT_WARNING_PERCENT) yield { summary: ragConversationSummary(history, answer) };
}
