import { createStore } from "zustand/vanilla";
import { conversationMessages } from "./messages";

/** spec 001 §9: speech in Italian, rate 0.9, pitch 1. */
export const SPEECH = { lang: "it-IT", rate: 0.9, pitch: 1 } as const;

/**
 * The prose of an answer, as a listener wants it: no code blocks, no Markdown symbols, link texts
 * without their addresses.
 */
export function speakableText(markdown: string): string {
  return (
    markdown
      // Code is for reading, not for listening.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\1[^\n]*|$)/gm, " ")
      .replace(/<[^>\n]+>/g, " ")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s*\[[^\]]+\]:.*$/gm, " ")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/^ {0,3}#{1,6}\s+/gm, "")
      .replace(/^ {0,3}>\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
      .replace(/^\s*\|?[\s:|-]*-[\s:|-]*$/gm, " ")
      .replace(/\|/g, ", ")
      .replace(/(\*\*|__|~~|\*|_)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/^ {0,3}([-*_])(?:\s*\1){2,}\s*$/gm, " ")
      .replace(/[ \t]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim()
  );
}

type Speech = Pick<SpeechSynthesis, "speak" | "cancel">;
type UtteranceFactory = (text: string) => SpeechSynthesisUtterance;

/**
 * Read aloud (spec 001 §4): one message at a time; pressing again on the message being read stops
 * it, pressing on another switches to it. The store says which message is being read.
 */
export function createReadAloud(speech: Speech | undefined, makeUtterance: UtteranceFactory | undefined) {
  const store = createStore<{ speakingId: string | null }>()(() => ({ speakingId: null }));
  const speaking = (id: string | null) => store.setState({ speakingId: id });
  return {
    supported: Boolean(speech && makeUtterance),
    store,
    /** Returns an alert for the user when the browser cannot speak. */
    toggle(id: string, markdown: string): string | null {
      if (!speech || !makeUtterance) return conversationMessages.speechUnsupported;
      const wasSpeaking = store.getState().speakingId;
      speech.cancel();
      speaking(null);
      if (wasSpeaking === id) return null;
      const utterance = makeUtterance(speakableText(markdown));
      Object.assign(utterance, SPEECH);
      const finished = () => {
        if (store.getState().speakingId === id) speaking(null);
      };
      utterance.onend = finished;
      utterance.onerror = finished;
      speaking(id);
      speech.speak(utterance);
      return null;
    },
    stop() {
      speech?.cancel();
      speaking(null);
    },
  };
}
export type ReadAloud = ReturnType<typeof createReadAloud>;
