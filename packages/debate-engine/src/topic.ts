import { cleanMessage, oneLine } from "./cleaning";
import { debateMessages } from "./messages";
import { asMidSentence } from "./mid-sentence";
import type { DebateMode, Speaker } from "./rules";

// spec 001 §3, §5: a debate's subject — the topic and the option each model defends.

export type DebateSubject = {
  mode: DebateMode;
  topic: string;
  /** The option Model A defends (affirms) and the one Model B defends (negating A's). */
  options: Record<Speaker, string>;
  /** Models named in the topic with Model-A="…" / Model-B="…", which override the chosen ones. */
  customModels: Partial<Record<Speaker, string>>;
};

/**
 * What the start screen gives (spec 001 §2): the DEBATE tab's two theses, one topic to parse (the
 * SINTESI tab, or a topic typed as one line), or the SFIDA tab's thesis to refute.
 */
export type DebateInput = { theses: readonly [string, string] } | { topic: string } | { thesis: string };

/**
 * spec 001 §5: separators, strongest first. The first one found (in this order) splits the topic
 * at its first occurrence; "o" comes last so that "Roma contro Milano o Torino" splits on
 * "contro". A separator must stand alone between spaces, so "o" inside "Torino" or "oppure" never
 * counts, and "vs." / "v.s." keep their dots.
 */
const SEPARATORS = ["contro", "versus", "vs.", "v.s.", "vs", "verso", "oppure", "o"] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const separatorPattern = (separator: string) => new RegExp(`(?<=\\s)${escapeRegExp(separator)}(?=\\s)`, "giu");

/** Punctuation around an option ("Mare o montagna?") is not part of it. */
const trimOption = (text: string) => text.replace(/^[\s,;:.!?«»"“”'-]+|[\s,;:.!?«»"“”'-]+$/gu, "");

const CUSTOM_MODEL = /Model-([AB])\s*=\s*(?:"([^"]*)"|“([^”]*)”)/giu;

/** spec 001 §5: `Model-A="…"` / `Model-B="…"` are taken out of the text and returned. */
export function extractCustomModels(text: string): { text: string; models: Partial<Record<Speaker, string>> } {
  const models: Partial<Record<Speaker, string>> = {};
  const rest = text.replace(CUSTOM_MODEL, (_match, speaker: string, plain?: string, curly?: string) => {
    const name = oneLine(plain ?? curly ?? "");
    if (name) models[speaker.toUpperCase() as Speaker] = name;
    return " ";
  });
  return { text: oneLine(rest), models };
}

/** spec 001 §5: the topic splits on a separator; otherwise in half, by words. */
export function splitTopic(topic: string): Record<Speaker, string> {
  const text = ` ${oneLine(topic)} `;
  for (const separator of SEPARATORS) {
    for (const match of text.matchAll(separatorPattern(separator))) {
      const a = trimOption(text.slice(0, match.index));
      const b = trimOption(text.slice(match.index + match[0].length));
      // "O la borsa o la vita": a separator that leaves one side empty is not the split.
      if (a && b) return { A: a, B: b };
    }
  }
  const words = trimOption(text).split(" ").filter(Boolean);
  if (words.length < 2) return { A: words.join(" "), B: debateMessages.oneWordCounterThesis(words.join(" ")) };
  const half = Math.ceil(words.length / 2);
  return { A: words.slice(0, half).join(" "), B: words.slice(half).join(" ") };
}

const clean = (text: string) => oneLine(cleanMessage(text));

/**
 * The subject of a debate from what the user typed, or null when something required is empty
 * (the screen then says 'Inserisci un tema per la discussione!'). Model names are taken out before
 * cleaning, so their quotes and dashes survive; the rest is cleaned like any message.
 */
export function debateSubject(input: DebateInput, mode: DebateMode = "debate"): DebateSubject | null {
  if ("theses" in input) {
    const a = extractCustomModels(input.theses[0]);
    const b = extractCustomModels(input.theses[1]);
    const options = { A: clean(a.text), B: clean(b.text) };
    if (!options.A || !options.B) return null;
    // Issue 27 §5: thesis B continues the sentence ("… contro le auto a benzina").
    return { mode, topic: `${options.A} contro ${asMidSentence(options.B)}`, options, customModels: { ...a.models, ...b.models } };
  }
  if ("thesis" in input) {
    const { text, models } = extractCustomModels(input.thesis);
    const thesis = trimOption(clean(text));
    if (!thesis) return null;
    return {
      mode: "challenge",
      topic: thesis,
      options: { A: thesis, B: debateMessages.challengeCounterThesis(asMidSentence(thesis)) },
      customModels: models,
    };
  }
  const { text, models } = extractCustomModels(input.topic);
  const topic = clean(text);
  if (!trimOption(topic)) return null;
  return { mode, topic, options: splitTopic(topic), customModels: models };
}

/** The raw texts of an input, to recognise the `*reset*` command in any of them. */
export const inputTexts = (input: DebateInput): string[] =>
  "theses" in input ? [...input.theses] : "thesis" in input ? [input.thesis] : [input.topic];
