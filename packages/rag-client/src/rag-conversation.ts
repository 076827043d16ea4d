import { RAG_CONTEXT_CHARS, type SourceReference } from "@oystar/api-client";
import { contextUsage, type ChatMessage, type Conversation } from "@oystar/conversation";
import { ragMessages } from "./messages";

// spec 001 §3: the RAG conversation. Its messages are the floor's typed messages (so the floor's
// list and actions show them) whose sources are the numbered passages of the answer.

/** spec 001 §3 (source reference): one passage an answer was written from, under its document's number. */
export type RagSource = {
  /** The number the answer cites it by (`[n]`). */
  noteNumber: number;
  /** The passage's id in the index; a citation above 100 names it (spec 001 §5). */
  chunkId?: string;
  filename?: string;
  title?: string;
  url?: string;
  page?: number;
  /** Issue 34: a presentation's or workbook's slide or sheet, where a PDF has its page («Diapositiva 3»). */
  place?: string;
  /** The passage's opening, to recognise it under its document. */
  excerpt?: string;
  /** The server's word on whether the answer cites this passage (its document's number is shared). */
  cited?: boolean;
  /** 0–1, cited passages: how well it supports the sentences citing it times how fully it answers the question. */
  confidence?: number;
};

export type RagMessage = Omit<ChatMessage, "sources"> & {
  sources?: RagSource[];
  /** A summary that replaced the conversation before it, or an answer that failed. */
  kind?: "summary" | "error";
};

export type RagConversation = Omit<Conversation, "messages"> & { messages: RagMessage[] };

/** spec 001 §3: a fresh conversation, created when the screen opens (its id is a timestamp string). */
export function newRagConversation(now: number): RagConversation {
  return { id: String(now), messages: [], contextUsage: 0, createdAt: now };
}

let counter = 0;
/** A message id, unique in the page; an answer keeps the one it streamed under. */
export function newRagMessageId(now: number): string {
  counter += 1;
  return `rag-${now}-${counter}`;
}

/**
 * The sources of an event, numbered: strings (older servers) become a titled source, objects keep
 * what they carry; a source without its number takes its place in the list.
 */
export function normalizeSources(sources: ReadonlyArray<string | SourceReference>): RagSource[] {
  return sources.map((source, index) => {
    if (typeof source === "string") return { noteNumber: index + 1, title: source, ...(/^https?:\/\//i.test(source) ? { url: source } : {}) };
    const { filename, chunkId, url, title, noteNumber, confidence, excerpt, cited, place } = source;
    const page = typeof source.page === "number" ? source.page : undefined;
    return {
      noteNumber: noteNumber ?? index + 1,
      ...(chunkId !== undefined ? { chunkId: String(chunkId) } : {}),
      ...(filename ? { filename } : {}),
      ...(title ? { title } : {}),
      ...(url ? { url } : {}),
      ...(page !== undefined ? { page } : {}),
      ...(place ? { place } : {}),
      ...(excerpt ? { excerpt } : {}),
      ...(cited !== undefined ? { cited } : {}),
      ...(confidence !== undefined ? { confidence } : {}),
    };
  });
}

/** spec 001 §9: RAG context usage is the characters over 32000, as a percentage capped at 100. */
export function ragContextUsage(messages: readonly RagMessage[]): number {
  return contextUsage(messages as readonly ChatMessage[], RAG_CONTEXT_CHARS);
}

/** spec 001 §9: the summary covers the last 10 messages, each question by its first 50 characters. */
const SUMMARY_MESSAGES = 10;
const SUMMARY_QUESTION_CHARS = 50;
const SUMMARY_ANSWER_CHARS = 300;

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The automatic summary (spec 001 §4), when the server sent none: the recent questions and the
 * opening of the last answer, in the server's own format.
 */
export function conversationSummary(messages: readonly RagMessage[]): string {
  const recent = messages.filter((message) => !message.card && message.kind !== "error").slice(-SUMMARY_MESSAGES);
  const questions = recent.filter((message) => message.role === "user").map((message) => `- ${flat(message.content).slice(0, SUMMARY_QUESTION_CHARS)}`);
  const lastAnswer = recent.findLast((message) => message.role === "assistant" && message.kind !== "summary");
  return [
    `${ragMessages.summaryIntro}:`,
    "",
    ragMessages.summaryQuestions,
    ...questions,
    "",
    `${ragMessages.summaryLastAnswer} ${flat(lastAnswer?.content ?? "").slice(0, SUMMARY_ANSWER_CHARS)}`,
  ].join("\n");
}

/**
 * spec 001 §4: the conversation is replaced by a summary message. The exchange just answered
 * stays under it, so the answer the user is reading (and its sources) does not vanish; what came
 * before is only in the summary from now on.
 */
export function replaceWithSummary(conversation: RagConversation, summary: string, summaryMessage: RagMessage): RagConversation {
  const lastQuestion = conversation.messages.findLastIndex((message) => message.role === "user");
  const kept = lastQuestion >= 0 ? conversation.messages.slice(lastQuestion) : [];
  const messages = [summaryMessage, ...kept];
  return { ...conversation, messages, summary, contextUsage: ragContextUsage(messages) };
}
