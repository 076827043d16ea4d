import { RAG_CONTEXT_WARNING_PERCENT, type RagHistoryMessage, type StreamChunk } from "@oystar/api-client";
import { validateCitations, warningToAppend, type Validation, type ValidationSettings } from "./citation-validation";
import { hypotheticalPassage, questionVariations, streamAnswer, type Upstream } from "./model-calls";
import type { RagEngine } from "./rag-engine";
import { ragMessages } from "./messages";
import { extractiveAnswer } from "./offline-answer";
import { answerRequest, contextUsage, conversationSummary } from "./rag-prompt";
import type { RagIndex } from "./rag-store";
import { retrieve, type Passage, type RetrievalOptions } from "./retrieval";
import { understandQuestion, type Understanding } from "./understand-question";

// One RAG answer as the events of spec 001 §7 / DESIGN.md §5, in this order:
//   {sources}            the numbered passages, before the text
//   {chunk} …            the answer's text, as it is written
//   {chunk}              the citation warning note, once, when validation calls for it
//   {sources}            the same list with each cited source's `confidence` (replaces the first)
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

export type AskContext = { engine: RagEngine; upstream: Upstream | null; offlineCharsPerSecond: number };

type SourceEvent = { filename: string; chunkId: number; url?: string; title: string; noteNumber: number; page?: number; confidence?: number };

function sourcesOf(passages: readonly Passage[], validation: Validation | null): SourceEvent[] {
  return passages.map((passage, index) => {
    const confidence = validation?.confidenceBySource.get(index + 1);
    return {
      filename: passage.filename,
      chunkId: Number(passage.chunkId),
      ...(passage.url ? { url: passage.url } : {}),
      title: passage.title,
      noteNumber: index + 1,
      ...(passage.page !== null ? { page: passage.page } : {}),
      ...(confidence !== undefined ? { confidence: Math.round(confidence * 1000) / 1000 } : {}),
    };
  });
}

/** Multi-query and HyDE need a language model: with the offline one they are skipped. */
export async function expandQuestion(context: AskContext, plan: Pick<AskPlan, "multiQuery" | "hyde" | "llmModel">, question: string, signal: AbortSignal): Promise<{ queries: string[]; hypothetical: string | null }> {
  const queries = [question];
  let hypothetical: string | null = null;
  if (!context.upstream) return { queries, hypothetical };
  const upstream = context.upstream;
  const [variations, passage] = await Promise.all([
    plan.multiQuery ? questionVariations(upstream, plan.llmModel, question, plan.multiQuery.variations, signal).catch(() => [] as string[]) : [],
    plan.hyde ? hypotheticalPassage(upstream, plan.llmModel, question, signal).catch(() => null) : null,
  ]);
  queries.push(...variations);
  hypothetical = passage;
  return { queries, hypothetical };
}

/** The offline model's extractive answer, streamed at its steady rate (like the chat's). */
async function* offlineAnswer(text: string, charsPerSecond: number, signal: AbortSignal): AsyncGenerator<string> {
  const piece = Math.max(1, Math.round(charsPerSecond / 20));
  const pause = (1000 * piece) / charsPerSecond;
  for (let position = 0; position < text.length && !signal.aborted; position += piece) {
    yield text.slice(position, position + piece);
    if (position + piece < text.length) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

export async function* answerQuestion(context: AskContext, indexes: readonly RagIndex[], plan: AskPlan, signal: AbortSignal): AsyncGenerator<StreamChunk> {
  const { engine } = context;
  const understood = await understandQuestion(engine.db, indexes, plan.question, plan.understanding);
  const expanded = await expandQuestion(context, plan, understood.question, signal);
  const passages = await retrieve(engine, indexes, { ...plan.retrieval, ...expanded, fields: understood.fields }, signal);
  yield { sources: sourcesOf(passages, null) };

  let answer = "";
  if (passages.length === 0) {
    answer = context.upstream ? ragMessages.noPassages : `${ragMessages.offlineIntro}\n\n${ragMessages.noPassages}`;
    yield { chunk: answer };
  } else {
    const pieces = context.upstream
      ? streamAnswer(
          context.upstream,
          answerRequest({ model: plan.llmModel, systemPrompt: plan.systemPrompt, history: plan.history, question: plan.question, passages }),
          signal,
        )
      : offlineAnswer(extractiveAnswer(understood.question, passages), context.offlineCharsPerSecond, signal);
    for await (const piece of pieces) {
      answer += piece;
      yield { chunk: piece };
    }
  }
  if (signal.aborted) return;

  if (plan.validation && passages.length > 0) {
    const cited = passages.map((passage, index) => ({ noteNumber: index + 1, chunkId: passage.chunkId, text: passage.text }));
    const validation = await validateCitations(answer, cited, engine.embedder, plan.validation);
    const note = warningToAppend(answer, validation.warn);
    if (note) {
      answer += note;
      yield { chunk: note };
    }
    yield { sources: sourcesOf(passages, validation) };
  }

  const usage = contextUsage(plan.conversation, plan.question, answer);
  yield { contextUsage: usage };
  if (usage >= RAG_CONTEXT_WARNING_PERCENT) yield { summary: conversationSummary(plan.conversation, plan.question, answer) };
}
