import { RAG_CONTEXT_CHARS, type RagAskRequest, type StreamChunk } from "@oystar/api-client";
import { systemClock } from "@oystar/conversation";
import { citedPassage } from "@oystar/conversation/testing";
import type { AskStream } from "../ask-stream";
import type { RagDependencies } from "../rag-session";

// A world for stories: real timers and a server that answers from three passages about gardens,
// a few characters at a time, as the offline model does — so the screen can be seen working.

export const storySources = [
  citedPassage({
    filename: "giardino-di-boboli.md",
    chunkId: "1201",
    url: "https://giardini.example/boboli",
    title: "Il Giardino di Boboli a Firenze",
    noteNumber: 1,
    excerpt:
      "Il Giardino di Boboli si visita tutto l'anno; gli orari cambiano con le stagioni e il biglietto è spesso combinato con Palazzo Pitti…",
  }),
  citedPassage({
    filename: "limonaie.md",
    chunkId: "1344",
    url: "https://giardini.example/limonaie",
    title: "Limonaie e agrumi in vaso",
    noteNumber: 2,
    page: 3,
    excerpt: "D'inverno le limonaie ospitano gli agrumi in vaso, al riparo dal gelo…",
  }),
  citedPassage({
    filename: "villa-d-este.md",
    chunkId: "1410",
    title: "Villa d'Este a Tivoli",
    noteNumber: 3,
    excerpt: "Le cento fontane del viale…",
  }),
];

/** The sources after the answer: the first two cited, each with how far to trust it (issue 23 §4, §5). */
export const storyCheckedSources = storySources.map((source, index) => ({
  ...source,
  support: { cited: index < 2, confidence: index < 2 ? [0.86, 0.41][index]! : null },
}));

export const storyAnswer = [
  "Il Giardino di Boboli si visita tutto l'anno, con orari che cambiano con le stagioni [1].",
  "",
  "- Il biglietto è spesso combinato con Palazzo Pitti e va verificato sul sito ufficiale [1].",
  "- Le limonaie ospitano gli agrumi in vaso durante l'inverno [1344].",
].join("\n");

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export type StoryServer = {
  charsPerSecond?: number;
  /** The context usage the server reports after each answer (computed from the conversation otherwise). */
  contextUsage?: number;
};

export function storyAsk({ charsPerSecond = 400, contextUsage }: StoryServer = {}): AskStream {
  return async function* ask(request: RagAskRequest, signal: AbortSignal): AsyncGenerator<StreamChunk> {
    yield { sources: storySources };
    const piece = Math.max(1, Math.round(charsPerSecond / 20));
    for (let at = 0; at < storyAnswer.length && !signal.aborted; at += piece) {
      await pause(50, signal);
      yield { chunk: storyAnswer.slice(at, at + piece) };
    }
    // After the answer: which passages it cites, and how far to trust each (issue 23 §4, §5).
    yield { sources: storyCheckedSources };
    const characters =
      (request.chat_history ?? []).reduce((sum, message) => sum + message.content.length, 0) + request.question.length + storyAnswer.length;
    const usage = contextUsage ?? Math.min(100, Math.round((characters / RAG_CONTEXT_CHARS) * 100));
    yield { contextUsage: usage };
    if (usage >= 90)
      yield {
        summary: `Riepilogo della conversazione precedente:\n\nDomande:\n- ${request.question.slice(0, 50)}\n\nUltima risposta: ${storyAnswer.slice(0, 120)}`,
      };
  };
}

export function storyDependencies(server: StoryServer = {}): RagDependencies {
  return {
    ask: storyAsk(server),
    ...systemClock,
    refreshQuota: () => {},
  };
}
