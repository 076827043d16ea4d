import { LOOP_REPEATS, REPLY_CAP_CHARS } from "./rules";

// spec 001 §5: "generation stops if the same chunk repeats 3 times or a reply exceeds 2000
// characters". The guard is pure data, so the state machine holds it and tests read it.

export type LoopGuard = {
  /** The reply so far, as it will be kept. */
  text: string;
  /** The last chunk that counts and how many times in a row it came. */
  lastChunk: string;
  repeats: number;
};

export type GuardStep = { guard: LoopGuard; tripped: "repeat" | "length" | null };

export const newLoopGuard = (): LoopGuard => ({ text: "", lastChunk: "", repeats: 0 });

/**
 * Only chunks with a letter or a digit count as repeats: an ellipsis or a rule streamed one
 * character at a time ("." "." ".") is writing, not a loop. Whitespace neither counts nor breaks
 * a run ("va bene\nva bene\nva bene" is a loop); punctuation breaks it ("molto, molto, molto" is
 * emphasis, and its chunks are not the same chunk in a row).
 */
const counts = (chunk: string) => /[\p{L}\p{N}]/u.test(chunk);
const breaksRun = (chunk: string) => chunk.trim().length > 0;

/** Adds a chunk. Once tripped, the turn stops and `guard.text` is what is worth keeping. */
export function guardChunk(guard: LoopGuard, chunk: string, options: { capChars?: number } = {}): GuardStep {
  const cap = options.capChars ?? REPLY_CAP_CHARS;
  let { lastChunk, repeats } = guard;
  if (counts(chunk)) {
    repeats = chunk === lastChunk ? repeats + 1 : 1;
    lastChunk = chunk;
  } else if (breaksRun(chunk)) {
    repeats = 0;
    lastChunk = "";
  }
  if (repeats >= LOOP_REPEATS) {
    // The third copy is dropped and the second taken back: the reply keeps the chunk once.
    return { guard: { text: dropLast(guard.text, chunk), lastChunk, repeats }, tripped: "repeat" };
  }
  const text = guard.text + chunk;
  if (text.length > cap) return { guard: { text: cutAtSentence(text, cap), lastChunk, repeats }, tripped: "length" };
  return { guard: { text, lastChunk, repeats }, tripped: null };
}

function dropLast(text: string, chunk: string): string {
  const end = text.trimEnd();
  return end.endsWith(chunk.trimEnd()) ? end.slice(0, end.length - chunk.trimEnd().length).trimEnd() : end;
}

/**
 * A reply over the cap keeps its whole sentences within it; without a sentence end in its second
 * half, it is cut at the last word.
 */
function cutAtSentence(text: string, cap: number): string {
  const head = text.slice(0, cap);
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("? "), head.lastIndexOf("! "), head.lastIndexOf(".\n"));
  if (sentenceEnd >= cap / 2) return head.slice(0, sentenceEnd + 1).trimEnd();
  const wordEnd = head.lastIndexOf(" ");
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).trimEnd()}…`;
}
