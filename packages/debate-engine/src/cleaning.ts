import { MARKERS } from "@oystar/conversation";

// spec 001 §5: "Message cleaning strips non-Latin characters and special markers."

/** Special tokens some models leak into their text (`<|im_end|>`, `<|endoftext|>` …). */
const MODEL_TOKENS = /<\|[^|>\n]{0,40}\|>/g;
const CARD_MARKERS = new RegExp(`\\b(?:${Object.values(MARKERS).join("|")})\\b`, "g");

/**
 * What a debate keeps: Latin letters (Italian accented ones included), digits, punctuation,
 * currency and mathematical signs, the accents and symbols of ordinary writing, spaces and line
 * breaks. Everything else is noise: other scripts, emoji (the prompts forbid emoticons, spec 001
 * §1), their skin tones, joiners and variation selectors.
 */
const KEPT = /[\p{Script=Latin}\p{N}\p{P}\p{Sc}\p{Sm}\p{Sk}\p{Zs}\n]/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;

const isKept = (character: string) => KEPT.test(character) && !EMOJI.test(character);

/** A reply or a topic without markers and non-Latin noise, with its spacing tidied. */
export function cleanMessage(text: string): string {
  // Composed first, so an accent written as a combining mark stays on its letter (e + ̀ → è).
  const composed = text.normalize("NFC").replace(MODEL_TOKENS, " ").replace(CARD_MARKERS, " ");
  let kept = "";
  for (const character of composed) kept += isKept(character) ? character : " ";
  return kept
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One line: topics and options go into single-line fields of the prompt's brief. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** spec 001 §9: earlier messages are cut to 100 (200) characters in the prompt context. */
export function cutTo(text: string, limit: number): string {
  const line = oneLine(text);
  return line.length <= limit ? line : `${line.slice(0, limit - 1).trimEnd()}…`;
}
